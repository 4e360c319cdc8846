"""Read an op's cuDNN parity (the spec's `cudnn` key) from a cudnn-frontend checkout, for `add-op
--cudnn-frontend-root DIR` (or the configuration's `cudnn-frontend-root`).

hipDNN's checkout names the cudnn-frontend class only (its shim's alias); the rest of the key is
cudnn-frontend's own code, read here:

- `include/cudnn_frontend/graph_properties.h`: the attributes class named as hipDNN's alias
  (`class Batchnorm_attributes : public Attributes<Batchnorm_attributes>`), its setters (every
  public method returning the class by reference, in class order, overloads once), and its
  `input_names`/`output_names` enumerators;
- `include/cudnn_frontend/graph_interface.h`: the Graph method taking that class (a
  `[[deprecated]]` forward is skipped);
- `include/cudnn_frontend/node/*.h`: the node holding `<class> attributes;`, whose
  create_cudnn_operations() creates cuDNN's backend descriptor (`CUDNN_BACKEND_OPERATION_..._DESCRIPTOR`)
  and sets each backend attribute with `detail::set_attribute(desc, CUDNN_ATTR_..., ...)`. Each
  attribute belongs to the last tensor enumerator (`<class>::input_names::X`) or attributes member
  (`attributes.block_size`, `attributes.compute_data_type`: the compute type) named before the
  call's end since the previous call; the enumerator is matched to the op's tensor of the same role
  by name (each word a prefix of the tensor's: `PREV_RUNNING_VAR` is prev_running_variance), else
  as the one enumerator and the one tensor of that role left unmatched (RMSNorm backward's
  `INV_VARIANCE` is inv_rms);
- `include/cudnn_frontend_version.h`: the release, compared with the registry's pin.

What is not found is said in the review lines and no key is written: an op whose class
cudnn-frontend lacks, or whose node creates no backend descriptor of its own (cudnn-frontend builds
SDPA backward from other operations, so cuDNN's SDPA_BWD names are in no cudnn-frontend file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from codegen.hipdnn import cxx_api

PROPERTIES = "include/cudnn_frontend/graph_properties.h"
INTERFACE = "include/cudnn_frontend/graph_interface.h"
NODES = "include/cudnn_frontend/node"
VERSION = "include/cudnn_frontend_version.h"
COMPUTE_MEMBER = "compute_data_type"  # the base Attributes' member: the spec's compute_type

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_DESCRIPTOR = re.compile(r"\bCUDNN_BACKEND_(OPERATION_\w+_DESCRIPTOR)\b|\bDescriptorType_t::(OPERATION_\w+_DESCRIPTOR)\b")
_SET = re.compile(r"\bset_attribute\s*\(")
_ATTR = re.compile(r"\bCUDNN_ATTR_\w+")
_OWNER = re.compile(r"\b(input|output)_names::(\w+)|\battributes\.(\w+)")
_NOT_OWNERS = {"inputs", "outputs", "name", "get_non_virtual_uids", "fill_from_context"}
_VERSION = re.compile(r"#define\s+CUDNN_FRONTEND_(MAJOR|MINOR|PATCH)_VERSION\s+(\d+)")


@dataclass
class Parity:
    """What cudnn-frontend says of one op: the spec's `cudnn` block, and review lines."""

    attributes: str = ""
    graph_method: str = "none"
    setters: list[str] = field(default_factory=list)
    descriptor: str = ""
    backend: list[tuple[str, str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    found: bool = False  # False: no key is written (the lines say why)

    def yaml(self, shown: str) -> list[str]:
        out = [f"# cuDNN parity, read from the cudnn-frontend checkout {shown} by add-op (attributes class, setters,",
               "# Graph method, and the backend descriptor and attributes its node sets).",
               "cudnn:",
               f"  attributes: {self.attributes}",
               f"  graph_method: {self.graph_method}"]
        if self.setters:
            out.append(f"  setters: [{', '.join(self.setters)}]")
        out.append(f"  descriptor: {self.descriptor}")
        if self.backend:
            out.append("  backend:")
            out += [f"    {name}: {attribute}" for name, attribute in self.backend]
        return out




def version(root: Path) -> str | None:
    """The checkout's release (`1.19.1`), from cudnn_frontend_version.h."""
    text = cxx_api.read_source(root / VERSION)
    if text is None:
        return None
    parts = dict(_VERSION.findall(text))
    if {"MAJOR", "MINOR", "PATCH"} - set(parts):
        return None
    return f"{int(parts['MAJOR'])}.{int(parts['MINOR'])}.{int(parts['PATCH'])}"


def derived_alias(stem: str) -> str:
    """hipDNN's cuDNN-style alias for a frontend stem when its class states none (`Batchnorm_backward_attributes`)."""
    text = "_".join(w.lower() for w in re.findall(r"[A-Z][a-z0-9]*", stem)) + "_attributes"
    return text[:1].upper() + text[1:]


def _words_match(cudnn: str, name: str) -> bool:
    """`PREV_RUNNING_VAR` names prev_running_variance: as many words, each a prefix of the other's."""
    ours, theirs = name.lower().split("_"), cudnn.lower().split("_")
    return len(ours) == len(theirs) and all(o.startswith(t) for o, t in zip(ours, theirs))


def _pair(enumerators: list[str], tensors: list[str]) -> dict[str, str]:
    """cudnn-frontend's enumerators of one role -> the op's tensors of that role."""
    out: dict[str, str] = {}
    for e in enumerators:
        match = next((t for t in tensors if t == e.lower() and t not in out.values()), None)
        match = match or next((t for t in tensors if _words_match(e, t) and t not in out.values()), None)
        if match is not None:
            out[e] = match
    left_e = [e for e in enumerators if e not in out]
    left_t = [t for t in tensors if t not in out.values()]
    if len(left_e) == 1 and len(left_t) == 1:
        out[left_e[0]] = left_t[0]
    return out


def _call_end(text: str, start: int) -> int:
    """The index just past the parenthesis that closes the call opened at `start` (an index past `(`)."""
    depth = 1
    i = start
    while i < len(text) and depth:
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
        i += 1
    return i


def _node(root: Path, cls: str) -> tuple[str, str] | None:
    """The node file holding `<cls> attributes;` and the node class's text from there on."""
    folder = root / NODES
    if not folder.is_dir():
        return None
    member = re.compile(rf"\b{re.escape(cls)}\s+attributes\s*;")
    for path in sorted(folder.glob("*.h")):
        text = cxx_api.read_source(path)
        if text is None:
            continue
        text = _COMMENT.sub("", text)
        found = member.search(text)
        if found is None:
            continue
        end = text.find("\n};", found.end())
        return f"{NODES}/{path.name}", text[found.end(): end if end >= 0 else len(text)]
    return None


def read(root: Path, cls: str, tensors: list[tuple[str, str, bool]], fields: list[str], pin: str | None) -> Parity:
    """The op's parity with cudnn-frontend at `root`: `cls` is hipDNN's cuDNN alias (the class
    cudnn-frontend names), `tensors` the op's (name, role, list) and `fields` its field names."""
    out = Parity()
    release = version(root)
    if release is None:
        out.lines.append(f"cuDNN parity: {VERSION} not found or without its version defines: the checkout's release is unknown (review)")
    elif pin is not None and release != pin:
        out.lines.append(f"cuDNN parity: the cudnn-frontend checkout is {release}, the registry pins {pin}: the names below are {release}'s (review)")
    properties = cxx_api.read_source(root / PROPERTIES)
    if properties is None:
        out.lines.append(f"cuDNN parity: no {PROPERTIES} in the cudnn-frontend checkout: no cudnn key written")
        return out
    api = cxx_api.parse(properties)
    klass = next((c for c in api.classes if c.name == cls and any(b.startswith("Attributes<") for b in c.bases)), None)
    if klass is None:
        out.lines.append(f"cuDNN parity: {PROPERTIES} has no class {cls} (hipDNN's alias): no cudnn key written; "
                         "state `cudnn: {attributes: none, descriptor: none}` by hand if cuDNN has no such operation")
        return out
    out.attributes = cls
    for m in klass.methods:  # the setters: public methods returning the class itself, overloads once
        if m.return_type == f"{cls}&" and not m.name.startswith("_") and m.name not in out.setters:
            out.setters.append(m.name)
    interface = cxx_api.read_source(root / INTERFACE)
    if interface is not None:
        lines = interface.split("\n")
        graph = cxx_api.parse(interface).cls("Graph")
        for m in graph.methods if graph is not None else ():
            deprecated = "[[deprecated]]" in (lines[m.line - 1] if 0 < m.line <= len(lines) else "")
            if cls in m.param_types and not deprecated:
                out.graph_method = m.name
                break
    if out.graph_method == "none":
        out.lines.append(f"cuDNN parity: {INTERFACE} has no Graph method taking {cls}: graph_method none")
    node = _node(root, cls)
    if node is None:
        out.lines.append(f"cuDNN parity: no node in {NODES}/ holds `{cls} attributes;`: no cudnn key written")
        return out
    node_file, body = node
    descriptor = _DESCRIPTOR.search(body)
    if descriptor is None:
        out.lines.append(f"cuDNN parity: {node_file} creates no backend descriptor of its own (cudnn-frontend builds the op from "
                         "other operations): no cudnn key written; cuDNN's descriptor and attribute names are stated by hand")
        return out
    out.descriptor = "CUDNN_BACKEND_" + (descriptor[1] or descriptor[2])
    enums = {e.name: [x.name for x in e.enumerators] for e in klass.enums}
    singles = [(n, r) for n, r, lst in tensors if not lst]
    pairs = {role: _pair(enums.get(f"{role}_names", []), [n for n, r in singles if r == role]) for role in ("input", "output")}
    lists = {n for n, _r, lst in tensors if lst}
    taken: set[str] = set()
    unowned: list[str] = []
    previous = 0
    for call in _SET.finditer(body):
        if call.start() < previous:  # inside the previous call (or after an unclosed one): each character read once
            continue
        end = _call_end(body, call.end())
        attribute = _ATTR.search(body, call.end(), end)
        segment = body[previous:end]
        previous = end
        if attribute is None:
            continue
        owner = None
        for o in _OWNER.finditer(segment):
            if o[1]:
                owner = pairs[o[1]].get(o[2]) or f"?{o[1]}_names::{o[2]}"
            elif o[3] not in _NOT_OWNERS:
                owner = "compute_type" if o[3] == COMPUTE_MEMBER else (o[3] if o[3] in lists or o[3] in fields else f"?attributes.{o[3]}")
        if owner is None:  # the operation's own settings (a mode, a phase): no tensor or field of the op
            continue
        if owner.startswith("?"):
            unowned.append(f"{attribute[0]} ({owner[1:]})")
        elif owner not in taken:
            taken.add(owner)
            out.backend.append((owner, attribute[0]))
    if not out.backend:  # e.g. a node building through OperationBuilder's setters (setxDesc ...), a form not read
        out.lines.append(f"cuDNN parity: {node_file} sets no backend attribute through detail::set_attribute that adoption could "
                         "give a tensor: no cudnn key written (a node built with OperationBuilder setters is not read)")
        return out
    out.found = True
    out.lines.append(
        f"cuDNN parity from the cudnn-frontend checkout{f' ({release})' if release else ''}: class {cls} ({PROPERTIES}), "
        f"Graph::{out.graph_method}, {len(out.setters)} setters, {out.descriptor} and {len(out.backend)} backend attributes ({node_file})"
    )
    if unowned:
        out.lines.append(f"cuDNN parity: {node_file} sets attributes no tensor or field of the op matches, left out (review): {', '.join(unowned)}")
    return out
