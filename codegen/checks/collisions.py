"""Checks across every spec and the registry: no number or name may be claimed twice.

Every check groups its claims by key (or sweeps sorted intervals), so the pass is O(n log n) in
the number of claims at worst. Where claims are many, only the contested ones are built: a claim's
location and description cost more than its key. A finding names both places and, where one
exists, the fix.
"""

from __future__ import annotations

import array
import bisect
import difflib
import hashlib
import functools
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Sequence

from codegen.spec import dtypes
from codegen import families
from codegen.views import naming
from codegen.diagnostics import rules as R
from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc, Note
from codegen.spec.model import Attribute, NamedValue, OpSpec
from codegen.checks.numbering import BLOCK, NumberSpace
from codegen.spec.registry import Registry


class Claim(NamedTuple):
    """One owner's claim on a number, a number range or a name. (A tuple: checks make thousands.)"""

    key: object  # the contested value (an int, a name, or the low end of a range)
    loc: Loc
    owner: str
    high: int = 0  # ranges only: inclusive upper end
    what: str = ""  # how to describe the claim in a message
    allow: str = ""  # an owner this claim may overlap (registry `inside`)


# Ops whose spec is new or changed since the base revision (git HEAD, or `check --against REF`).
# A clash between a newcomer and an op that is already in the base is reported on the newcomer:
# renumbering shipped ABI is never the fix. None: unknown (no git), plain file order decides.
# The registry mirrors hipDNN's headers, so it is never the newcomer: against it, a spec is blamed.
_fresh: frozenset[str] | None = None
_ops: frozenset[str] = frozenset()


def _is_fresh(claim: Claim) -> bool:
    return _fresh is not None and claim.owner.split("#")[0] in _fresh


def _is_spec(claim: Claim) -> bool:
    return claim.owner.split("#")[0] in _ops


def _blame(later: Claim, first: Claim) -> tuple[Claim, Claim]:
    """(blamed, other): the newcomer when exactly one side is new or changed, else a spec rather
    than the registry, else the later claim in file order."""
    if _is_fresh(first) != _is_fresh(later):
        return (first, later) if _is_fresh(first) else (later, first)
    if _is_spec(first) and not _is_spec(later):
        return first, later
    return later, first


def _contested(keys: Iterable[object]) -> set[object]:
    """The keys given more than once: claims on any other key cannot clash, so need not be built."""
    return {key for key, count in Counter(keys).items() if count > 1}


def _pairs(claims: Iterable[Claim]) -> Iterator[tuple[Claim, Claim]]:
    """(later, first) for every claim whose key an earlier claim (by location) of another owner
    already holds, key by key in sorted order; only keys claimed more than once are sorted."""
    by_key: dict[Any, list[Claim]] = defaultdict(list)  # keys of one check share a type
    for claim in claims:
        by_key[claim.key].append(claim)
    for key in sorted(key for key, group in by_key.items() if len(group) > 1):
        first, *others = sorted(by_key[key], key=attrgetter("loc"))
        for claim in others:
            if claim.owner != first.owner:
                yield _blame(claim, first)


def _overlaps(claims: Iterable[Claim], allowed: Callable[[Claim, Claim], bool] | None = None) -> Iterator[tuple[Claim, Claim]]:
    """(later, earlier) for intervals that overlap an interval of another owner (sweep line);
    `allowed` says whether an overlap was declared (a registry `inside`, a spec's shared_ranges)."""
    ordered = sorted(claims, key=attrgetter("key", "high", "loc"))
    reach: Claim | None = None  # the interval seen so far that reaches furthest
    for claim in ordered:
        assert isinstance(claim.key, int)
        if reach is not None and claim.key <= reach.high and claim.owner != reach.owner:
            if not (allowed or _inside)(claim, reach):
                yield _blame(claim, reach)
        if reach is None or claim.high > reach.high:
            reach = claim


def _inside(a: Claim, b: Claim) -> bool:
    return a.allow == b.owner or b.allow == a.owner


def _report(
    rule: R.Rule,
    later: Claim,
    first: Claim,
    message: str,
    fix: str | None,
    replacement: object = None,
    edits: tuple[tuple[Loc, str], ...] = (),
    full: bool = False,
) -> Diagnostic:
    """A clash at `later`; `fix` is said in a note and carried as the finding's fix, with the text
    that replaces the value at `later` (`replacement`) and further `edits` when they are exact.
    `full`: the note says no number is free, which is no fix."""
    notes = [Note(f"{first.what or first.owner} claims it here", first.loc)]
    if fix:
        notes.append(Note(fix))
    structured = Fix(fix, replacement=None if replacement is None else str(replacement), edits=edits) if fix and not full else None
    return rule(later.loc, message, *notes, fix=structured)


class _Scope:
    """What the checks read: the specs in op order, the registry, and what is costly to derive."""

    def __init__(self, specs: list[OpSpec], registry: Registry | None, index: Mapping[str, Sequence[str]] | None = None):
        self.specs = sorted(specs, key=lambda s: s.op)
        self.registry = registry
        self.index = index or {}
        # each spec with its attributes, derived once (OpSpec.attributes() sorts on every call)
        self.attributes: list[tuple[OpSpec, tuple[Attribute, ...]]] = [(s, tuple(s.numbered())) for s in self.specs]

    @functools.cached_property
    def space(self) -> NumberSpace:
        """Every number taken, for the fixes that name a free one: built at the first finding that does."""
        return NumberSpace(self.specs, self.registry)


def check(
    specs: list[OpSpec], registry: Registry | None, fresh: frozenset[str] | None = None, index: Mapping[str, Sequence[str]] | None = None
) -> list[Diagnostic]:
    """Every cross-spec finding; `fresh` names the ops that are new or changed (blamed first).

    `index` ({op: folded_names(spec)}, any subset of the ops) holds what an earlier run derived
    from the specs that did not change since (the workspace cache keeps it by spec digest), so
    only the changed specs' names are derived again; the findings are the same with or without
    it (tests/test_collisions_index.py)."""
    global _fresh, _ops
    _fresh, _ops = fresh, frozenset(s.op for s in specs)
    try:
        scope = _Scope(specs, registry, index)
        found: list[Diagnostic] = []
        for check_one in (_attribute_ids, _ranges, _shared_ranges, _reserved, _attribute_names, _types, _node_types, _flatbuffers, _enums, _type_tags, _test_uids, _generated_names, _naming, _dtypes):
            found.extend(check_one(scope))
        return found
    finally:
        _fresh, _ops = None, frozenset()


def _dtypes(scope: _Scope) -> Iterator[Diagnostic]:
    for spec in scope.specs:
        yield from dtypes.check_registry(spec, scope.registry)


def _attribute_ids(scope: _Scope) -> Iterator[Diagnostic]:
    claims = [Claim(a.id, a.span.at("id"), s.op, a.id, f"{a.name} ({s.op})") for s, attributes in scope.attributes for a in attributes]
    if scope.registry is not None:
        for b in scope.registry.blocks:
            for low, high in b.used:
                claims.append(Claim(low, b.span.at("used"), b.owner, high, f"registry block {b.owner} ({low}-{high})"))
    by_op = {s.op: s for s in scope.specs}
    for later, first in _overlaps(claims):
        if later.owner not in by_op:  # registry vs registry: report at the registry entry
            yield _report(R.CHK_ATTRIBUTE_ID, later, first, f"attribute IDs {later.key}-{later.high} of {later.owner} are already used", None)
            continue
        free = scope.space.next_id(by_op[later.owner])
        fix = f"the next free ID in {later.owner}'s range is {free}" if free is not None else "the range is full"
        yield _report(R.CHK_ATTRIBUTE_ID, later, first, f"attribute ID {later.key} of {later.what} is already used", fix, free, full=free is None)


def _ranges(scope: _Scope) -> Iterator[Diagnostic]:
    claims = [Claim(s.attribute_range[0], s.range_span.loc, s.op, s.attribute_range[1], f"op {s.op}") for s in scope.specs]
    if scope.registry is not None:
        for b in scope.registry.blocks:
            claims.append(Claim(b.range[0], b.span.at("range"), b.owner, b.range[1], f"registry block {b.owner}", b.inside or ""))
    by_op = {s.op: s for s in scope.specs}
    aliases = {s.op: _aliases(s) for s in scope.specs}

    def declared(a: Claim, b: Claim) -> bool:
        """The overlap of a and b lies in a part one of them shares with the other, or a registry
        block says it lives inside the other (its owner, an op id or the op's token)."""
        names_a = aliases.get(a.owner, {a.owner.casefold()})
        names_b = aliases.get(b.owner, {b.owner.casefold()})
        if a.allow.casefold() in names_b or b.allow.casefold() in names_a:
            return True
        assert isinstance(a.key, int) and isinstance(b.key, int)
        low, high = max(a.key, b.key), min(a.high, b.high)
        for mine, other in ((a, names_b), (b, names_a)):
            spec = by_op.get(mine.owner)
            for share in spec.shared_ranges if spec else ():
                if share.owner.casefold() in other and share.range[0] <= low and high <= share.range[1]:
                    return True
        return False

    for later, first in _overlaps(claims, declared):
        assert isinstance(later.key, int)
        low, high = later.key, later.high
        block = scope.space.next_block()
        spec = by_op.get(later.owner)
        edits: tuple[tuple[Loc, str], ...] = ()
        if spec is not None and high - low < BLOCK:  # the whole range moves to the free block, its IDs with it
            edits = ((spec.range_span.loc, f"[{block}, {block + high - low}]"),)
            edits += tuple((a.span.at("id"), str(a.id - low + block)) for a in spec.attributes() if low <= a.id <= high)
        yield _report(
            R.CHK_RANGE_OVERLAP,
            later,
            first,
            f"attribute range [{low}, {high}] of {later.what} overlaps [{first.key}, {first.high}] of {first.what}",
            f"the next free {BLOCK}-block is [{block}, {block + BLOCK - 1}]",
            edits=edits,
        )


def _aliases(spec: OpSpec) -> set[str]:
    """The names another owner's declaration may use for an op: its id and its token (casefolded)."""
    return {spec.op.casefold(), spec.op.upper().casefold(), op_token(spec).casefold()} - {""}


def _shared_ranges(scope: _Scope) -> Iterator[Diagnostic]:
    """Each shared_ranges entry lies in the op's own range, names a known owner whose range (or
    declared block) really overlaps it, and, when that owner is a spec, is stated by both."""
    owners: dict[str, tuple[str, tuple[int, int], OpSpec | None]] = {}
    for block in scope.registry.blocks if scope.registry is not None else ():
        owners.setdefault(block.owner.casefold(), (f"registry block {block.owner}", block.range, None))
    for s in scope.specs:
        for alias in _aliases(s):
            owners[alias] = (f"op {s.op}", s.attribute_range, s)
    for s in scope.specs:
        low, high = s.attribute_range
        for share in s.shared_ranges:
            a, b = share.range
            loc = share.span.loc
            if not (low <= a <= b <= high):
                yield R.CHK_SHARED_RANGE(loc, f"shared range [{a}, {b}] of op {s.op} is not inside its attribute_range [{low}, {high}]")
                continue
            found = owners.get(share.owner.casefold())
            if found is None or found[2] is s:
                yield R.CHK_SHARED_RANGE(loc, f"shared range [{a}, {b}] of op {s.op} names '{share.owner}', which is neither another op nor a registry block owner")
                continue
            what, (other_low, other_high), other = found
            if other_high < a or b < other_low:
                yield R.CHK_SHARED_RANGE(loc, f"shared range [{a}, {b}] of op {s.op} does not overlap {what}'s range [{other_low}, {other_high}]; drop the entry")
                continue
            if other is not None and not any(o.owner.casefold() in _aliases(s) for o in other.shared_ranges):
                yield R.CHK_SHARED_RANGE(
                    loc,
                    f"op {s.op} shares [{a}, {b}] with op {other.op}, which does not state it back",
                    Note(f"add to {other.op}: shared_ranges: [{{with: {s.op}, range: [{a}, {b}]}}]", other.range_span.loc),
                )


def _reserved(scope: _Scope) -> Iterator[Diagnostic]:
    """Attribute IDs and type values may never reuse a reserved number; attribute ranges may not
    overlap a retired block (a reserved entry without a name)."""
    if scope.registry is None or not scope.registry.reserved:
        return
    kinds: dict[str, list[Claim]] = defaultdict(list)
    for r in scope.registry.reserved:
        claim = Claim(r.range[0], r.span.loc, "reserved", r.range[1], f"reserved ({r.reason})")
        kinds[r.kind].append(claim)
        if r.kind == "attribute_ids" and r.name is None:
            kinds["attribute_ranges"].append(claim)
    for s, attributes in scope.attributes:
        low, high = s.attribute_range
        kinds["attribute_ranges"].append(Claim(low, s.range_span.loc, s.op, high, f"attribute range of {s.op}"))
        for a in attributes:
            kinds["attribute_ids"].append(Claim(a.id, a.span.at("id"), s.op, a.id, f"attribute {a.name}"))
        dt, ot = s.descriptor_type, s.operation_type
        kinds["descriptor_types"].append(Claim(dt.value, dt.span.at("value"), s.op, dt.value, f"descriptor type {dt.name}"))
        kinds["operation_types"].append(Claim(ot.value, ot.span.at("value"), s.op, ot.value, f"operation type {ot.name}"))
    for kind, claims in sorted(kinds.items()):
        for later, first in _overlaps(claims):
            if "reserved" not in (later.owner, first.owner):
                continue  # overlaps between ops are reported by their own checks
            spec_claim, reserved = (later, first) if later.owner != "reserved" else (first, later)
            span = f"{spec_claim.key}" if spec_claim.key == spec_claim.high else f"[{spec_claim.key}, {spec_claim.high}]"
            yield _report(R.CHK_RESERVED, spec_claim, reserved, f"{spec_claim.what} {span} reuses a reserved number", None)


def _attribute_names(scope: _Scope) -> Iterator[Diagnostic]:
    registry = scope.registry.attributes if scope.registry is not None else ()
    contested = _contested([*(a.name for _, attributes in scope.attributes for a in attributes), *(v.name for v in registry)])
    claims = [Claim(a.name, a.span.at("attribute"), s.op, 0, f"op {s.op}") for s, attributes in scope.attributes for a in attributes if a.name in contested]
    claims += [Claim(v.name, v.span.loc, "registry", 0, "the registry") for v in registry]
    for later, first in _pairs(claims):
        yield _report(R.CHK_ATTRIBUTE_NAME, later, first, f"attribute name {later.key} is already used", None)


def _types(scope: _Scope) -> Iterator[Diagnostic]:
    for rule, attr, label in (
        (R.CHK_DESCRIPTOR_TYPE, "descriptor_type", "descriptor type"),
        (R.CHK_OPERATION_TYPE, "operation_type", "operation type"),
    ):
        named = [(getattr(s, attr), s.op) for s in scope.specs]
        if scope.registry is not None:
            named += [(v, "registry") for v in getattr(scope.registry, attr + "s")]
        values = _contested(v.value for v, _ in named)
        value_claims = [Claim(v.value, v.span.at("value"), owner, 0, f"{v.name}") for v, owner in named if v.value in values]
        for later, first in _pairs(value_claims):
            free = scope.space.next_value(getattr(scope.space, attr + "s"))
            yield _report(rule, later, first, f"{label} value {later.key} of {later.what} is already used", f"the next free {label} value is {free}", free)
        names = _contested(v.name for v, _ in named)
        name_claims = [Claim(v.name, v.span.at("name"), owner, 0, f"{label} of {owner}") for v, owner in named if v.name in names]
        for later, first in _pairs(name_claims):
            yield _report(rule, later, first, f"{label} name {later.key} is already used", None)


def _node_types(scope: _Scope) -> Iterator[Diagnostic]:
    named = [(s.node_type, s.op) for s in scope.specs if s.node_type is not None]
    if scope.registry is not None:
        named += [(v, "registry") for v in scope.registry.node_types]
    for later, first in _pairs([Claim(v.value, v.span.at("value"), owner, 0, v.name) for v, owner in named]):
        free = scope.space.next_value(scope.space.node_types)
        yield _report(R.CHK_NODE_TYPE, later, first, f"NodeType value {later.key} of {later.what} is already used", f"the next free NodeType value is {free}", free)
    for later, first in _pairs([Claim(v.name, v.span.at("name"), owner, 0, f"NodeType of {owner}") for v, owner in named]):
        yield _report(R.CHK_NODE_TYPE, later, first, f"NodeType name {later.key} is already used", None)


def _flatbuffers(scope: _Scope) -> Iterator[Diagnostic]:
    members = scope.registry.union_members if scope.registry is not None else ()
    tables = [Claim(s.flatbuffers.table, s.flatbuffers.span.at("table"), s.op, 0, f"op {s.op}") for s in scope.specs]
    tables += [Claim(m.name, m.span.loc, "registry", 0, "the registry") for m in members]
    for later, first in _pairs(tables):
        yield _report(R.CHK_FLATBUFFERS, later, first, f"FlatBuffers table {later.key} is already used", None)
    positions = [
        Claim(s.flatbuffers.union_position, s.flatbuffers.span.at("union_position"), s.op, 0, f"op {s.op}")
        for s in scope.specs
        if s.flatbuffers.union_position is not None
    ]
    positions += [Claim(m.value, m.span.loc, "registry", 0, f"{m.name} (registry)") for m in members]
    taken = {c.key for c in positions}
    free = max((int(str(k)) for k in taken), default=0) + 1
    for later, first in _pairs(positions):
        yield _report(R.CHK_FLATBUFFERS, later, first, f"NodeAttributes union position {later.key} is already used", f"the next free union position is {free}", free)


def _enums(scope: _Scope) -> Iterator[Diagnostic]:
    definitions = [(f.enum, s.op) for s in scope.specs for f in s.fields if f.enum is not None]
    claims = [Claim(e.name, e.span.loc, op, 0, f"enum {e.name} in {op}") for e, op in definitions]
    tables = {(op, e.name): tuple((v.name, v.value, v.sentinel) for v in e.values) for e, op in definitions}
    tags = {(op, e.name): e.type_tag for e, op in definitions}
    for later, first in _pairs(claims):
        a, b = tables[(later.owner, str(later.key))], tables[(first.owner, str(first.key))]
        if a != b or tags[(later.owner, str(later.key))] != tags[(first.owner, str(first.key))]:
            yield _report(R.CHK_ENUM_CONFLICT, later, first, f"enum {later.key} is described differently here", "make both value tables and type tags identical")
    tag_claims = [Claim(e.type_tag, e.span.at("type_tag"), e.name, 0, f"enum {e.name}") for e, op in definitions]
    for later, first in _pairs(tag_claims):
        yield _report(R.CHK_ENUM_CONFLICT, later, first, f"type tag {later.key} of enum {later.owner} belongs to another enum", None)
    # a field typed with hipDNN's own DataType describes the registry's DataType, value for value
    known = tuple((v.name, v.value) for v in scope.registry.data_types) if scope.registry is not None else ()
    for e, op in definitions:
        given = tuple((v.name, v.value) for v in e.values)
        if known and naming.is_data_type(e) and given != known:
            wrong = next((f"{n} = {v}" for (n, v) in given if (n, v) not in known), None)
            missing = next((f"{n} = {v}" for (n, v) in known if (n, v) not in given), None)
            what = f"{wrong} is not one of its values" if wrong else f"it lacks {missing}" if missing else "its values are in another order"
            yield R.CHK_ENUM_CONFLICT(
                e.span.at("values"),
                f"enum DataType ({naming.DATA_TYPE_SCHEMA}) is hipDNN's own and must list the registry's DataType exactly: {what}",
                Note("the registry's DataType", scope.registry.data_types[0].span.loc),  # type: ignore[union-attr]
                fix=Fix("copy the registry's data_types (names and values, in order) into the enum's values"),
            )
    # one spec introduces an enum (C header, tag, conversions); the others name its tag
    introductions = [Claim(e.name, e.new_tag.span.loc, s.op, 0, f"op {s.op}") for s in scope.specs for e in s.new_enums if e.new_tag is not None]
    for later, first in _pairs(introductions):
        yield _report(
            R.CHK_ENUM_CONFLICT, later, first, f"enum {later.key} is introduced to hipDNN by two specs",
            f"keep `type_tag: {{name, value}}` in one spec and write `type_tag: {tags[(later.owner, str(later.key))]}` in the other",
        )


def _type_tags(scope: _Scope) -> Iterator[Diagnostic]:
    """Type tags are hipDNN's names (HipdnnBackendAttributeType.h), read from the registry, or ones a
    spec introduces with a number: a tag neither lists would not compile (e.g. a missing `_EXT`),
    and an introduced tag must be new in name and number."""
    specs, registry = scope.specs, scope.registry
    firsts: dict[str, tuple[NamedValue, str]] = {}  # an enum introduced twice is CHK-ENUM-CONFLICT's
    for s in specs:
        for e in s.new_enums:
            if e.new_tag is not None:
                firsts.setdefault(e.name, (e.new_tag, s.op))
    introduced = list(firsts.values())
    named = introduced + [(v, "registry") for v in (registry.type_tags if registry else ())]
    for later, first in _pairs([Claim(v.value, v.span.at("value"), owner, 0, v.name) for v, owner in named]):
        free = scope.space.next_value(scope.space.type_tags)
        yield _report(R.CHK_TYPE_TAG, later, first, f"type tag value {later.key} of {later.what} is already used", f"the next free type tag value is {free}", free)
    described = {"registry": "the registry's type_tags"}
    for later, first in _pairs([Claim(v.name, v.span.at("name"), owner, 0, described.get(owner, f"op {owner}")) for v, owner in named]):
        known_tag = f"hipDNN already has this tag: name it (`type_tag: {later.key}`) instead of introducing it"
        yield _report(R.CHK_TYPE_TAG, later, first, f"type tag name {later.key} is already used", known_tag if first.owner == "registry" else None)
    if registry is None or not registry.type_tags:
        return
    known = {t.name for t in registry.type_tags} | {tag.name for tag, _ in introduced}
    for s in specs:
        for f in s.fields:
            if f.enum is not None and f.enum.introduced:
                continue
            tag, loc = (f.enum.type_tag, f.enum.span.at("type_tag")) if f.enum else (f.type.type_tag, f.span.at("type"))
            if tag and tag not in known:
                close = difflib.get_close_matches(tag, sorted(known), n=1)
                hint = f"; did you mean {close[0]}?" if close else ""
                fix = Fix(f"replace {tag} with {close[0]}", replacement=close[0]) if close else None
                yield R.CHK_TYPE_TAG(loc, f"type tag {tag} of field '{f.name}' is not in the registry's type_tags{hint}", fix=fix)


def _test_uids(scope: _Scope) -> Iterator[Diagnostic]:
    """Test UIDs are unique among the ops whose constants share a namespace (an op with a
    constants_namespace of its own, as hipDNN's batchnorm inference has, keeps its UIDs apart)."""
    groups: dict[str, list[OpSpec]] = defaultdict(list)
    for s in scope.specs:
        groups[naming.OpNames(s).constants_namespace].append(s)
    for namespace in sorted(groups):
        specs = groups[namespace]
        contested = _contested(t.uid for s in specs for t in s.test_tensors)
        claims = [Claim(t.uid, t.span.at("uid"), s.op, 0, f"tensor '{t.name}' of {s.op}") for s in specs for t in s.test_tensors if t.uid in contested]
        sizes = {s.op: len(s.test_tensors) for s in specs}
        by_op = {s.op: s for s in specs}
        for later, first in _pairs(claims):
            start = scope.space.next_uids(sizes[later.owner])
            fix = f"move {later.owner}'s test UIDs to the free block {start}-{start + sizes[later.owner] - 1}"
            edits = tuple((t.span.at("uid"), str(start + i)) for i, t in enumerate(by_op[later.owner].test_tensors))
            yield _report(R.CHK_TEST_UID, later, first, f"test UID {later.key} of {later.what} is already used", fix, edits=edits)


def generated_names(spec: OpSpec) -> Iterator[tuple[str, str, Loc]]:
    """(kind, name, where) for every identifier and file the generator emits for `spec`; a test
    constant in a constants_namespace of the op's own is named with that namespace."""
    scope = f"{spec.constants_namespace}::" if spec.constants_namespace else ""
    for kind, name, loc in _emitted_names(spec):
        yield kind, (scope + name if kind == "constant" else name), loc


def _emitted_names(spec: OpSpec) -> Iterator[tuple[str, str, Loc]]:
    names = naming.OpNames(spec)
    stem = spec.span.at("stem")
    yield "class", names.cls, stem
    yield "constants prefix", names.constants_prefix, stem
    yield "Python module", names.python_module, spec.span.loc
    headers = {naming.c_enum_header_path(e) for e in spec.new_enums}  # two specs introducing one enum: CHK-ENUM-CONFLICT
    for path in families.copied_paths(names):
        if path not in headers:
            yield "file", path, stem
    shared = {t.name for t in spec.test_tensors if t.shape}
    for t in spec.tensors:
        yield "constant", naming.uid_constant(names, t), t.span.at("name")
        if t.name not in shared:
            for constant in (naming.dims_constant(names, t), naming.strides_constant(names, t)):
                yield "constant", constant, t.span.at("name")
        yield "FlatBuffers field", f"{names.fbs_table}.{naming.tensor_uid_field(t)}", t.span.at("name")
    for t in spec.tensor_lists:
        yield "FlatBuffers field", f"{names.fbs_table}.{naming.tensor_uid_field(t)}", t.span.at("name")
        items = next((e.items for e in spec.test_lists if e.name == t.name), ())
        for index, item in enumerate(items):
            uid, dims, strides = naming.list_item_constants(names, t, index)
            for constant in (uid,) if item.shape else (uid, dims, strides):  # a shared shape's are yielded once below
                yield "constant", constant, t.span.at("name")
    for shape in spec.test_shapes:
        for constant in naming.shape_constants(names, shape.name):
            yield "constant", constant, shape.span.loc
    for f in spec.fields:
        if spec.has_field_constant(f.name):
            yield "constant", naming.field_constant(names, f), f.span.at("name")
        yield "FlatBuffers field", f"{names.fbs_table}.{f.name}", f.span.at("name")


# Names that become file names are compared ignoring case: on a case-insensitive file system
# (macOS, Windows) LayerNorm... and Layernorm... are one file.
_FILE_KINDS = frozenset({"file", "Python module"})
# A clash of one of these means two ops share a stem; their per-tensor clashes follow from it.
_STEM_KINDS = frozenset({"class", "constants prefix", "file", "Python module"})


@dataclass(frozen=True)
class _Generated:
    """What a generated-name claim stands for (kept beside the claim, keyed by its identity)."""

    kind: str
    name: str
    op: str


def folded_names(spec: OpSpec) -> tuple[str, ...]:
    """Every name the generator emits for `spec`, case-folded: the index of generated names a
    workspace keeps per spec (a name two specs share is the only one that can clash). Depends on
    the spec and the surfaces the workspace skips."""
    return tuple(name.casefold() for _, name, _ in generated_names(spec))


def _generated_names(scope: _Scope) -> Iterator[Diagnostic]:
    # Only names equal ignoring case (as file names are compared) can clash: claims are built for
    # those alone, listing again the names of the few specs that have one. An unchanged spec's
    # names come from the index.
    folded = [scope.index[s.op] if s.op in scope.index else folded_names(s) for s in scope.specs]
    contested = _contested(name for names in folded for name in names)
    claims = []
    meta: dict[int, _Generated] = {}
    for s, names in zip(scope.specs, folded):
        if contested.isdisjoint(names):
            continue
        for index, (kind, name, loc) in enumerate(generated_names(s)):
            if name.casefold() in contested:
                # The index keeps two claims of one op distinct, so clashes inside an op are found too.
                key = (kind in _FILE_KINDS, name.casefold() if kind in _FILE_KINDS else name)
                claim = Claim(key, loc, f"{s.op}#{index}", 0, f"{kind} {name} of {s.op}")
                meta[id(claim)] = _Generated(kind, name, s.op)
                claims.append(claim)
    clashes = list(_pairs(claims))

    def ops(pair: tuple[Claim, Claim]) -> frozenset[str]:
        return frozenset(meta[id(c)].op for c in pair)

    stem_clashes: dict[frozenset[str], tuple[Claim, Claim]] = {}
    telling = sorted(clashes, key=lambda pair: meta[id(pair[0])].kind not in _FILE_KINDS)  # stable: file clashes first
    for pair in telling:  # one finding per pair of ops sharing a stem: the most telling one
        if meta[id(pair[0])].kind in _STEM_KINDS and len(ops(pair)) == 2:
            stem_clashes.setdefault(ops(pair), pair)
    for later, first in clashes:
        pair_ops = ops((later, first))
        if pair_ops in stem_clashes and stem_clashes[pair_ops] != (later, first):
            continue
        was, now = meta[id(first)], meta[id(later)]
        if now.kind in _FILE_KINDS and now.name != was.name:
            message = f"generated {later.what} differs only in letter case from {was.kind} {was.name}; the files collide on case-insensitive file systems"
            yield _report(R.CHK_GENERATED_NAME, later, first, message, "rename the stem")
            continue
        yield _report(R.CHK_GENERATED_NAME, later, first, f"generated {later.what} clashes with another generated name", "rename the stem, tensor or field")
    pascal = functools.cache(naming.pascal)  # tensor and field names recur from spec to spec
    for s in scope.specs:  # x_1 and x1 are distinct names but both become X1 in getX1Desc, setX1, ...
        seen: dict[str, tuple[str, Loc]] = {}
        for name, loc in [(t.name, t.span.at("name")) for t in s.all_tensors] + [(f.name, f.span.at("name")) for f in s.fields]:
            word = pascal(name)
            if word in seen and seen[word][0] != name:
                yield R.CHK_GENERATED_NAME(
                    loc,
                    f"'{name}' and '{seen[word][0]}' both become {word} in generated C++ names (get{word}Desc, set{word}, ...)",
                    Note(f"'{seen[word][0]}' is here", seen[word][1]),
                    Note(f"rename '{name}'"),
                    fix=Fix(f"rename '{name}'"),
                )
            seen.setdefault(word, (name, loc))
    for s in scope.specs:
        if s.op in naming.MIRROR_MODULES:
            yield R.CHK_GENERATED_NAME(s.span.loc, f"op id '{s.op}' clashes with the generated Python module {s.op}; rename the spec file", fix=Fix("rename the spec file"))


_WORD_EQUIVALENTS = (("BACKWARD", "BWD"), ("FORWARD", "FWD"))


def _same_op_words(a: str, b: str) -> bool:
    for long, short in _WORD_EQUIVALENTS:
        a, b = a.replace(long, short), b.replace(long, short)
    return a == b


def op_token(spec: OpSpec) -> str:
    """`LAYERNORM_BACKWARD` from HIPDNN_BACKEND_OPERATION_LAYERNORM_BACKWARD_DESCRIPTOR_EXT."""
    match = re.fullmatch(r"HIPDNN_BACKEND_OPERATION_(.+)_DESCRIPTOR(_EXT)?", spec.descriptor_type.name)
    return match.group(1) if match else ""


def _naming(scope: _Scope) -> Iterator[Diagnostic]:
    # An op the registry lists under `specs:` had its entries handed over from a hipDNN checkout
    # (add-op's handoff): its names are hipDNN's, which naming warnings never question.
    adopted = frozenset(scope.registry.specs) if scope.registry is not None else frozenset()
    for s, attributes in scope.attributes:
        if s.op in adopted:
            continue
        op = op_token(s)
        tensor_prefix, param_prefix = f"HIPDNN_ATTR_OPERATION_{op}_", f"HIPDNN_ATTR_{op}_"
        for a in attributes:  # tensors first, then fields and the compute type
            if a.kind == "tensor":
                if not a.name.startswith(tensor_prefix):
                    yield R.CHK_NAMING_PREFIX(a.span.at("attribute"), f"tensor attribute {a.name} should start with {tensor_prefix}")
            elif not a.name.startswith((param_prefix, tensor_prefix)):
                yield R.CHK_NAMING_PREFIX(a.span.at("attribute"), f"attribute {a.name} should start with {param_prefix}")
        match = re.fullmatch(r"HIPDNN_OPERATION_TYPE_(.+?)(_EXT)?", s.operation_type.name)
        if match and not _same_op_words(match.group(1), op):
            yield R.CHK_NAMING_PREFIX(
                s.operation_type.span.at("name"),
                f"operation type {s.operation_type.name} does not name the op {op} (BWD/BACKWARD and FWD/FORWARD count as equal)",
            )
        names: list[tuple[str, Loc]] = [(a.name, a.span.at("attribute")) for a in attributes]
        names += [(s.descriptor_type.name, s.descriptor_type.span.at("name")), (s.operation_type.name, s.operation_type.span.at("name"))]
        with_ext = [n for n, _ in names if n.endswith("_EXT")]
        # with cuDNN parity recorded the SPEC-CUDNN-EXT-* checks decide each name exactly
        if s.cudnn is None and with_ext and len(with_ext) != len(names):
            for name, loc in names:
                if not name.endswith("_EXT"):
                    yield R.CHK_EXT_SUFFIX(
                        loc,
                        f"{name} has no _EXT while {len(with_ext)} other name(s) of {s.op} have it; omit _EXT only for names cuDNN defines",
                    )



class Record(NamedTuple):
    """What one spec contributes to the checks across specs, as plain values (kept in the workspace
    cache by the spec's key and the registry's): enough to tell, without any model, that the full
    pass over every spec has nothing to report (`clean`)."""

    alone: bool  # check() over this spec and the registry alone reports nothing
    op: str
    low: int  # attribute_range
    high: int
    claims: bytes  # a CLAIM_BYTES digest of each number and name it claims that no other spec may (kind-tagged; sorted, distinct)
    aliases: tuple[str, ...]  # _aliases(spec), sorted
    shares: tuple[str, ...]  # the owners its shared_ranges name, casefolded

    @classmethod
    def plain(cls, value: object) -> "Record | None":
        """A record from its marshalled tuple; None when it is not of that form."""
        if not (isinstance(value, tuple) and len(value) == 7):
            return None
        alone, op, low, high, claims, aliases, shares = value
        if not (isinstance(alone, bool) and isinstance(op, str) and type(low) is int and type(high) is int):
            return None
        if type(claims) is not bytes or len(claims) % CLAIM_BYTES:
            return None
        if not all(type(group) is tuple and set(map(type, group)) <= {str} for group in (aliases, shares)):
            return None
        return cls(alone, op, low, high, claims, aliases, shares)


CLAIM_BYTES = 8  # a claim's digest: equal claims give equal digests; two unequal ones sharing one only cost the full pass


def record(spec: OpSpec, registry: Registry | None, names: Sequence[str] | None = None) -> Record:
    """The spec's Record (`names`: its folded_names, when known). Each claim is what one check
    groups by, tagged with the check's kind, so two specs giving one tag the same value is exactly
    a key two owners would share."""
    names = folded_names(spec) if names is None else names
    claims: set[str] = set()
    for a in spec.numbered():
        claims.update((f"id {a.id!r}", f"attribute {a.name}"))
    for tag, named in (("descriptor", spec.descriptor_type), ("operation", spec.operation_type), ("node", spec.node_type)):
        if named is not None:
            claims.update((f"{tag} value {named.value!r}", f"{tag} name {named.name}"))
    claims.add(f"table {spec.flatbuffers.table}")
    if spec.flatbuffers.union_position is not None:
        claims.add(f"union {spec.flatbuffers.union_position!r}")
    for f in spec.fields:
        if f.enum is not None:
            claims.update((f"enum {f.enum.name}", f"enum tag {f.enum.type_tag!r}"))
    for e in spec.new_enums:
        if e.new_tag is not None:
            claims.update((f"tag value {e.new_tag.value!r}", f"tag name {e.new_tag.name}"))
    claims.update(f"uid {t.uid!r}" for t in spec.test_tensors)
    claims.update(f"generated {name}" for name in names)
    digests = sorted({hashlib.blake2b(claim.encode("utf-8", "surrogateescape"), digest_size=CLAIM_BYTES).digest() for claim in claims})
    low, high = spec.attribute_range
    return Record(
        not check([spec], registry, None, {spec.op: names}), spec.op, low, high, b"".join(digests), tuple(sorted(_aliases(spec))),
        tuple(sorted({share.owner.casefold() for share in spec.shared_ranges})),
    )


def clean(records: Sequence[Record], registry: Registry | None) -> bool:
    """True only when check() over the specs these records stand for (with `registry`, made with
    the same) reports nothing; False when it may report something (then the full pass decides).

    Why it is sound: every finding of the full pass is either one check() over that spec and the
    registry alone reports too (`alone`), or comes from two specs claiming the same key (`claims`),
    overlapping attribute ranges, or a spec's shared range naming another spec. Attribute ranges
    are conservative: any overlap of a spec's range with another spec's or a registry block's
    counts (an isolated interval changes nothing in the sweeps), and so does a registry block owned
    by a spec's op id (its overlaps would be judged by that spec's shared ranges). The sweeps over
    numbers (_overlaps) report something whenever two owners' intervals overlap and nothing allows
    it, so an overlap with the registry, or within it, shows in `alone` already."""
    if not records or not all(r.alone and r.low <= r.high for r in records):
        return False
    ops = {r.op for r in records}
    blocks = registry.blocks if registry is not None else ()
    if any(b.owner in ops or not b.owner for b in blocks):
        return False
    intervals = [b.range for b in blocks] + [u for b in blocks for u in b.used] + [r.range for r in (registry.reserved if registry is not None else ())]
    if any(low > high for low, high in intervals):  # the sweeps' reasoning above holds for intervals as written
        return False
    claimed = array.array("Q")
    for r in records:
        claimed.frombytes(r.claims)
    if len(set(claimed)) != len(claimed):  # two specs claim one key (or two keys share a digest: the full pass decides)
        return False
    spans = sorted((r.low, r.high) for r in records)
    for (_, high), (low, _) in zip(spans, spans[1:]):
        if low <= high:
            return False
    highs = [high for _, high in spans]
    for b in blocks:
        at = bisect.bisect_left(highs, b.range[0])  # the first spec range not ending before the block
        if at < len(spans) and spans[at][0] <= b.range[1]:
            return False
    named: dict[str, str] = {}
    for r in records:
        for alias in r.aliases:
            if named.setdefault(alias, r.op) != r.op:
                return False  # two specs answering to one name: shared ranges would be ambiguous
    return all(named.get(owner, r.op) == r.op for r in records for owner in r.shares)
