"""add-op for an op a hipDNN checkout (or, without one, the registry) already defines: take its
names and numbers instead of allocating them.

Each of the draft's items (tensors, fields, the compute type) and types (descriptor type, operation
type, NodeType, the table's place in graph.fbs's `NodeAttributes` union) is paired with the
checkout's name for it: the derived name, else one whose op part names the op and whose own part
names the item (`_XDESC`, `_SCALE_DESC`, `_MATH_PREC`, `BATCHNORM_INF`, with or without
`OPERATION_` and `_EXT`). Nothing paired: the op is new and numbers are allocated as usual.
Otherwise what is paired is adopted under the checkout's spelling, what is not is allocated (in the
op's block for attributes), and each real mismatch (a paired name whose number cannot be the op's)
is one HDR-CONFLICT with both places. The registry's entries for the op pass to the new spec
(`handoff`), and nested blocks the checkout declares become the spec's `shared_ranges`.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from codegen.hipdnn import hipdnn_headers
from codegen.views import naming
from codegen.diagnostics import rules as R
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note, SpecError
from codegen.checks.numbering import BLOCK, EXTENSION_AREA, NumberSpace
from codegen.spec.registry import Registry
from codegen.spec.model import NamedValue, OpSpec
from codegen.hipdnn.scaffold import Draft

GRAPH_FBS = hipdnn_headers.GRAPH_FBS
UNION = hipdnn_headers.UNION
UnionMember = hipdnn_headers.UnionMember


NODE_TYPE_HPP = "frontend/include/hipdnn_frontend/node/NodeType.hpp"
SYNONYMS = {"BWD": "BACKWARD", "FWD": "FORWARD"}  # words hipDNN spells both ways in one op's names


@dataclass
class Checkout:
    """The numbers a checkout defines, by name, with where each is defined."""

    root: str
    headers: dict[str, str]  # kind -> shown path
    entries: dict[str, dict[str, hipdnn_headers.Entry]]  # kind -> name -> entry
    union: dict[str, UnionMember] | None  # None: the checkout has no graph.fbs
    graph: str  # shown path of graph.fbs
    union_loc: Loc | None = None  # where the NodeAttributes union starts
    ranges: list[tuple[int, int, str, Loc]] = field(default_factory=list)  # the declared attribute ranges (low, high, owner)
    node_types: dict[str, hipdnn_headers.Entry] | None = None  # None: the checkout has no NodeType.hpp
    node_type_path: str = ""
    what: str = "the hipDNN checkout"  # how lines name it


def read(root: Path, display: Callable[[Path], str]) -> Checkout:
    from codegen.hipdnn.registry_import import range_owner, range_span

    headers = hipdnn_headers.find_headers(root)  # UsageError when the checkout lacks them
    entries: dict[str, dict[str, hipdnn_headers.Entry]] = {}
    ranges: list[tuple[int, int, str, Loc]] = []
    for kind, path in headers.items():
        text = hipdnn_headers.read_source(root, path)
        parsed = hipdnn_headers.parse_enums(text, display(path))
        entries[kind] = {e.name: e for e in parsed}
        if kind == "attribute":
            ranges = [(*range_span(r), range_owner(r), r.loc) for r in hipdnn_headers.parse_range_list(text.replace("\r\n", "\n"), display(path))]
    hipdnn_dir = headers["attribute"].parent.parent.parent  # <root>/backend/include/<header>
    graph_path = hipdnn_dir / GRAPH_FBS
    union, union_loc = None, None
    if graph_path.is_file():
        text = hipdnn_headers.read_source(root, graph_path)
        union = hipdnn_headers.union_members(text, display(graph_path))
        union_loc = hipdnn_headers.union_loc(text, display(graph_path))
    node_path = hipdnn_dir / NODE_TYPE_HPP
    node_types = None
    if node_path.is_file():
        parsed = hipdnn_headers.parse_enums(hipdnn_headers.read_source(root, node_path), display(node_path))
        node_types = {e.name: e for e in parsed if e.alias_of is None}
    return Checkout(
        display(root), {k: display(p) for k, p in headers.items()}, entries, union, display(graph_path), union_loc,
        ranges, node_types, display(node_path),
    )


def from_registry(registry: Registry) -> Checkout:
    """The registry read as a checkout: add-op without --hipdnn-root adopts what it holds for an op."""

    def named(values: tuple[NamedValue, ...]) -> dict[str, hipdnn_headers.Entry]:
        return {v.name: hipdnn_headers.Entry(v.name, v.value, v.span.loc) for v in values}

    entries = {"attribute": named(registry.attributes), "descriptor type": named(registry.descriptor_types), "operation type": named(registry.operation_types)}
    union = {m.name: UnionMember(m.name, m.value, m.span.loc) for m in registry.union_members}
    ranges = [(b.range[0], b.range[1], b.owner, b.span.loc) for b in registry.blocks]
    node_types = named(registry.node_types) if registry.node_types else None
    path = registry.path
    return Checkout(path, {k: path for k in entries}, entries, union if union else None, path, None, ranges, node_types, path, what="the registry")


# --- which of the checkout's names are the op's ----------------------------------------------------


def _words(token: str) -> list[str]:
    return [SYNONYMS.get(w, w) for w in token.split("_") if w]


def names_op(prefix: str, ops: set[str]) -> bool:
    """Whether a name's op part (`BATCHNORM_INF`, `RMSNORM_BWD`) names the op of one of the tokens
    `ops`: the same words (BWD/BACKWARD, FWD/FORWARD alike, underscores aside: RMSNORM is RMS_NORM),
    or word for word a prefix of them (hipDNN's INF for INFERENCE)."""
    words = _words(prefix.removesuffix("_EXT"))
    if not words:
        return False
    for op in ops:
        target = _words(op.removesuffix("_EXT"))
        if "".join(words) == "".join(target):
            return True
        if len(words) == len(target) and all(t.startswith(w) for w, t in zip(words, target)):
            return True
    return False


def op_tokens(draft: Draft) -> set[str]:
    """The op's token spelled from its stem, its id and the id's derived stem."""
    from codegen.hipdnn import scaffold

    return {draft.token, draft.op.upper(), scaffold.op_token(scaffold.derive_stem(draft.op))}


def _attribute_rest(name: str) -> str:
    """`HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_XDESC` -> `BLOCK_SCALE_QUANTIZE_XDESC`."""
    rest = name.removeprefix("HIPDNN_ATTR_")
    return rest.removeprefix("OPERATION_").removesuffix("_EXT")


def _suffixes(kind: str, item: str) -> tuple[str, ...]:
    token = item.upper()
    if kind == "tensor":  # hipDNN spells tensor attributes _X, _XDESC and _SCALE_DESC (_INPUTS for a list)
        return (f"_{token}", f"_{token}DESC", f"_{token}_DESC", f"_{token}S")
    if kind == "compute":  # the compute type: _COMP_TYPE, or cuDNN's _MATH_PREC
        return ("_COMP_TYPE", "_MATH_PREC")
    return (f"_{token}",)


def _candidates(kind: str, item: str, derived: str, names: dict[str, hipdnn_headers.Entry], ops: set[str]) -> list[hipdnn_headers.Entry]:
    """The checkout's attributes that name `item` of the op, the derived name first."""
    found = [names[derived]] if derived in names else []
    for entry in names.values():
        if entry.name == derived or entry.alias_of is not None:
            continue
        rest = _attribute_rest(entry.name)
        if any(rest.endswith(s) and names_op(rest[: -len(s)], ops) for s in _suffixes(kind, item)):
            found.append(entry)
        elif kind != "compute" and rest == item.upper() and any(rest.startswith(op + "_") for op in ops):
            found.append(entry)  # the item's name holds the op's: custom op's CUSTOM_OP_ID for custom_op_id
    return found[:1] + sorted(found[1:], key=lambda e: (e.value, e.name))


def _abbreviates(short: list[str], long: list[str]) -> bool:
    """Each word of `short` starts a later word of `long` than the one before, the last the last
    (`NEG_SCALE` abbreviates `IS_NEGATIVE_SCALE`)."""
    if not short or not long or not long[-1].startswith(short[-1]):
        return False
    at = 0
    for word in short[:-1]:
        while at < len(long) - 1 and not long[at].startswith(word):
            at += 1
        if at >= len(long) - 1:
            return False
        at += 1
    return True


def _abbreviations(item: str, names: dict[str, hipdnn_headers.Entry], ops: set[str]) -> list[hipdnn_headers.Entry]:
    """The op's attributes whose own part abbreviates the item's words, by value."""
    words = item.upper().split("_")
    found = []
    for entry in names.values():
        if entry.alias_of is not None:
            continue
        rest = _attribute_rest(entry.name).split("_")
        for cut in range(1, len(rest)):
            if names_op("_".join(rest[:cut]), ops) and _abbreviates(rest[cut:], words):
                found.append(entry)
                break
    return sorted(found, key=lambda e: (e.value, e.name))


def _type_entry(kind: str, derived: str, names: dict[str, hipdnn_headers.Entry], ops: set[str]) -> hipdnn_headers.Entry | None:
    """The checkout's descriptor type, operation type or NodeType of the op: the derived name, else
    one whose op part names the op (with or without _EXT)."""
    if derived in names:
        return names[derived]
    pattern = {
        "descriptor type": r"HIPDNN_BACKEND_OPERATION_(.+?)_DESCRIPTOR(?:_EXT)?",
        "operation type": r"HIPDNN_OPERATION_TYPE_(.+?)(?:_EXT)?",
        "NodeType": r"(.+?)(?:_EXT)?",
    }[kind]
    found = []
    for entry in names.values():
        match = re.fullmatch(pattern, entry.name)
        if match and entry.alias_of is None and names_op(match.group(1), ops):
            found.append(entry)
    return min(found, key=lambda e: (e.value, e.name)) if found else None


@dataclass
class Match:
    """What the checkout has for a draft: per item, the entry its name and number come from."""

    attributes: list[tuple[str, Loc, Callable[[str], None], Callable[[int], None], hipdnn_headers.Entry | None]]
    types: dict[str, hipdnn_headers.Entry | None]
    member: UnionMember | None
    fallback: str = ""  # the registry's path, when names were also looked up there
    by_position: list[str] = field(default_factory=list)  # names paired by their place in the block, for review

    @property
    def empty(self) -> bool:
        return not any(e for *_, e in self.attributes) and not any(self.types.values()) and self.member is None


def match(draft: Draft, checkout: Checkout, spec_loc: Loc, fallback: Checkout | None = None) -> Match:
    """Pair each of the draft's names with the checkout's name for it (the derived name, or the
    one hipDNN chose: _XDESC, _SCALE_DESC, _MATH_PREC, BATCHNORM_INF, with or without OPERATION_
    and _EXT), each checkout name used once; what the checkout lacks is looked up in `fallback`
    (the registry, written from another hipDNN commit)."""
    draft.name_attributes()
    ops = op_tokens(draft)
    at = lambda loc: loc or draft.loc or spec_loc  # noqa: E731
    items: list[tuple[str, str, str, Loc, Callable[[str], None], Callable[[int], None]]] = []
    for t in draft.tensors:
        items.append(("tensor", t.name, t.attribute, at(t.loc), functools.partial(setattr, t, "attribute"), functools.partial(setattr, t, "id")))
    for f in draft.fields:
        items.append(("field", f.name, f.attribute, at(f.loc), functools.partial(setattr, f, "attribute"), functools.partial(setattr, f, "id")))
    items.append(("compute", "", draft.compute_attribute, at(None), functools.partial(setattr, draft, "compute_attribute"), functools.partial(setattr, draft, "compute_id")))
    taken: set[str] = set()
    paired: list[list] = [[derived, loc, rename, assign, None] for _kind, _item, derived, loc, rename, assign in items]
    sources = [checkout] + ([fallback] if fallback is not None else [])
    for source in sources:
        attributes = source.entries["attribute"]
        for index, (kind, item, derived, *_rest) in enumerate(items):
            if paired[index][4] is None:
                entry = next((e for e in _candidates(kind, item, derived, attributes, ops) if e.name not in taken), None)
                if entry is not None:
                    taken.add(entry.name)
                    paired[index][4] = entry
        # what no name matched: the op's names left over that abbreviate the item (NEG_SCALE for is_negative_scale)
        for index, (kind, item, *_rest) in enumerate(items):
            if paired[index][4] is None and kind != "compute":
                entry = next((e for e in _abbreviations(item, attributes, ops) if e.name not in taken), None)
                if entry is not None:
                    taken.add(entry.name)
                    paired[index][4] = entry
    by_position = _by_position(items, paired, sources, taken)
    types: dict[str, hipdnn_headers.Entry | None] = {}
    for kind, derived, key in (("descriptor type", draft.descriptor_type[0], "descriptor type"), ("operation type", draft.operation_type[0], "operation type"), ("NodeType", draft.node_type[0], None)):
        found = None
        for source in sources:
            names = source.entries[key] if key is not None else source.node_types
            if found is None and names is not None:
                found = _type_entry(kind, derived, names, ops)
        types[kind] = found
    member = None
    for source in sources:
        if member is None and source.union is not None:
            member = source.union.get(draft.table) or next((m for m in source.union.values() if m.table.casefold() == draft.table.casefold()), None)
    return Match([tuple(p) for p in paired], types, member, fallback.root if fallback is not None else "", by_position)  # type: ignore[misc]


def _by_position(items: list, paired: list[list], sources: list[Checkout], taken: set[str]) -> list[str]:
    """Items no name matched, paired with the names of the op's block no item took, in order: the
    block's tensor names (`..._XDESC`, `..._DESC`) with the tensors, its other names with the fields,
    only when both sides count the same (reduction's `in`, `out` and `mode` are its `XDESC`, `YDESC`
    and `OPERATOR`). The pairs are listed for review."""
    present = [p[4] for p in paired if p[4] is not None]
    if not present:
        return []
    checkout = sources[0]
    low, high = _block(present, checkout)
    declared = [(a, b) for a, b, _, _ in checkout.ranges]
    # ranges nested in another declared range (dequantize's in quantize's) hold another op's names
    nested = [(a, b) for a, b in declared if low <= a and b <= high and any(c <= a and b <= d and (c, d) != (a, b) for c, d in declared)]
    inside = lambda v: low <= v <= high and not any(a <= v <= b for a, b in nested)  # noqa: E731
    leftover: dict[str, hipdnn_headers.Entry] = {}
    for source in sources:
        for entry in source.entries["attribute"].values():
            if entry.name not in taken and entry.alias_of is None and inside(entry.value) and entry.value not in {e.value for e in leftover.values()}:
                leftover.setdefault(entry.name, entry)
    lines = []
    for kind, is_kind in (("tensor", lambda e: e.name.endswith(("DESC", "DESC_EXT"))), ("field", lambda e: not e.name.endswith(("DESC", "DESC_EXT")))):
        want = [i for i, item in enumerate(items) if item[0] == kind and paired[i][4] is None]
        have = sorted((e for e in leftover.values() if is_kind(e)), key=lambda e: e.value)
        if not want or len(want) != len(have):
            continue
        for index, entry in zip(want, have):
            paired[index][4] = entry
            taken.add(entry.name)
            lines.append(f"  {kind} {items[index][1]}: {entry.name} = {entry.value} ({entry.loc})")
    return lines


# --- handing the registry's entries to the new spec -------------------------------------------------


@dataclass
class Handoff:
    """The registry without the entries the new spec takes over, and the lines they were on."""

    registry: Registry | None
    lines: list[int] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)
    used: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # a kept block's line: its `used` left


def handoff(draft: Draft, registry: Registry | None) -> Handoff:
    """The registry's entries for the op the draft now numbers pass to the spec, which is their
    source from now: entries of the same name, attributes of the same number inside the op's block,
    types, NodeTypes and union members of the same number whose name names the op (a registry
    written from another hipDNN commit spells them otherwise), and the block of the op's range."""
    if registry is None:
        return Handoff(None)
    ops = op_tokens(draft)
    low, high = draft.range
    ids = {i for i in [t.id for t in draft.tensors] + [f.id for f in draft.fields] + [draft.compute_id] if i and low <= i <= high}
    names = {t.attribute for t in draft.tensors} | {f.attribute for f in draft.fields} | {draft.compute_attribute}
    lines: list[int] = []

    def keep(values: tuple[NamedValue, ...], name: set[str], value: set[int], pattern: str | None) -> tuple[NamedValue, ...]:
        kept = []
        for v in values:
            own = pattern is None or ((m := re.fullmatch(pattern, v.name)) is not None and names_op(m.group(1), ops))
            if v.name in name or (v.value in value - {0} and own):  # 0 is no op's number (NONE, NOT_SET, UNKNOWN)
                lines.append(v.span.loc.line)
            else:
                kept.append(v)
        return tuple(kept)

    blocks, owners = [], []
    used: dict[int, list[tuple[int, int]]] = {}
    described = {v.value for v in registry.attributes if v.name in names} | ids
    for b in registry.blocks:
        inside = low <= b.range[0] and b.range[1] <= high
        if b.range == draft.range or (inside and all(v in described for a, z in b.used for v in range(a, z + 1))):
            lines.append(b.span.loc.line)  # the op's block, or one of its own inside it (a shared comp-type block)
            owners.append(b.owner)
        else:
            blocks.append(b)
    if owners:  # the block passes whole: its attributes go with it, so the spec must describe each
        left = [v for v in registry.attributes if low <= v.value <= high and v.name not in names and v.value not in ids]
        left = [v for v in left if not any(b.range[0] <= v.value <= b.range[1] for b in blocks)]  # a nested block keeps its own
        passing = [b for b in registry.blocks if b.owner in owners]
        if left and all(b.owner.startswith("SHARED_") for b in passing):
            # a shared descriptor block several ops use (resample's 3400-3499, which also holds resample
            # backward's own attributes): it stays the registry's, the spec states the share, and only the
            # attributes the op describes pass
            lines = [line for line in lines if line not in {b.span.loc.line for b in passing}]
            for b in passing:  # the numbers the op takes leave the block's `used`
                rest = sorted(v for a, z in b.used for v in range(a, z + 1) if v not in described)
                spans = [[v, v] for v in rest[:1]]
                for v in rest[1:]:
                    if v == spans[-1][1] + 1:
                        spans[-1][1] = v
                    else:
                        spans.append([v, v])
                used[b.span.loc.line] = [(a, z) for a, z in spans]
                blocks.append(dataclasses.replace(b, used=tuple(used[b.span.loc.line])))
            blocks.sort(key=lambda b: b.span.loc.line)
            owners, left = [], []
        if left:
            raise SpecError(
                [
                    R.HDR_CONFLICT(
                        draft.loc or Loc(registry.path),
                        f"the registry's block {low}-{high} ({', '.join(owners)}) holds {len(left)} attribute(s) this op does not describe, "
                        f"first {left[0].name} = {left[0].value}; the block passes to the spec whole, so its schema must have a tensor or field for each",
                        Note("the registry has it here", left[0].span.loc),
                    )
                ]
            )
    table_op = naming.upper_snake(draft.table.removesuffix("Attributes"))
    new = dataclasses.replace(
        registry,
        blocks=tuple(blocks),
        attributes=keep(registry.attributes, names, ids, None),
        descriptor_types=keep(registry.descriptor_types, {draft.descriptor_type[0]}, {draft.descriptor_type[1]}, r"HIPDNN_BACKEND_OPERATION_(.+?)_DESCRIPTOR(?:_EXT)?"),
        operation_types=keep(registry.operation_types, {draft.operation_type[0]}, {draft.operation_type[1]}, r"HIPDNN_OPERATION_TYPE_(.+?)(?:_EXT)?"),
        union_members=keep(registry.union_members, {draft.table}, {draft.union_position} if names_op(table_op, ops) else set(), None),
        node_types=keep(registry.node_types, {draft.node_type[0]}, {draft.node_type[1]}, r"(.+?)(?:_EXT)?"),
    )
    return Handoff(new, sorted(lines), owners, used)


# --- numbers -----------------------------------------------------------------------------------------


def _block(found: list[hipdnn_headers.Entry], checkout: Checkout) -> tuple[int, int]:
    """The op's attribute block: the narrowest range the checkout declares that holds every
    adopted value, else the span of adjacent declared ranges that together hold them, else the
    100-block most of them are in."""
    values = [e.value for e in found if e.value < EXTENSION_AREA] or [e.value for e in found]
    declared = [(low, high) for low, high, _, _ in checkout.ranges if low <= min(values) and max(values) <= high]
    if declared:
        return min(declared, key=lambda r: (r[1] - r[0], r))
    # adjacent declared ranges that together hold every value (batchnorm backward's 2000-2099 and
    # its shared 2100-2199 block): the op's range is their span
    holding = sorted({min(((low, high) for low, high, _, _ in checkout.ranges if low <= v <= high), key=lambda r: (r[1] - r[0], r), default=(-1, -1)) for v in values})
    if holding[0] != (-1, -1) and all(b[0] == a[1] + 1 for a, b in zip(holding, holding[1:])):
        return holding[0][0], holding[-1][1]
    blocks = Counter(v // BLOCK for v in values)
    block = min(blocks, key=lambda b: (-blocks[b], b))
    return block * BLOCK, block * BLOCK + BLOCK - 1


def _owner_of(low: int, high: int, specs: list[OpSpec], registry: Registry | None) -> str | None:
    """Who owns the range [low, high] here: an op (its id) or a registry block (its owner)."""
    for spec in specs:
        if spec.attribute_range == (low, high):
            return spec.op
    for b in registry.blocks if registry else ():
        if b.range == (low, high):
            return b.owner
    return None


def _shares(low: int, high: int, checkout: Checkout, specs: list[OpSpec], registry: Registry | None) -> list[tuple[str, tuple[int, int]]]:
    """The parts of [low, high] the checkout's range list nests with another owner's range: the
    range inside which this one sits, or the ranges inside this one (owners known here only)."""
    shares = []
    for a, b, _, _ in sorted(checkout.ranges):
        if b < low or high < a:
            continue
        if (a, b) == (low, high):  # the op's range is a shared block the registry keeps (see handoff)
            owner = next((blk.owner for blk in registry.blocks if blk.range == (a, b) and blk.owner.startswith("SHARED_")), None) if registry else None
            if owner is not None:
                shares.append((owner, (a, b)))
            continue
        inner = (max(a, low), min(b, high))
        if (a <= low and high <= b) or (low <= a and b <= high):
            owner = _owner_of(a, b, specs, registry)
            if owner is not None:
                shares.append((owner, inner))
    return shares


def adopt(draft: Draft, checkout: Checkout, found: Match, specs: list[OpSpec], registry: Registry | None, space: NumberSpace, spec_loc: Loc) -> list[str]:
    """Give `draft` the checkout's names and numbers wherever it has them, allocate the rest.

    `space` holds the numbers of op_specs/ and the registry (after the handoff). Raises SpecError
    with one HDR-CONFLICT per real mismatch (a name the checkout has with a number that cannot be
    the op's); names that merely differ from the derived ones are taken and written explicitly."""
    problems: list[Diagnostic] = []
    adopted: list[str] = []
    allocated: list[str] = []
    renamed: list[str] = []

    def origin(entry: hipdnn_headers.Entry | UnionMember) -> str:
        return "the registry" if found.fallback and entry.loc.path == found.fallback else checkout.what

    attributes = checkout.entries["attribute"]
    present = [e for *_, e in found.attributes if e is not None]
    checkout_values = {e.value for e in attributes.values()}
    if present:
        low, high = _block(present, checkout)
    else:
        space.add_header_numbers(checkout_values, (), ())
        low = space.next_block()
        high = low + BLOCK - 1
    draft.range = (low, high)
    used: dict[int, str] = {}
    pending: list[tuple[str, Loc, Callable[[int], None]]] = []
    for derived, loc, rename, assign, entry in found.attributes:
        if entry is None:
            pending.append((derived, loc, assign))
            continue
        rename(entry.name)
        if entry.name != derived:
            renamed.append(f"  {entry.name} (derived: {derived}): {entry.loc}")
        if not low <= entry.value <= high:
            problems.append(R.HDR_CONFLICT(loc, f"attribute {entry.name} is {entry.value} in {origin(entry)}, outside the block {low}-{high} the op's other attributes use", Note("defined here", entry.loc)))
        elif entry.value in space.ids:
            problems.append(R.HDR_CONFLICT(loc, f"attribute {entry.name} is {entry.value} in {origin(entry)}, but op_specs/ already use {entry.value}", Note("defined here", entry.loc)))
        elif entry.value in used:
            problems.append(R.HDR_CONFLICT(loc, f"attribute {entry.name} is {entry.value} in {origin(entry)}, the same value as {used[entry.value]}", Note("defined here", entry.loc)))
        else:
            used[entry.value] = entry.name
            assign(entry.value)
    for derived, loc, assign in pending:
        free = next((i for i in range(low, high + 1) if i not in checkout_values and i not in space.ids and i not in used), None)
        if free is None:
            problems.append(R.HDR_CONFLICT(loc, f"attribute {derived} is not in {checkout.what} and its block {low}-{high} has no free number left"))
            continue
        used[free] = derived
        assign(free)
        allocated.append(f"  attribute {derived} = {free} (in the op's block; {checkout.what} has no name for it)")
    if present:
        first = min(present, key=lambda e: e.value)
        adopted.append(f"  attributes {min(e.value for e in present)}-{max(e.value for e in present)} ({len(present)} names) and the block {low}-{high}: {first.loc}")
    for kind, (name, value), taken, known in (
        ("descriptor type", draft.descriptor_type, space.descriptor_types, checkout.entries["descriptor type"]),
        ("operation type", draft.operation_type, space.operation_types, checkout.entries["operation type"]),
        ("NodeType", draft.node_type, space.node_types, checkout.node_types or {}),
    ):
        entry = found.types[kind]
        if entry is not None and entry.value in taken:
            problems.append(R.HDR_CONFLICT(draft.loc or spec_loc, f"{kind} {entry.name} is {entry.value} in {origin(entry)}, but op_specs/ already use {entry.value}", Note("defined here", entry.loc)))
            continue
        if entry is not None:
            result = (entry.name, entry.value)
            adopted.append(f"  {kind} {entry.name} = {entry.value}: {entry.loc}")
            if entry.name != name:
                renamed.append(f"  {entry.name} (derived: {name}): {entry.loc}")
        else:
            result = (name, space.next_value(taken | {e.value for e in known.values()}))
            source = f"{checkout.what} has no {kind} for the op" if kind != "NodeType" or checkout.node_types is not None else f"{checkout.what} has no {NODE_TYPE_HPP}"
            allocated.append(f"  {kind} {result[0]} = {result[1]} ({source})")
        if kind == "descriptor type":
            draft.descriptor_type = result
        elif kind == "operation type":
            draft.operation_type = result
        else:
            draft.node_type = result
    member = found.member
    union_taken = space.union_positions | {0} | ({m.position for m in checkout.union.values()} if checkout.union else set())
    if member is not None and member.position in space.union_positions:
        problems.append(R.HDR_CONFLICT(draft.loc or spec_loc, f"union position {member.position} of {member.table} in {origin(member)} is already used in op_specs/", Note("defined here", member.loc)))
    elif member is not None:
        draft.union_position = member.position
        if member.table != draft.table:
            draft.fbs_table = member.table
        adopted.append(f"  union position {member.position} ({member.table}): {member.loc}")
    else:
        draft.union_position = space.next_value(union_taken)
        reason = f"{checkout.what} has no {checkout.graph}" if checkout.union is None else f"{draft.table} is not in the {UNION} union"
        allocated.append(f"  union position {draft.union_position} ({reason})")
    draft.shared = _shares(low, high, checkout, specs, registry)
    if problems:
        raise SpecError(problems)
    draft.adopted_from = checkout.root
    lines = [f"numbers adopted from {checkout.what} at {checkout.root} (not allocated):", *adopted]
    registered = sorted({e.name for *_, e in found.attributes if e is not None and origin(e) == "the registry"})
    registered += sorted(e.name for e in found.types.values() if e is not None and origin(e) == "the registry")
    if found.member is not None and origin(found.member) == "the registry":
        registered.append(found.member.table)
    if registered:
        lines.append(f"  of them from the registry at {found.fallback} ({checkout.what} lacks them): {', '.join(registered)}")
    if renamed:
        lines += [f"names taken from {checkout.what} (they differ from the derived ones; written into the spec):", *renamed]
    if allocated:
        lines += [f"numbers allocated ({checkout.what} has none for these):", *allocated]
    if found.by_position:
        lines += ["paired by their place in the op's block (no name matched); review:", *found.by_position]
    if draft.shared:
        lines += ["attribute ranges shared as the checkout nests them (shared_ranges):", *(f"  [{a}, {b}] with {owner}" for owner, (a, b) in draft.shared)]
    return lines


@dataclass
class Numbered:
    """What numbering a draft produced: the closing lines, the registry the spec is checked with
    (the op's entries handed over) and the registry lines to delete."""

    lines: list[str]
    handoff: Handoff


def number(draft: Draft, specs: list[OpSpec], registry: Registry | None, root: Path | None, display: Callable[[Path], str], spec_loc: Loc) -> Numbered:
    """Number `draft`: adopt the checkout's numbers (or, without one, the registry's) when it
    defines the op, else allocate. The registry's entries for an adopted op pass to the spec."""
    from codegen.hipdnn import scaffold

    checkout = read(root, display) if root is not None else (from_registry(registry) if registry is not None else None)
    fallback = from_registry(registry) if root is not None and registry is not None else None
    if checkout is not None and fallback is not None:  # the registry's blocks where the checkout declares none
        checkout.ranges += [r for r in fallback.ranges if not any(r[:2] == c[:2] for c in checkout.ranges)]
    found = match(draft, checkout, spec_loc, fallback) if checkout is not None else None
    handed = Handoff(registry)
    if checkout is not None and found is not None and not found.empty:
        # the names and numbers the checkout gives, before any check: which registry entries are the op's
        trial = copy.deepcopy(draft)
        trial_found = match(trial, checkout, spec_loc, fallback)
        present = []
        for _derived, _loc, rename, assign, entry in trial_found.attributes:
            if entry is not None:
                rename(entry.name)
                assign(entry.value)
                present.append(entry)
        for kind, attr in (("descriptor type", "descriptor_type"), ("operation type", "operation_type"), ("NodeType", "node_type")):
            entry = trial_found.types[kind]
            if entry is not None:
                setattr(trial, attr, (entry.name, entry.value))
        if present:
            trial.range = _block(present, checkout)
        if trial_found.member is not None:
            trial.union_position = trial_found.member.position
            trial.fbs_table = trial_found.member.table
        handed = handoff(trial, registry)
        registry = handed.registry
    problems = _table_clashes(draft, specs, registry, spec_loc) + _enums(draft, specs) + _type_tags(draft, specs, registry)
    if problems:
        raise SpecError(problems)
    space = NumberSpace(specs, registry)
    if found is not None and not found.empty:
        assert checkout is not None
        lines = adopt(draft, checkout, found, specs, registry, space, spec_loc)
        lines += adopted_tags(draft, registry)
        scaffold.test_numbers(draft, space)
        return Numbered(lines, handed)
    if checkout is not None and root is not None:
        space.add_header_numbers(
            (e.value for e in checkout.entries["attribute"].values()),
            (e.value for e in checkout.entries["descriptor type"].values()),
            (e.value for e in checkout.entries["operation type"].values()),
        )
        if checkout.union is not None:
            space.union_positions |= {m.position for m in checkout.union.values()}
        if checkout.node_types is not None:
            space.node_types |= {e.value for e in checkout.node_types.values()}
    scaffold.allocate(draft, space)
    return Numbered([], handed)


def adopted_tags(draft: Draft, registry: Registry | None) -> list[str]:
    """An enum field adopted under the checkout's attribute name, whose enum was given a new type tag
    (its derived HIPDNN_TYPE_<ENUM> is not hipDNN's), takes instead the one tag hipDNN has that names
    the attribute: reduction's mode is HIPDNN_ATTR_REDUCTION_OPERATOR, and hipDNN tags its values
    HIPDNN_TYPE_REDUCTION_OPERATOR_TYPE (28), so no tag is invented."""
    if registry is None:
        return []
    lines: list[str] = []
    for f in draft.fields:
        if f.enum is None or f.enum.tag_value is None:
            continue
        word = _tag_word(f.attribute, "HIPDNN_ATTR_")
        named = sorted((t.name, t.value) for t in registry.type_tags if _tag_word(t.name, "HIPDNN_TYPE_") == word)
        if len(named) == 1:
            f.enum.type_tag, f.enum.tag_value = named[0][0], None
            f.enum.sentinels = set()
            lines.append(f"{f.name}: enum {f.enum.name} takes hipDNN's type tag {named[0][0]} = {named[0][1]}, the one naming its attribute {f.attribute}")
    return lines


def _table_clashes(draft: Draft, specs: list[OpSpec], registry: Registry | None, spec_loc: Loc) -> list[Diagnostic]:
    """The schema's table must not be one op_specs/ or the registry already name."""
    loc = draft.loc or spec_loc
    for spec in specs:
        if spec.flatbuffers.table == draft.table:
            return [R.CHK_FLATBUFFERS(loc, f"table {draft.table} is already op {spec.op}'s table", Note("declared here", spec.flatbuffers.span.at("table")))]
    for member in registry.union_members if registry else ():
        if member.name == draft.table:
            return [R.CHK_FLATBUFFERS(loc, f"table {draft.table} is already in the registry's union members (position {member.value})", Note("declared here", member.span.loc))]
    return []


def _tag_word(name: str, prefix: str) -> str:
    """HIPDNN_TYPE_REDUCTION_OPERATOR_TYPE and HIPDNN_ATTR_REDUCTION_OPERATOR alike -> REDUCTION_OPERATOR."""
    word = name.removeprefix(prefix).removeprefix("OPERATION_").removesuffix("_EXT")
    return word.removesuffix("_TYPE") if prefix == "HIPDNN_TYPE_" else word


def _type_tags(draft: Draft, specs: list[OpSpec], registry: Registry | None) -> list[Diagnostic]:
    """An enum field's type tag is the registry's HIPDNN_TYPE_<ENUM>[_EXT] or one another spec
    names; an enum hipDNN does not have yet gets a new tag, numbered after every tag in use
    (`adopted_tags` then gives an adopted field the tag hipDNN already has for its attribute)."""
    if registry is None or not registry.type_tags:
        return []
    known = {t.name for t in registry.type_tags} | {f.enum.type_tag for s in specs for f in s.fields if f.enum is not None}
    space = NumberSpace(specs, registry)
    for f in draft.fields:
        if f.enum is None:
            continue
        tag = f.enum.type_tag
        match = next((t for t in (tag, tag + "_EXT") if t in known), None)
        if match is not None:
            f.enum.type_tag = match
            continue
        f.enum.tag_value = space.next_value(space.type_tags)
        # the frontend's NOT_SET = 0 means "not chosen": a schema value of that name is the sentinel
        f.enum.sentinels |= {name for name, _ in f.enum.values if name == naming.FRONTEND_NOT_SET}
        space.type_tags.add(f.enum.tag_value)
    return []


def _enums(draft: Draft, specs: list[OpSpec]) -> list[Diagnostic]:
    """An enum another spec already describes must be described identically (its sentinel is kept)."""
    found = []
    known = {f.enum.name: f.enum for s in specs for f in s.fields if f.enum is not None}
    for f in draft.fields:
        if f.enum is None or f.enum.name not in known:
            continue
        other = known[f.enum.name]
        if [(v.name, v.value) for v in other.values] != list(f.enum.values):
            found.append(
                R.CHK_ENUM_CONFLICT(
                    f.enum.loc or f.loc or draft.loc or Loc(""),
                    f"enum {f.enum.name} has other values here than in the spec that already describes it",
                    Note("described here", other.span.loc),
                )
            )
            continue
        f.enum.sentinels = {v.name for v in other.values if v.sentinel}
        f.enum.type_tag = other.type_tag
        # one schema defines an enum (flatc refuses a second definition); importing that very schema,
        # the enum is defined here
        own = draft.fbs_header.removesuffix("_generated.h") + ".fbs"
        f.enum.schema = None if other.schema == own else other.schema
    return found
