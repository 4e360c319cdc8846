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

A node that creates no backend descriptor of its own (cudnn-frontend 1.19.1 builds SDPA backward
from other operations, so cuDNN's SDPA_BWD names are in no cudnn-frontend file) takes the descriptor
and attribute names from cuDNN's own backend header when a cuDNN root is given (`add-op --cudnn-root
DIR`, or the configuration's `cudnn-root`): `include/cudnn_graph.h` under DIR (cuDNN 9's layout; DIR
may also be the include directory itself), read by `backend()`:

- the descriptor is the `cudnnBackendDescriptorType_t` enumerator spelling hipDNN's descriptor type
  (`HIPDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR_EXT` -> `CUDNN_BACKEND_OPERATION_SDPA_BWD_DESCRIPTOR`);
- its attributes are the `cudnnBackendAttributeName_t` enumerators `CUDNN_ATTR_OPERATION_<X>_...` for
  the descriptor's `<X>`; one ending in `DESC` (`_DESC`) is a tensor's, the rest a field's (`MATH_PREC`,
  `COMP_TYPE`: the compute type), matched by the rules above (the name, else each word a prefix), and a
  descriptor stem ending in a doubled `D` (cuDNN's `DODDESC` for dO) also without it;
- a name hipDNN gave `_EXT` and cuDNN spells the same is listed in `ext_predates_cudnn`.

What is not found is said in the review lines and no key is written: an op whose class
cudnn-frontend lacks, or whose node creates no backend descriptor of its own and no cuDNN header gives
the names (none given, the header missing, its enums unreadable, the descriptor absent).
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
HEADERS = ("include/cudnn_graph.h", "cudnn_graph.h")  # under --cudnn-root: an install, or its include directory
DESCRIPTOR_ENUM = "cudnnBackendDescriptorType_t"
ATTRIBUTE_ENUM = "cudnnBackendAttributeName_t"
_TYPEDEF = re.compile(r"\btypedef\s+enum\s*\w*\s*\{([^{}]*)\}\s*(\w+)\s*;")
_ENUMERATOR = re.compile(r"^\s*(\w+)(?:\s+CUDNN_DEPRECATED_ENUM)?\s*(?:=\s*[^,]+)?$")


@dataclass
class Parity:
    """What cudnn-frontend says of one op: the spec's `cudnn` block, and review lines."""

    attributes: str = ""
    graph_method: str = "none"
    setters: list[str] = field(default_factory=list)
    descriptor: str = ""
    backend: list[tuple[str, str]] = field(default_factory=list)
    ext_predates: list[str] = field(default_factory=list)  # names hipDNN gave _EXT before cuDNN spelt them alike
    header: str = ""  # the cuDNN header the descriptor and attributes came from (empty: the checkout's node)
    lines: list[str] = field(default_factory=list)
    found: bool = False  # False: no key is written (the lines say why)

    def yaml(self, shown: str) -> list[str]:
        out = [f"# cuDNN parity, read from the cudnn-frontend checkout {shown} by add-op (attributes class, setters,",
               f"# Graph method; the backend descriptor and attributes from cuDNN's {self.header})." if self.header else
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
        if self.ext_predates:
            out.append(f"  ext_predates_cudnn: [{', '.join(self.ext_predates)}]")
        return out


@dataclass
class Hipdnn:
    """The op's hipDNN backend names, which the cuDNN header's are found by: its descriptor type and
    each tensor's, field's and the compute type's attribute (owner -> name)."""

    descriptor: str
    attributes: dict[str, str] = field(default_factory=dict)




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


def _enums(text: str) -> dict[str, list[str]]:
    """The header's `typedef enum {...} name;` blocks: name -> enumerators (an entry not of the form
    `NAME [= value]` is left out, so a malformed block reads as fewer names)."""
    text = re.sub(r"^[ \t]*#[^\n]*", "", _COMMENT.sub("", text), flags=re.M)  # and preprocessor lines
    out: dict[str, list[str]] = {}
    for block in _TYPEDEF.finditer(text):
        names = [m[1] for part in block[1].split(",") if (m := _ENUMERATOR.match(part.strip())) is not None]
        out[block[2]] = names
    return out


def backend(root: Path, hipdnn: Hipdnn, tensors: list[str], fields: list[str], out: Parity) -> bool:
    """cuDNN's descriptor and attribute names for the op from the backend header under `root`
    (`include/cudnn_graph.h`) into `out`; `tensors` and `fields` are the op's names. False (with the
    reason in `out.lines`) when the header does not give the descriptor."""
    path = next((root / h for h in HEADERS if (root / h).is_file()), None)
    text = cxx_api.read_source(path) if path is not None else None
    if path is None or text is None:
        out.lines.append(f"cuDNN parity: no readable {HEADERS[0]} (nor {HEADERS[1]}) under the cuDNN root {root}: no cudnn key written")
        return False
    shown = next(h for h in HEADERS if root / h == path)
    enums = _enums(text)
    missing = [e for e in (DESCRIPTOR_ENUM, ATTRIBUTE_ENUM) if not enums.get(e)]
    if missing:
        out.lines.append(f"cuDNN parity: {shown} has no readable `typedef enum {{...}} {missing[0]};`: no cudnn key written (review the header)")
        return False
    descriptor = "CUDNN_" + hipdnn.descriptor.removeprefix("HIPDNN_").removesuffix("_EXT")
    if not descriptor.startswith("CUDNN_BACKEND_OPERATION_") or descriptor not in enums[DESCRIPTOR_ENUM]:
        out.lines.append(f"cuDNN parity: {shown}'s {DESCRIPTOR_ENUM} has no {descriptor} (hipDNN's {hipdnn.descriptor}): no cudnn key written; "
                         "state `descriptor: none` by hand if cuDNN has no such operation")
        return False
    out.descriptor, out.header = descriptor, shown
    prefix = "CUDNN_ATTR_OPERATION_" + descriptor.removeprefix("CUDNN_BACKEND_OPERATION_").removesuffix("_DESCRIPTOR") + "_"
    owners: dict[str, str] = {}
    unowned: list[str] = []
    for name in enums[ATTRIBUTE_ENUM]:
        if not name.startswith(prefix):
            continue
        stem = name.removeprefix(prefix)
        owner: str | None
        if stem.endswith("DESC"):
            stem = stem.removesuffix("DESC").removesuffix("_")
            left = [t for t in tensors if t not in owners.values()]
            owner = _named(stem, left)
            if owner is None and len(stem) > 1 and stem.endswith("D"):  # cuDNN's DODDESC: dO's descriptor
                owner = next((t for t in left if t == stem[:-1].lower()), None)
        elif stem in ("MATH_PREC", "COMP_TYPE"):
            owner = "compute_type"
        else:
            owner = _named(stem, [f for f in fields if f not in owners.values()])
        if owner is None:
            unowned.append(name)
        else:
            owners[name] = owner
    order = tensors + fields + ["compute_type"]
    out.backend = sorted(((o, n) for n, o in owners.items()), key=lambda p: order.index(p[0]))
    for owner, name in [("descriptor", descriptor), *out.backend]:
        ours = hipdnn.descriptor if owner == "descriptor" else hipdnn.attributes.get(owner, "")
        if ours.endswith("_EXT") and ours.removesuffix("_EXT").removeprefix("HIPDNN_") == name.removeprefix("CUDNN_"):
            out.ext_predates.append(owner)
    out.lines.append(f"cuDNN parity: {descriptor} and {len(out.backend)} backend attributes from the cuDNN header {shown}")
    if unowned:
        out.lines.append(f"cuDNN parity: {shown} names {prefix}* attributes no tensor or field of the op matches, left out (review): {', '.join(unowned)}")
    return True


def _words_match(cudnn: str, name: str) -> bool:
    """`PREV_RUNNING_VAR` names prev_running_variance: as many words, each a prefix of the other's."""
    ours, theirs = name.lower().split("_"), cudnn.lower().split("_")
    return len(ours) == len(theirs) and all(o.startswith(t) for o, t in zip(ours, theirs))


def _named(cudnn: str, names: list[str]) -> str | None:
    """The one of `names` cuDNN's word `cudnn` names: the same name, else each word a prefix."""
    if not cudnn:
        return None
    return next((n for n in names if n == cudnn.lower()), None) or next((n for n in names if _words_match(cudnn, n)), None)


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


def read(root: Path, cls: str, tensors: list[tuple[str, str, bool]], fields: list[str], pin: str | None,
         cudnn_root: Path | None = None, hipdnn: Hipdnn | None = None) -> Parity:
    """The op's parity with cudnn-frontend at `root`: `cls` is hipDNN's cuDNN alias (the class
    cudnn-frontend names), `tensors` the op's (name, role, list) and `fields` its field names;
    `cudnn_root` (a cuDNN install) and `hipdnn` (the op's hipDNN backend names) give the names of an
    op whose node creates no descriptor of its own."""
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
        composite = f"cuDNN parity: {node_file} creates no backend descriptor of its own (cudnn-frontend builds the op from other operations)"
        if cudnn_root is None or hipdnn is None:
            out.lines.append(f"{composite}: no cudnn key written; pass --cudnn-root DIR (a cuDNN install) to read cuDNN's names from its backend header")
            return out
        out.lines.append(f"{composite}: cuDNN's names are read from the cuDNN root (class {cls}, Graph::{out.graph_method}, "
                         f"{len(out.setters)} setters from the checkout)")
        out.found = backend(cudnn_root, hipdnn, [n for n, _r, lst in tensors if not lst], fields, out)
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
