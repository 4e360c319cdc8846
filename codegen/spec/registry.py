"""The registry of numbers hipDNN owns that no spec describes (`op_specs/registry.yaml`)."""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import TYPE_CHECKING

from codegen.spec.model import NamedValue, Span, _Entry, span_of
if TYPE_CHECKING:
    from codegen.spec.yaml_loader import Document

REGISTRY_FILE = "registry.yaml"


@dataclass(frozen=True)
class AttributeBlock:
    owner: str
    range: tuple[int, int]
    used: tuple[tuple[int, int], ...]
    inside: str | None
    span: Span


@dataclass(frozen=True)
class Reserved:
    kind: str  # attribute_ids | descriptor_types | operation_types
    range: tuple[int, int]
    name: str | None
    reason: str
    span: Span


@dataclass(frozen=True)
class Registry:
    path: str
    blocks: tuple[AttributeBlock, ...]
    attributes: tuple[NamedValue, ...]
    descriptor_types: tuple[NamedValue, ...]
    operation_types: tuple[NamedValue, ...]
    union_members: tuple[NamedValue, ...]
    type_tags: tuple[NamedValue, ...]
    data_types: tuple[NamedValue, ...]
    statuses: tuple[NamedValue, ...]
    reserved: tuple[Reserved, ...]
    node_types: tuple[NamedValue, ...] = ()
    # data type name -> its spelling in hipDNN's JSON utilities (types without one are absent)
    data_type_json: tuple[tuple[str, str], ...] = ()
    content: str = ""  # the digest of what the file says (Document.content_digest): what stamps follow
    specs: tuple[str, ...] = ()  # ops whose numbers their spec holds (left out of the registry)
    # hipDNN's FEATURE_SEMANTICS_REVISION: what the work model's published features mean (None: not recorded)
    feature_semantics_revision: int | None = None
    revision_span: Span | None = None
    cudnn_frontend: str | None = None  # the pinned cudnn-frontend version specs' parity keys follow
    cudnn_frontend_source: str | None = None


def build(doc: Document) -> Registry:
    content = doc.content_digest()  # before the entries pop the document's keys
    top = _Entry(doc, ())
    blocks = []
    for e in top.items("attribute_blocks"):
        low, high = e.pop("range")
        used = tuple((int(a), int(b)) for a, b in e.pop("used"))
        blocks.append(AttributeBlock(e.pop("owner"), (int(low), int(high)), used, e.pop("inside"), e.span))
        e.done()
    data_type_json: list[tuple[str, str]] = []

    def named(key: str) -> tuple[NamedValue, ...]:
        result = []
        for e in top.items(key):
            result.append(NamedValue(e.pop("name"), int(e.pop("value")), e.span, bool(e.pop("confirmed", True))))
            if key == "data_types" and "json" in e.data:
                data_type_json.append((result[-1].name, str(e.pop("json"))))
            e.done()
        return tuple(result)

    attributes = named("attributes")
    descriptor_types = named("descriptor_types")
    operation_types = named("operation_types")
    union_members = named("union_members")
    type_tags = named("type_tags")
    data_types = named("data_types")
    statuses = named("statuses")
    node_types = named("node_types")
    specs = tuple(str(op) for op in top.pop("specs", None) or ())
    revision_span = span_of(doc, (), top.data) if "feature_semantics_revision" in top.data else None
    revision = top.pop("feature_semantics_revision", None)
    cudnn_frontend = cudnn_source = None
    if "cudnn_frontend" in top.data:
        pin = top.child("cudnn_frontend")
        cudnn_frontend, cudnn_source = str(pin.pop("version")), pin.pop("source")
        pin.done()
    reserved = []
    if "reserved" in top.data:
        section = top.child("reserved")
        for kind in ("attribute_ids", "descriptor_types", "operation_types"):
            for e in section.items(kind):
                low, high = e.pop("range")
                reserved.append(Reserved(kind, (int(low), int(high)), e.pop("name"), e.pop("reason"), e.span))
                e.done()
        section.done()
    top.done()
    return Registry(
        doc.path,
        tuple(blocks),
        attributes,
        descriptor_types,
        operation_types,
        union_members,
        type_tags,
        data_types,
        statuses,
        tuple(reserved),
        node_types,
        tuple(data_type_json),
        content,
        specs,
        None if revision is None else int(revision),
        revision_span,
        cudnn_frontend,
        None if cudnn_source is None else str(cudnn_source),
    )


CUDNN_FRONTEND_COMMENT = "# The cudnn-frontend release the specs' `cudnn` parity keys follow; moving it re-checks every op."
SPECS_COMMENT = "# Ops whose numbers their spec in op_specs/ holds: their entries are left out of this file."


def specs_line(ops: list[str] | tuple[str, ...]) -> str:
    return f"specs: [{', '.join(sorted(set(ops)))}]"


def hand_over(text: str, lines: list[int], op: str, used: dict[int, list[tuple[int, int]]] | None = None) -> str:
    """The registry text without the entries on `lines` (1-based; an indented comment just above a
    dropped entry goes with it), with `op` added to its `specs` list: the spec owns them now. `used`
    gives a kept block's line its `used` ranges left (a shared block the op took numbers from)."""
    rows = text.split("\n")
    for line, spans in (used or {}).items():
        shown = ", ".join(f"[{a}, {z}]" for a, z in spans)
        rows[line - 1] = re.sub(r"used: \[\[.*?\]\]", f"used: [{shown}]", rows[line - 1])
    drop = {line - 1 for line in lines}
    for index in sorted(drop):
        if index > 0 and rows[index - 1].startswith("  #"):
            drop.add(index - 1)
    rows = [row for index, row in enumerate(rows) if index not in drop]
    at = next((i for i, row in enumerate(rows) if row.startswith("specs:")), None)
    if at is not None:
        listed = [name.strip() for name in rows[at].partition("[")[2].rpartition("]")[0].split(",") if name.strip()]
        rows[at] = specs_line([*listed, op])
    else:
        at = next((i for i, row in enumerate(rows) if row.startswith("attribute_blocks:")), len(rows))
        rows[at:at] = [SPECS_COMMENT, specs_line([op]), ""]
    return "\n".join(rows)
