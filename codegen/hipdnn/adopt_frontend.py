"""Read the setters of a hipDNN Attributes class that adoption's names alone do not give, from
their bodies (for `add-op --hipdnn-root`; the class is the one adopt_cxx found):

- a field's own setter, a one-parameter method assigning the field's public member
  (`set_diagonal_band_left_bound(int64_t value) { left_bound = value; ... }`), and the member itself
  when the class has no getter for it: the field's `frontend: {member, setter}`;
- a multi-value setter whose parameters are tensors or fields, in class order, each parameter
  paired with what the body sets from it (`dropout_probability = probability;`,
  `setInput(InputNames::Seed, seed)`, `set_dropout_mask(std::move(mask))`); `pass: value` when its
  one overload takes each tensor by value;
- a source-compatibility setter that only records why it is unsupported
  (`return recordUnsupported("...")`, maybe under `if(value)`: `when: true`): `frontend.unsupported`;
- one that calls a field's setter with its parameter (`return set_diagonal_band_left_bound(value);`):
  `frontend.forwards`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from codegen.hipdnn import cxx_api

_TAKES = {"int": "int", "int64_t": "int64", "float": "float", "bool": "bool", "double": "double"}


@dataclass
class Compat:
    """The class's setters as spec keys; `lines` are the review lines."""

    field_access: dict[str, dict[str, object]] = field(default_factory=dict)
    setters: list[dict[str, object]] = field(default_factory=list)  # {name, args, pass?}
    forwards: list[dict[str, object]] = field(default_factory=list)
    unsupported: list[dict[str, object]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def frontend_lines(self) -> list[str]:
        """`forwards:` and `unsupported:` for the spec's frontend block (two-space indented)."""
        out: list[str] = []
        if self.forwards:
            out.append("  forwards:")
            out += [f"    - {{name: {f['name']}, takes: {f['takes']}, to: {f['to']}}}" for f in self.forwards]
        if self.unsupported:
            out.append("  unsupported:")
            for u in self.unsupported:
                extra = (f", template: {u['template']}" if "template" in u else "") + (", when: true" if u.get("when") else "")
                out.append(f"    - {{name: {u['name']}, takes: {u['takes']}{extra}, reason: {_yaml_text(str(u['reason']))}}}")
        return out

    def setter_lines(self) -> list[str]:
        out = ["  setters:"]
        for s in self.setters:
            out.append(f"    - {{name: {s['name']}, args: [{', '.join(s['args'])}]" + (", pass: value}" if s.get("pass") else "}"))  # type: ignore[arg-type]
        return out


def literal(text: str, spec_type: str) -> object | None:
    """A member initializer's value as the spec's `default` for a field of `spec_type` (None: not a literal)."""
    text = text.strip().lstrip("=").strip().strip("{}").strip()
    if spec_type == "bool" and text in ("true", "false"):
        return text == "true"
    if spec_type.startswith(("int", "uint")) and re.fullmatch(r"-?\d+", text):
        return int(text)
    if spec_type in ("float", "double") and re.fullmatch(r"-?\d+(\.\d*)?([eE]-?\d+)?f?", text):
        return float(text.rstrip("f"))
    return None


def _yaml_text(text: str) -> str:
    from codegen.plumbing import escape

    return escape.yaml_string(text)


def methods(text: str, cls: str) -> list[cxx_api.Defined]:
    """The class's methods returning it by reference, in class order, with their bodies (cxx_api's
    reading of the class; a method with more than `const` after its parameters is left out)."""
    internals = cxx_api.class_internals(text, cls)
    if internals is None:
        return []
    return [m for m in internals.methods if m.plain and m.return_type == f"{cls}&"]


def _takes(method: cxx_api.Defined) -> dict[str, object] | None:
    ptype = method.params[0].type
    if method.template is not None and ptype.startswith(method.template):
        return {"takes": "callable", "template": method.template}
    if "TensorAttributes" in ptype:
        return {"takes": "tensor"}
    bare = ptype.replace("const", "").strip()
    return {"takes": _TAKES[bare]} if bare in _TAKES else None


def read(text: str, cls: str, tensors: dict[str, str], fields: list[str], getters: set[str]) -> Compat:
    """`tensors`: each tensor's InputNames/OutputNames enumerator -> its name; `fields` the op's
    fields; `getters` the class's getter names."""
    out = Compat()
    internals = cxx_api.class_internals(text, cls)
    found = methods(text, cls)
    field_setters: dict[str, str] = {}  # setter -> field
    for m in found:
        if len(m.params) == 1:
            assigned = re.fullmatch(rf"\{{\s*(\w+)\s*=\s*{re.escape(m.params[0].name)}\s*;\s*return\s*\*\s*this\s*;\s*\}}", m.body)
            if assigned and assigned[1] in fields:
                field_setters.setdefault(m.name, assigned[1])
    members = set(internals.defaults) if internals is not None else set()
    for f in fields:
        if f in members and f"get_{f}" not in getters:
            access: dict[str, object] = {"member": f}
            setter = next((s for s, target in field_setters.items() if target == f), None)
            if setter is not None:
                access["setter"] = setter
            out.field_access[f] = access
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for m in found:
        reason = re.search(r'recordUnsupported\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)', m.body)
        if reason is not None and len(m.params) == 1:
            takes = _takes(m)
            if takes is None:
                continue
            entry: dict[str, object] = {"name": m.name, **takes, "reason": reason[1]}
            if re.search(rf"\bif\s*\(\s*{re.escape(m.params[0].name)}\s*\)|\b{re.escape(m.params[0].name)}\s*\?", m.body):
                entry["when"] = True
            out.unsupported.append(entry)
            continue
        forward = re.fullmatch(r"\{\s*return\s+(\w+)\s*\((.*)\)\s*;\s*\}", m.body, re.S)
        if forward is not None and len(m.params) == 1 and forward[1] in field_setters and m.name not in field_setters:
            takes = _takes(m)
            if takes is not None and takes["takes"] != "tensor":
                out.forwards.append({"name": m.name, "takes": takes["takes"], "to": field_setters[forward[1]]})
            continue
        if len(m.params) < 2:
            continue
        args: list[str] = []
        for param in m.params:  # what the body sets from each parameter
            p = re.escape(param.name)
            target = re.search(rf"\b(\w+)\s*=\s*{p}\s*;", m.body)
            via_enum = re.search(rf"set(?:Input|Output)\s*\(\s*\w+::(\w+)\s*,\s*(?:std::move\s*\(\s*)?{p}\b", m.body)
            via_setter = re.search(rf"\bset_(\w+)\s*\(\s*(?:std::move\s*\(\s*)?{p}\b", m.body)
            if target and target[1] in fields:
                args.append(target[1])
            elif via_enum and via_enum[1] in tensors:
                args.append(tensors[via_enum[1]])
            elif via_setter and via_setter[1] in tensors.values():
                args.append(via_setter[1])
            else:
                break
        if len(args) != len(m.params):
            continue
        key = (m.name, tuple(args))
        if key in seen:  # a copy and a move overload: one setter
            for s in out.setters:
                if (s["name"], tuple(s["args"])) == key:  # type: ignore[arg-type]
                    s.pop("pass", None)
            continue
        seen.add(key)
        entry = {"name": m.name, "args": args}
        tensor_types = [p.type for p in m.params if "TensorAttributes" in p.type]
        if tensor_types and all(t.replace(" ", "") == "std::shared_ptr<TensorAttributes>" for t in tensor_types):
            entry["pass"] = True
        out.setters.append(entry)
    if out.unsupported or out.forwards:
        out.lines.append(f"{cls}: source-compatibility setters: {len(out.unsupported)} recording unsupported use, "
                         f"{len(out.forwards)} forwarding to a field's setter")
    return out


def adopt(draft, found) -> None:  # type: ignore[no-untyped-def]
    """The Attributes class's setters its bodies state (adopt_frontend): each field's own setter and
    member, multi-value setters taking fields, and the source-compatibility setters."""
    if found.cls is None:
        return
    keys = {t.name.replace("_", "").lower(): t.name for t in draft.tensors}
    enumerators: dict[str, str] = {}
    for enum in found.cls.cls.enums:
        if enum.name in ("InputNames", "OutputNames"):
            for e in enum.enumerators:
                if e.name.replace("_", "").lower() in keys:
                    enumerators[e.name] = keys[e.name.replace("_", "").lower()]
    for tensor, access in draft.cxx.access.items():
        if "enumerator" in access:
            enumerators[str(access["enumerator"])] = tensor
    for enumerator, tensor in enumerators.items():  # hipDNN's spelling where it is not the derived NAME (SDPA's dO)
        if enumerator != tensor.upper():
            draft.cxx.access.setdefault(tensor, {}).setdefault("enumerator", enumerator)
    getters = {g.name for g in found.cls.facts.getters}
    compat = read(found.cls.text, found.cls.name, enumerators, [f.name for f in draft.fields], getters)
    for name, access in compat.field_access.items():
        draft.cxx.access.setdefault(name, {}).update(access)
    draft.cxx.lines += compat.lines
    setattr(draft, "compat", compat)
    documented(draft, cxx_api.class_internals(found.cls.text, found.cls.name))
    members = {m.name: m for m in found.cls.cls.members}
    for f in draft.fields:  # a number the schema leaves unsaid: the public member's initializer
        member = members.get(f.name)
        if f.default is None and not f.optional and f.enum is None and member is not None and member.default is not None:
            value = literal(member.default, f.type)
            if value is not None:
                f.default = value
                draft.cxx.lines.append(f"{f.name}: default {member.default} ({found.cls.name}'s member initializer)")


def documented(draft, internals: cxx_api.Internals | None) -> None:  # type: ignore[no-untyped-def]
    """The checkout's documentation as the spec's descriptions: the class's doc comment, a field's
    on its member (else its getter), a tensor's on its getter. cxx_api.doc_text has cleaned and
    bounded the text; the spec writer quotes it (escape.yaml_string)."""
    if internals is None:
        return
    draft.description = internals.doc
    for t in draft.tensors:
        getter = str(draft.cxx.access.get(t.name, {}).get("getter", f"get_{t.name}"))
        t.description = internals.docs.get(getter, "")
    for f in draft.fields:
        access = draft.cxx.access.get(f.name, {})
        member = str(access.get("member", f.name))
        getter = str(access.get("getter", f"get_{f.name}"))
        f.description = internals.docs.get(member) or internals.docs.get(getter, "")


def with_compat(text: str, compat: Compat, cxx_setters: list[tuple[str, list[str]]]) -> str:
    """The frontend block with the setters adopt_frontend read: the multi-value setters when they are
    not adopt_cxx's, then `forwards:` and `unsupported:`."""
    lines = text.split("\n")
    mine = [(str(s["name"]), [str(a) for a in s["args"]]) for s in compat.setters]  # type: ignore[attr-defined]
    replace = bool(compat.setters) and (mine != [(n, list(a)) for n, a in cxx_setters] or any(s.get("pass") for s in compat.setters))
    extra = compat.frontend_lines()
    if not replace and not extra:
        return text
    if "frontend:" not in lines:
        at = lines.index("tensors:")
        while at > 0 and lines[at - 1] == "":
            at -= 1
        lines[at:at] = ["# hipDNN's frontend names where they differ from the derived ones (read from the checkout)", "frontend:", ""]
    start = lines.index("frontend:") + 1
    end = start
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    block = lines[start:end]
    if replace:
        if "  setters:" in block:
            at = block.index("  setters:")
            stop = at + 1
            while stop < len(block) and block[stop].startswith("    "):
                stop += 1
            block[at:stop] = compat.setter_lines()
        else:
            block += compat.setter_lines()
    block += extra
    return "\n".join(lines[:start] + block + lines[end:])
