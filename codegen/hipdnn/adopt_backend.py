"""What adopting an op reads from its backend operation descriptor, when the checkout has one
(backend/src/descriptors/<Stem>OperationDescriptor.hpp and .cpp, the per-op files `apply` writes
for a new op):

- a tensor getter hipDNN spells otherwise than the derived `get<Pascal>Desc` (SDPA backward's
  `getDBiasDesc` for dbias, SdpaBwdOperationDescriptor.hpp id 55447567807): the tensor's
  `backend: {getter}`;
- what `fromNode()` does with an optional tensor whose UID is set but not in the tensor map
  (SdpaBwdOperationDescriptor.cpp id 55326217242 looks each one up with `findOptionalTensor`, which
  leaves it unset): `from_node_missing_optional: leave_null`. The form this tool writes (a
  `tensorMap.find` whose miss is skipped) reads the same way; `findTensorInMap` on the UID fails,
  the default, and is written as nothing.

A getter matches a tensor when the two spell the same letters but for case and underscores; a
file that is missing or has no such class gives nothing, and an fromNode whose optional tensors
disagree is said for review, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from codegen.hipdnn import adopt_shared, cxx_api
from codegen.views.naming import pascal

DESCRIPTORS = "backend/src/descriptors"


@dataclass
class Backend:
    """The backend descriptor's facts for the draft (empty: the checkout has no such file)."""

    getters: dict[str, str] = field(default_factory=dict)  # tensor -> hipDNN's getter, where not derived
    missing_optional: str | None = None  # "leave_null" when fromNode() leaves a missing optional tensor unset
    lines: list[str] = field(default_factory=list)  # what was read, for the review summary


def _key(name: str) -> str:
    return name.replace("_", "").lower()


def _from_node_body(text: str, cls: str) -> str | None:
    """The body of `cls::fromNode(...)`, braces balanced (None: no definition)."""
    head = re.search(rf"\b{re.escape(cls)}\s*::\s*fromNode\s*\(", text)
    if head is None:
        return None
    start = text.find("{", head.end())
    found = adopt_shared.brace_body(text, start) if start >= 0 else None
    return "{" + found[0] + "}" if found is not None else None


def _missing_optional(body: str, uid: str) -> str | None:
    """How fromNode() looks up one optional tensor's UID field: leave_null, fail or None (not read)."""
    ref = rf"\w+->{re.escape(uid)}"
    if re.search(rf"findOptionalTensor\s*\(\s*\w+\s*,\s*{ref}\s*\)", body):
        return "leave_null"
    if re.search(rf"(\w+)\.find\(\s*\*{ref}\s*\)", body) and re.search(r"!=\s*\w+\.end\(\)", body):
        return "leave_null"
    if re.search(rf"findTensorInMap\s*\(\s*\w+\s*,\s*\*?{ref}\s*[,)]", body):
        return "fail"
    return None


def read(root: Path, stem: str, tensors: list[tuple[str, bool, str]]) -> Backend:
    """The backend descriptor's getters and fromNode() behaviour for `tensors` (name, optional, UID
    field), from the checkout at `root`."""
    out = Backend()
    cls = f"{stem}OperationDescriptor"
    header = root / DESCRIPTORS / f"{cls}.hpp"
    text = cxx_api.read_source(header)
    if text is not None:
        found = cxx_api.parse(text).cls(cls)
        methods = [m for m in found.methods if re.fullmatch(r"get\w+Desc", m.name) and not m.params] if found is not None else []
        by_key = {_key(m.name): m for m in methods}
        for name, _optional, _uid in tensors:
            derived = f"get{pascal(name)}Desc"
            method = by_key.get(_key(derived))
            if method is not None and method.name != derived:
                out.getters[name] = method.name
                out.lines.append(f"{name}: backend getter {method.name} (derived: {derived}), {DESCRIPTORS}/{cls}.hpp line {method.line}")
    source = cxx_api.read_source(root / DESCRIPTORS / f"{cls}.cpp")
    body = _from_node_body(source, cls) if source is not None else None
    if body is not None:
        ways = {name: _missing_optional(body, uid) for name, optional, uid in tensors if optional}
        read_ways = {w for w in ways.values() if w is not None}
        if read_ways == {"leave_null"}:
            out.missing_optional = "leave_null"
            out.lines.append(f"{cls}::fromNode() leaves an optional tensor missing from the map unset: from_node_missing_optional leave_null")
        elif len(read_ways) > 1:
            out.lines.append(
                f"{cls}::fromNode() treats optional tensors missing from the map differently ("
                + ", ".join(f"{t} {w}" for t, w in ways.items() if w is not None)
                + "): from_node_missing_optional not adopted (review)"
            )
    return out
