"""add-op for an op a hipDNN checkout already defines: reuse its numbers instead of allocating.

The draft's names (attribute enumerators, descriptor type, operation type, FlatBuffers table)
are looked up in the checkout's three headers (read with codegen/hipdnn_headers.py) and in the
`NodeAttributes` union of its graph.fbs. No name found: the op is new and numbers are allocated
as usual. Every name found with a usable number: the numbers are adopted. Anything in between
(a name missing from a block the checkout owns, a number outside that block or already used here)
is a partial match, reported as one HDR-CONFLICT per mismatch with both places.
"""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from codegen.hipdnn import hipdnn_headers
from codegen.views import naming
from codegen.diagnostics import rules as R
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note, SpecError
from codegen.checks.numbering import BLOCK, EXTENSION_AREA, NumberSpace
from codegen.spec.registry import Registry
from codegen.spec.model import OpSpec
from codegen.hipdnn.scaffold import Draft, DraftField, DraftTensor

GRAPH_FBS = hipdnn_headers.GRAPH_FBS
UNION = hipdnn_headers.UNION
UnionMember = hipdnn_headers.UnionMember


@dataclass
class Checkout:
    """The numbers a checkout defines, by name, with where each is defined."""

    root: str
    headers: dict[str, str]  # kind -> shown path
    entries: dict[str, dict[str, hipdnn_headers.Entry]]  # kind -> name -> entry
    union: dict[str, UnionMember] | None  # None: the checkout has no graph.fbs
    graph: str  # shown path of graph.fbs
    union_loc: Loc | None = None  # where the NodeAttributes union starts


def read(root: Path, display: Callable[[Path], str]) -> Checkout:
    headers = hipdnn_headers.find_headers(root)  # UsageError when the checkout lacks them
    entries: dict[str, dict[str, hipdnn_headers.Entry]] = {}
    for kind, path in headers.items():
        parsed = hipdnn_headers.parse_enums(hipdnn_headers.read_source(root, path), display(path))
        entries[kind] = {e.name: e for e in parsed}
    hipdnn_dir = headers["attribute"].parent.parent.parent  # <root>/backend/include/<header>
    graph_path = hipdnn_dir / GRAPH_FBS
    union, union_loc = None, None
    if graph_path.is_file():
        text = hipdnn_headers.read_source(root, graph_path)
        union = hipdnn_headers.union_members(text, display(graph_path))
        union_loc = hipdnn_headers.union_loc(text, display(graph_path))
    return Checkout(display(root), {k: display(p) for k, p in headers.items()}, entries, union, display(graph_path), union_loc)


def _similar(name: str, names: dict[str, hipdnn_headers.Entry]) -> hipdnn_headers.Entry | None:
    """The checkout's spelling of a name that differs only in a suffix such as _EXT."""
    for candidate in (name.removesuffix("_EXT"), name + "_EXT"):
        if candidate != name and candidate in names:
            return names[candidate]
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.9)
    return names[close[0]] if close else None


def adopt(draft: Draft, checkout: Checkout, specs: list[OpSpec], registry: Registry | None, space: NumberSpace, spec_loc: Loc) -> list[str] | None:
    """Give `draft` the checkout's numbers; None when the checkout defines none of its names.

    `space` holds the numbers of op_specs/ and the registry (not the checkout's). Raises SpecError
    with one HDR-CONFLICT per mismatch on a partial match."""
    draft.name_attributes()
    at = lambda loc: loc or draft.loc or spec_loc  # noqa: E731 - where the draft's item came from
    attributes = checkout.entries["attribute"]
    items: list[tuple[str, Loc, Callable[[int], None]]] = []
    owners: list[DraftTensor | DraftField] = [*draft.tensors, *draft.fields]
    for owner in owners:
        items.append((owner.attribute, at(owner.loc), functools.partial(setattr, owner, "id")))
    items.append((draft.compute_attribute, at(None), functools.partial(setattr, draft, "compute_id")))
    present = {name: attributes[name] for name, _, _ in items if name in attributes}
    types = {
        "descriptor type": (draft.descriptor_type[0], space.descriptor_types),
        "operation type": (draft.operation_type[0], space.operation_types),
    }
    found_types = {kind: checkout.entries[kind].get(name) for kind, (name, _) in types.items()}
    member = checkout.union.get(draft.table) if checkout.union is not None else None
    if not present and not any(found_types.values()) and member is None:
        return None

    problems: list[Diagnostic] = []
    adopted: list[str] = []
    header = checkout.headers["attribute"]
    if present:
        blocks = Counter(e.value // BLOCK for e in present.values() if e.value < EXTENSION_AREA)
        block = min(blocks, key=lambda b: (-blocks[b], b)) if blocks else min(e.value for e in present.values()) // BLOCK
        low, high = block * BLOCK, block * BLOCK + BLOCK - 1
        in_block = sorted((e for e in attributes.values() if low <= e.value <= high), key=lambda e: e.value)
        used: dict[int, str] = {}
        for name, loc, assign in items:
            entry = present.get(name)
            if entry is None:
                first = in_block[0] if in_block else next(iter(present.values()))
                problems.append(
                    R.HDR_CONFLICT(
                        loc,
                        f"attribute {name} is not in the checkout, but the block {low}-{high} its op's other attributes use is the checkout's; add it there first or drop it here",
                        Note(f"the checkout's block starts with {first.name} = {first.value}", first.loc),
                    )
                )
            elif not low <= entry.value <= high:
                problems.append(R.HDR_CONFLICT(loc, f"attribute {name} is {entry.value} in the checkout, outside the block {low}-{high} the op's other attributes use", Note("defined here", entry.loc)))
            elif entry.value in space.ids:
                problems.append(R.HDR_CONFLICT(loc, f"attribute {name} is {entry.value} in the checkout, but op_specs/ already use {entry.value}", Note("defined here", entry.loc)))
            elif entry.value in used:
                problems.append(R.HDR_CONFLICT(loc, f"attribute {name} is {entry.value} in the checkout, the same value as {used[entry.value]}", Note("defined here", entry.loc)))
            else:
                used[entry.value] = name
                assign(entry.value)
        problems += _range_owners(low, high, specs, registry, at(None), in_block[0] if in_block else None)
        draft.range = (low, high)
        first_loc = min(present.values(), key=lambda e: e.value).loc
        adopted.append(f"  attributes {min(used, default=low)}-{max(used, default=low)} ({len(used)} names) and the block {low}-{high}: {first_loc}")
    else:
        for name, loc, _ in items:
            near = _similar(name, attributes)
            note = Note(f"the checkout has {near.name} = {near.value}", near.loc) if near else Note("attributes are defined here", Loc(header))
            problems.append(R.HDR_CONFLICT(loc, f"attribute {name} is not in the checkout, although the op's other names are", note))
    for kind, (name, taken) in types.items():
        entry = found_types[kind]
        if entry is None:
            near = _similar(name, checkout.entries[kind])
            note = Note(f"the checkout has {near.name} = {near.value}", near.loc) if near else Note(f"{kind}s are defined here", Loc(checkout.headers[kind]))
            problems.append(R.HDR_CONFLICT(at(None), f"{kind} {name} is not in the checkout, although the op's other names are", note))
        elif entry.value in taken:
            problems.append(R.HDR_CONFLICT(at(None), f"{kind} {name} is {entry.value} in the checkout, but op_specs/ already use {entry.value}", Note("defined here", entry.loc)))
        else:
            if kind == "descriptor type":
                draft.descriptor_type = (name, entry.value)
            else:
                draft.operation_type = (name, entry.value)
            adopted.append(f"  {kind} {name} = {entry.value}: {entry.loc}")
    if checkout.union is None:
        draft.union_position = space.next_value(space.union_positions | {0})
        adopted.append(f"  (union position {draft.union_position} allocated: the checkout has no {checkout.graph})")
    elif member is None:
        problems.append(
            R.HDR_CONFLICT(at(None), f"table {draft.table} is not in the checkout's {UNION} union, although the op's other names are", Note(f"the {UNION} union is here", checkout.union_loc or Loc(checkout.graph)))
        )
    elif member.position in space.union_positions:
        problems.append(R.HDR_CONFLICT(at(None), f"union position {member.position} of {draft.table} in the checkout is already used in op_specs/", Note("defined here", member.loc)))
    else:
        draft.union_position = member.position
        adopted.append(f"  union position {member.position} ({draft.table}): {member.loc}")
    draft.node_type = (draft.node_type[0], space.next_value(space.node_types))
    adopted.append(f"  (NodeType {draft.node_type[0]} = {draft.node_type[1]} allocated: NodeType.hpp is not read)")
    if problems:
        raise SpecError(problems)
    draft.adopted_from = checkout.root
    return [f"numbers adopted from the hipDNN checkout at {checkout.root} (not allocated):", *adopted]


def _range_owners(low: int, high: int, specs: list[OpSpec], registry: Registry | None, loc: Loc, first: hipdnn_headers.Entry | None) -> list[Diagnostic]:
    """The checkout's block must not be a block op_specs/ or the registry already own."""
    found = []
    note = [Note("the checkout's block starts here", first.loc)] if first else []
    for spec in specs:
        a, b = spec.attribute_range
        if a <= high and low <= b:
            found.append(R.HDR_CONFLICT(loc, f"the checkout's block {low}-{high} overlaps op {spec.op}'s attribute_range {a}-{b}", Note("declared here", spec.range_span.loc), *note))
    for owned in registry.blocks if registry else ():
        a, b = owned.range
        if a <= high and low <= b:
            found.append(R.HDR_CONFLICT(loc, f"the checkout's block {low}-{high} overlaps the registry's block {a}-{b} ({owned.owner})", Note("declared here", owned.span.loc), *note))
    return found


def number(draft: Draft, specs: list[OpSpec], registry: Registry | None, root: Path | None, display: Callable[[Path], str], spec_loc: Loc) -> list[str]:
    """Number `draft`: adopt the checkout's numbers when it defines the op, else allocate.

    Returns the lines that say what was adopted (empty when everything was allocated)."""
    from codegen.hipdnn import scaffold

    problems = _table_clashes(draft, specs, registry, spec_loc) + _enums(draft, specs) + _type_tags(draft, specs, registry)
    if problems:
        raise SpecError(problems)
    space = NumberSpace(specs, registry)
    if root is not None:
        checkout = read(root, display)
        adopted = adopt(draft, checkout, specs, registry, space, spec_loc)
        if adopted is not None:
            scaffold.test_numbers(draft, space)
            return adopted
        space.add_header_numbers(
            (e.value for e in checkout.entries["attribute"].values()),
            (e.value for e in checkout.entries["descriptor type"].values()),
            (e.value for e in checkout.entries["operation type"].values()),
        )
        if checkout.union is not None:
            space.union_positions |= {m.position for m in checkout.union.values()}
    scaffold.allocate(draft, space)
    return []


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


def _type_tags(draft: Draft, specs: list[OpSpec], registry: Registry | None) -> list[Diagnostic]:
    """An enum field's type tag is the registry's HIPDNN_TYPE_<ENUM>[_EXT] or one another spec
    names; an enum hipDNN does not have yet gets a new tag, numbered after every tag in use."""
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
