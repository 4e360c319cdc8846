"""`registry --hipdnn-root DIR`: rebuild op_specs/registry.yaml from a hipDNN checkout.

The registry is what hipDNN already numbers and no spec describes. Instead of being typed from
memory, it is read from the checkout's headers: attribute names and the header's declared range
list, descriptor types, operation types, attribute type tags, and the NodeAttributes union order of
`graph.fbs`. Numbers a spec owns are left out (the spec is their source). Sections the headers do
not hold (data types, statuses, reserved numbers) are kept from the current registry.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from codegen.plumbing import escape
from codegen.hipdnn import hipdnn_headers
from codegen.hipdnn.hipdnn_headers import GRAPH_FBS, HEADERS, DeclaredRange, Entry, UnionMember, checkout_root, parse_enums, parse_range_list, union_members
from codegen.spec.model import OpSpec
from codegen.spec.registry import CUDNN_FRONTEND_COMMENT, SPECS_COMMENT, Registry, specs_line
from codegen.pipeline.workspace import UsageError

SOURCES = {
    "attributes": f"backend/include/{HEADERS['attribute']}",
    "descriptor_types": f"backend/include/{HEADERS['descriptor type']}",
    "operation_types": f"backend/include/{HEADERS['operation type']}",
    "type_tags": "backend/include/HipdnnBackendAttributeType.h",
    "graph": GRAPH_FBS,
}

def range_owner(r: DeclaredRange) -> str:
    """`Layernorm backward operation attributes` -> `LAYERNORM_BACKWARD`."""
    words = re.sub(r"\b(operation\s+)?attributes?\b", "", r.title, flags=re.I)
    words = re.sub(r"[^A-Za-z0-9()]+", " ", words).strip()
    return re.sub(r"\s+", "_", words).upper() or f"RANGE_{r.first}"


def range_span(r: DeclaredRange) -> tuple[int, int]:
    """(low, high) of a range item; an open `N+` item reaches to the end of its 100-block."""
    return r.first, r.last if r.last is not None else r.first // 100 * 100 + 99


@dataclass(frozen=True)
class Checkout:
    """The numbering facts one checkout holds."""

    attributes: tuple[Entry, ...]
    ranges: tuple[DeclaredRange, ...]
    descriptor_types: tuple[Entry, ...]
    operation_types: tuple[Entry, ...]
    type_tags: tuple[Entry, ...]
    union_members: tuple[UnionMember, ...]
    feature_semantics_revision: int | None = None  # the plugin SDK's FEATURE_SEMANTICS_REVISION, where the checkout has it


# The plugin SDK's revision of what its published features mean (fork rdoshi-amd, id 70780189050).
FEATURE_SEMANTICS = "plugin_sdk/include/hipdnn_plugin_sdk/heuristics/FeatureSemantics.hpp"
_REVISION = re.compile(r"\bFEATURE_SEMANTICS_REVISION\s*=\s*([0-9]{1,9})\s*;")


REVISION_COMMENT = (
    "# hipDNN's FEATURE_SEMANTICS_REVISION (FeatureSemantics.hpp; kept from the previous registry when the\n"
    "# checkout has none): bump it with any changed work formula or published feature name."
)


def feature_semantics_revision(root: Path) -> int | None:
    """The checkout's FEATURE_SEMANTICS_REVISION, or None when it has no FeatureSemantics.hpp."""
    path = root / FEATURE_SEMANTICS
    if not path.is_file():
        return None
    found = _REVISION.search(hipdnn_headers.read_source(root, path))
    return int(found.group(1)) if found else None


def _read(root: Path, rel: str) -> str:
    path = root / rel
    if not path.exists() and not path.is_symlink():
        raise UsageError(f"--hipdnn-root {root}: {rel} is missing")
    return hipdnn_headers.read_source(root, path).replace("\r\n", "\n")  # no symlink below root


def read_checkout(directory: Path) -> Checkout:
    root = checkout_root(directory)
    texts = {key: _read(root, rel) for key, rel in SOURCES.items()}
    def enums(key: str) -> tuple[Entry, ...]:
        return tuple(parse_enums(texts[key], SOURCES[key]))
    return Checkout(
        attributes=enums("attributes"),
        ranges=tuple(parse_range_list(texts["attributes"], SOURCES["attributes"])),
        descriptor_types=enums("descriptor_types"),
        operation_types=enums("operation_types"),
        type_tags=enums("type_tags"),
        union_members=tuple(sorted(union_members(texts["graph"], SOURCES["graph"]).values(), key=lambda m: m.position)),
        feature_semantics_revision=feature_semantics_revision(root),
    )


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


@dataclass(frozen=True)
class Block:
    owner: str
    low: int
    high: int
    used: tuple[tuple[int, int], ...]
    inside: str | None
    note: str


def blocks(checkout: Checkout, owned: list[tuple[int, int]], shared: dict[tuple[int, int], set[str]] | None = None) -> list[Block]:
    """Attribute blocks: each declared range with the values it really uses, nested ranges marked
    `inside`, values no declared range covers grouped by 100-block and flagged; ranges a spec owns
    are left out."""

    def spec_owned(low: int, high: int, owner: str = "") -> bool:
        """Whether a spec owns the range: it overlaps a spec's range that does not say it shares
        the overlap with this owner (shared_ranges)."""
        return any(low <= b and a <= high and owner.casefold() not in (shared or {}).get((a, b), set()) for a, b in owned)

    values = sorted({e.value for e in checkout.attributes if e.alias_of is None})
    ranges = sorted(((*range_span(r), range_owner(r), r.loc.line) for r in checkout.ranges), key=lambda r: (r[0], -r[1], r[3]))
    result: list[Block] = []
    covered: set[int] = set()
    for low, high, name, line in ranges:
        others = [o for o in ranges if (o[0], o[1]) != (low, high)]
        nested = [o for o in others if low <= o[0] and o[1] <= high]
        parent = next((o for o in reversed(others) if o[0] <= low and high <= o[1]), None)
        mine = [v for v in values if low <= v <= high and not any(o[0] <= v <= o[1] for o in nested)]
        covered.update(v for v in values if low <= v <= high)
        if spec_owned(low, high, name):
            continue
        note = "" if mine else "declared in the header's range list, no attribute uses it"
        if parent is not None:
            note = f"inside the declared range {parent[0]}-{parent[1]} ({parent[2]})"
        result.append(Block(name, low, high, tuple(_runs(mine)), parent[2] if parent else None, note))
    stray = [v for v in values if v not in covered]
    for base in sorted({v // 100 * 100 for v in stray}):
        mine = [v for v in stray if base <= v < base + 100]
        names = sorted(e.name for e in checkout.attributes if e.value in mine and e.alias_of is None)
        owner = _common_prefix_owner(names) or f"UNDECLARED_{base}"
        if spec_owned(base, base + 99):
            continue
        result.append(Block(owner, min(mine), base + 99, tuple(_runs(mine)), None, "not in the header's range list"))
    return sorted(result, key=lambda b: (b.low, b.high, b.owner))


def _common_prefix_owner(names: list[str]) -> str:
    if not names:
        return ""
    words = [n.removeprefix("HIPDNN_ATTR_").removeprefix("OPERATION_").split("_") for n in names]
    common: list[str] = []
    for parts in zip(*words):
        if len(set(parts)) != 1:
            break
        common.append(parts[0])
    return "_".join(common)


# --- rendering ------------------------------------------------------------------------------------


def _named(entries: Iterable[tuple[str, int, bool]]) -> list[str]:
    lines = []
    for name, value, confirmed in entries:
        flag = "" if confirmed else ", confirmed: false"
        lines.append(f"  - {{name: {name}, value: {value}{flag}}}")
    return lines


def _unconfirmed(current: Registry | None, key: str, checkout_entries: Iterable[Entry]) -> list[tuple[str, int, bool]]:
    """Entries of the current registry flagged `confirmed: false` that the checkout neither defines
    nor contradicts: reservations for numbers other branches use (kept until confirmed)."""
    if current is None:
        return []
    names = {e.name for e in checkout_entries}
    values = {e.value for e in checkout_entries}
    return [(v.name, v.value, False) for v in getattr(current, key) if not v.confirmed and v.name not in names and v.value not in values]


def render(checkout: Checkout, specs: list[OpSpec], current: Registry | None, source: str) -> str:
    """The registry text for `checkout`, minus what `specs` own, keeping the sections the headers
    do not hold from `current`, and its unconfirmed reservations the checkout does not contradict."""
    owned_ranges = [s.attribute_range for s in specs]
    shared: dict[tuple[int, int], set[str]] = {}
    for s in specs:
        shared.setdefault(s.attribute_range, set()).update(sh.owner.casefold() for sh in s.shared_ranges)
    spec_names = {a.name for s in specs for a in s.attributes()}
    spec_ids = {a.id for s in specs for a in s.attributes()}
    spec_descriptor = {s.descriptor_type.name for s in specs}
    spec_operation = {s.operation_type.name for s in specs}
    spec_tables = {s.flatbuffers.table for s in specs}
    spec_tags = {e.type_tag for s in specs for e in s.new_enums}
    out = [
        "# yaml-language-server: $schema=registry.schema.json",
        "#",
        "# Everything hipDNN already numbers that has no spec in op_specs/. Collision checks read this file",
        "# together with every spec, so the whole numbering space is visible in one pass.",
        "# Written by `hipdnn-codegen registry --hipdnn-root DIR`; edit the checkout, not this file.",
        *[f"# {line}" for line in textwrap.wrap(escape.comment_text(source), 96, break_on_hyphens=False)],
        "# data_types, statuses, node_types and reserved are kept from the previous registry (not read from headers),",
        "# and so are its `confirmed: false` reservations that the checkout neither defines nor contradicts.",
        "#",
        "# attribute_blocks: declared range (as in the header's range list) and the values actually used.",
        "# A block flagged `inside` lives in another owner's declared range (a known anomaly, not a new clash).",
        "",
    ]
    if specs:
        out += [SPECS_COMMENT, specs_line([s.op for s in specs]), ""]
    revision = checkout.feature_semantics_revision
    if revision is None and current is not None:
        revision = current.feature_semantics_revision
    if revision is not None:
        out += [REVISION_COMMENT, f"feature_semantics_revision: {revision}", ""]
    if current is not None and current.cudnn_frontend is not None:
        source = f", source: {escape.yaml_string(current.cudnn_frontend_source)}" if current.cudnn_frontend_source else ""
        out += [CUDNN_FRONTEND_COMMENT, f"cudnn_frontend: {{version: {escape.yaml_string(current.cudnn_frontend)}{source}}}", ""]
    out.append("attribute_blocks:")
    for b in blocks(checkout, owned_ranges, shared):
        if b.note:
            out.append(f"  # {escape.comment_text(b.note)}")
        used = ", ".join(f"[{a}, {z}]" for a, z in b.used) if b.used else f"[{b.low}, {b.low}]"
        inside = f", inside: {escape.yaml_string(b.inside)}" if b.inside else ""
        out.append(f"  - {{owner: {escape.yaml_string(b.owner)}, range: [{b.low}, {b.high}], used: [{used}]{inside}}}")
    out += ["", "# Every attribute enumerator no spec owns (names are checked for reuse)."]
    out.append("attributes:")
    seen: set[str] = set()
    attrs = []
    for e in sorted(checkout.attributes, key=lambda e: (e.value, e.name)):
        if e.name in spec_names or e.name in seen or (e.value in spec_ids and e.alias_of is None):
            continue
        if e.alias_of is not None:
            continue  # an alias repeats another enumerator's value (e.g. TENSOR_CONSTANT_VALUE)
        seen.add(e.name)
        attrs.append((e.name, e.value, True))
    out += _named(attrs)
    for key, entries, skip, what in (
        ("descriptor_types", checkout.descriptor_types, spec_descriptor, "HipdnnBackendDescriptorType.h"),
        ("operation_types", checkout.operation_types, spec_operation, "HipdnnOperationType.h"),
        ("type_tags", checkout.type_tags, spec_tags, "HipdnnBackendAttributeType.h (enum attributes name their tag from here)"),
    ):
        kept = [(e.name, e.value, True) for e in entries if e.name not in skip and e.alias_of is None]
        kept += _unconfirmed(current, key, entries)
        out += ["", f"# {what}", f"{key}:"]
        out += _named(sorted(kept, key=lambda item: (item[1], item[0])))
    out += ["", "# FlatBuffers NodeAttributes union members (graph.fbs); positions are append-only.", "union_members:"]
    members = [(m.table, m.position, True) for m in checkout.union_members if m.table not in spec_tables]
    checkout_members = [Entry(m.table, m.position, m.loc) for m in checkout.union_members]
    members += _unconfirmed(current, "union_members", checkout_members)
    out += _named(sorted(members, key=lambda item: (item[1], item[0])))
    if current is not None:
        for key in ("data_types", "statuses", "node_types"):
            values = getattr(current, key)
            if values:
                out += ["", f"{key}:"]
                lines = _named((v.name, v.value, v.confirmed) for v in values)
                if key == "data_types":  # keep each type's JSON spelling
                    spelled = dict(current.data_type_json)
                    lines = [
                        line[:-1] + f", json: {spelled[v.name]}}}" if v.name in spelled else line
                        for line, v in zip(lines, values)
                    ]
                out += lines
        out += ["", "# Numbers that were used once and must never be handed out again.", "reserved:"]
        for kind in ("attribute_ids", "descriptor_types", "operation_types"):
            items = [r for r in current.reserved if r.kind == kind]
            out.append(f"  {kind}:" + ("" if items else " []"))
            for r in items:
                name = f", name: {escape.yaml_string(r.name)}" if r.name else ""
                out.append(f"    - {{range: [{r.range[0]}, {r.range[1]}]{name}, reason: {escape.yaml_string(r.reason)}}}")
    return "\n".join(out) + "\n"


