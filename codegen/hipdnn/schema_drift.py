"""check --hipdnn-root: each spec against the checkout's schema of its op.

The spec is the source of the op's FlatBuffers table; a checkout whose schema says otherwise (a
field renamed, retyped, reordered, made optional or required, another default, another union
position) has drifted, and every difference is reported at the spec with the checkout's line as a
note. An op whose schema the checkout does not have yet (not applied) is not compared.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from codegen.hipdnn import fbs
from codegen.views import fbsview
from codegen.diagnostics import rules
from codegen.plumbing import storage
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note, SpecError
from codegen.views.fbsview import FbsFieldView
from codegen.hipdnn.hipdnn_headers import GRAPH_FBS, UNION, union_members
from codegen.spec.model import OpSpec

ZERO = {"long": "0", "int": "0", "float": "0", "double": "0", "bool": "false"}


def _default(type_text: str, default: str | None, enums: dict[str, fbs.FbsEnum]) -> str | None:
    """A scalar default as FlatBuffers reads it: none means zero (an enum's zero value)."""
    if default is None or default == "null":
        if default is None and type_text in enums:
            return next((n for n, v in enums[type_text].values if v == 0), None)
        return default if default == "null" else ZERO.get(type_text)
    if type_text in ("float", "double"):
        try:
            return repr(float(default))
        except ValueError:
            return default
    if type_text == "bool":
        return {"1": "true", "0": "false"}.get(default, default)
    return default


def _read(root: Path, rel: str, display) -> tuple[str, str] | None:  # type: ignore[no-untyped-def]
    path = root / rel
    if not path.is_file():
        return None
    shown = display(path)
    try:
        return shown, storage.read_input(path, storage.MAX_HEADER_BYTES, shown).decode("utf-8", "replace")
    except storage.StorageError:
        return None


def check(root: Path, specs: list[OpSpec], display=str) -> list[Diagnostic]:  # type: ignore[no-untyped-def]
    graph = _read(root, GRAPH_FBS, display)
    members = union_members(graph[1], graph[0]) if graph else {}
    found: list[Diagnostic] = []
    for spec in sorted(specs, key=lambda s: s.op):
        read = _read(root, f"flatbuffers_sdk/schemas/{spec.flatbuffers.schema}", display)
        if read is None:
            continue
        shown, text = read
        try:
            schema = fbs.parse(shown, text)
        except SpecError as exc:
            found += exc.diagnostics
            continue
        found += list(_drift(spec, schema, shown, members))
    return found


def _drift(spec: OpSpec, schema: fbs.Schema, shown: str, members: dict) -> Iterator[Diagnostic]:  # type: ignore[type-arg]
    fb = spec.flatbuffers
    table = schema.tables.get(fb.table)
    if table is None:
        yield rules.HDR_SCHEMA_DRIFT(fb.span.at("table"), f"the checkout's {fb.schema} has no table {fb.table}", Note("schema here", Loc(shown)))
        return
    member = members.get(fb.table)
    if member is None:
        # a schema the checkout stores outside its union (pooling forward's) joins it when applied,
        # at the spec's position; only a position another member holds is drift
        holder = next((m for m in members.values() if m.position == fb.union_position), None)
        if fb.union_position is None or holder is not None:
            yield rules.HDR_SCHEMA_DRIFT(fb.span.at("table"), f"{fb.table} is not a member of the checkout's union {UNION}", *([Note("its position's member here", holder.loc)] if holder else []))
    elif fb.union_position is not None and member.position != fb.union_position:
        yield rules.HDR_SCHEMA_DRIFT(
            fb.span.at("union_position"),
            f"union position {fb.union_position} here but {member.position} in the checkout's {UNION}",
            Note("member here", member.loc),
        )
    ours = fbsview.build(spec).fields
    theirs = table.fields
    for index, (mine, other) in enumerate(zip(ours, theirs)):
        loc = _loc(mine)
        there = Note("the checkout's field", other.loc)
        if mine.name != other.name:
            yield rules.HDR_SCHEMA_DRIFT(loc, f"field {index + 1} of {fb.table} is {mine.name} here but {other.name} in the checkout", there)
            continue
        if mine.type != other.type:
            yield rules.HDR_SCHEMA_DRIFT(loc, f"{mine.name} is {mine.type} here but {other.type} in the checkout", there)
            continue
        if mine.optional != (other.default == "null"):
            states = ("optional (= null)", "required") if mine.optional else ("required", "optional (= null)")
            yield rules.HDR_SCHEMA_DRIFT(loc, f"{mine.name} is {states[0]} here but {states[1]} in the checkout", there)
            continue
        if mine.type in ZERO or mine.type in schema.enums:
            a, b = _default(mine.type, mine.default, schema.enums), _default(other.type, other.default, schema.enums)
            if a != b:
                yield rules.HDR_SCHEMA_DRIFT(loc, f"{mine.name} defaults to {a} here but {b} in the checkout", there)
    for mine in ours[len(theirs) :]:
        yield rules.HDR_SCHEMA_DRIFT(_loc(mine), f"{mine.name} is not in the checkout's {fb.table}", Note("table here", table.name_loc or table.loc))
    for other in theirs[len(ours) :]:
        yield rules.HDR_SCHEMA_DRIFT(fb.span.at("table"), f"the checkout's {fb.table} has field {other.name}, which the spec lacks", Note("the checkout's field", other.loc))


def _loc(f: FbsFieldView) -> Loc:
    item = f.tensor if f.tensor is not None else f.field
    assert item is not None
    return item.span.loc
