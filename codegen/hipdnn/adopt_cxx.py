"""What adopting an op takes from a hipDNN checkout's C++ (through cxx_api): the Graph method's
name, parameters and return shape (Graph.hpp), the Attributes class's accessors, optional fields,
frontend-only flags, multi-value setters, InputNames/OutputNames enumerators and cuDNN alias
(attributes/<X>Attributes.hpp). Only names that differ from the derived default are written."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codegen.hipdnn import cxx_api

GRAPH_HPP = "frontend/include/hipdnn_frontend/Graph.hpp"
DETAIL_DIR = "frontend/include/hipdnn_frontend/detail"  # <Op>Packer.hpp: create<Op>Operation
ATTRIBUTES_DIR = "frontend/include/hipdnn_frontend/attributes"
TENSOR = "std::shared_ptr<TensorAttributes>"
MAX_HEADER = 4 * 1024 * 1024


def _key(name: str) -> str:
    """A name's spelling-free key: invVariance, inv_variance and INV_VARIANCE agree."""
    return name.replace("_", "").lower()


def _bare(type_text: str) -> str:
    """A parameter's type without const, references and namespace qualifiers."""
    text = cxx_api.normalize(type_text).replace("const ", "").rstrip("&").strip()
    return text.rpartition("::")[2]


def _read(path: Path) -> str | None:
    return cxx_api.read_source(path, MAX_HEADER)


@dataclass
class Facts:
    """The checkout's C++ facts about one op, ready for the draft."""

    roles: dict[str, str] = field(default_factory=dict)  # tensor -> input|output (for scaffold.from_fbs)
    role_source: str = ""
    graph_method: str | None = None  # hipDNN's name when it is not the op id
    returns: str | list[str] | None = None  # graph_returns when not the default
    attributes_class: str | None = None
    attributes_header: str | None = None
    cudnn_alias: str | None = None
    flags: list[dict] = field(default_factory=list)  # {name, default, aliases, creates}
    setters: list[tuple[str, list[str]]] = field(default_factory=list)
    access: dict[str, dict[str, object]] = field(default_factory=dict)  # tensor/field -> frontend keys
    order: list[str] = field(default_factory=list)  # tensors as InputNames then OutputNames list them (empty: schema order)
    lines: list[str] = field(default_factory=list)
    constructor: bool = True  # False: the class declares no constructor
    equality: tuple[list[str], list[str]] | None = None  # (logical, strict) fields its equality hooks compare
    graph_params: list[str] | None = None  # the Graph method's tensor parameters, when not the required inputs
    graph_creates: list[str] = field(default_factory=list)  # optional outputs the Graph method always creates
    # those it creates only when every listed optional input is set (graph_creates_when), in graph_creates
    graph_creates_when: list[tuple[str, list[str]]] = field(default_factory=list)
    setter_tests: dict[str, str] = field(default_factory=dict)  # multi-value setter -> its test name, when not derived

    @property
    def exact(self) -> list[str]:
        """The frontend block's exact-API keys, as YAML lines (two-space indented), defaults left out."""
        lines: list[str] = []
        if not self.constructor:
            lines.append("  constructor: false")
        if self.graph_params is not None:
            lines.append(f"  graph_params: [{', '.join(self.graph_params)}]")
        if self.graph_creates:
            lines.append(f"  graph_creates: [{', '.join(self.graph_creates)}]")
        if self.graph_creates_when:
            lines.append("  graph_creates_when:")
            lines += [f"    {name}: [{', '.join(inputs)}]" for name, inputs in self.graph_creates_when]
        if self.equality is not None:
            logical, strict = self.equality
            lines.append(f"  equality: {{logical: [{', '.join(logical)}], strict: [{', '.join(strict)}]}}")
        return lines


@dataclass
class _Class:
    name: str
    header: str  # file stem
    text: str
    facts: cxx_api.AttributesFacts
    cls: cxx_api.Class


def _classes(root: Path) -> dict[str, _Class]:
    found: dict[str, _Class] = {}
    folder = root / ATTRIBUTES_DIR
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*.hpp")):
        text = _read(path)
        if text is None:
            continue
        api = cxx_api.parse(text)
        for c in api.classes:
            if c.name.endswith("Attributes") and "::" not in c.qualified.removeprefix("hipdnn_frontend::graph::"):
                facts = cxx_api.attributes_class(text, c.name)
                if facts is not None:
                    found.setdefault(c.name, _Class(c.name, path.stem, text, facts, c))
    return found


def _graph_methods(root: Path) -> tuple[cxx_api.Function, ...]:
    text = _read(root / GRAPH_HPP)
    if text is None:
        return ()
    graph = cxx_api.parse(text).cls("Graph")
    return graph.methods if graph is not None else ()


def roles(root: Path, op: str, table: str, tensors: list[str]) -> tuple[dict[str, str], str, "_Found"]:
    """Tensor roles the checkout states (the Attributes class's InputNames/OutputNames, else the Graph
    method's tensor parameters as inputs), where they came from, and what was found."""
    found = _find(root, op, table)
    given: dict[str, str] = {}
    by_key = {_key(t): t for t in tensors}
    source = ""
    if found.cls is not None:
        for enum_name, role in (("InputNames", "input"), ("OutputNames", "output")):
            enum = _names_enum(found.cls.cls, enum_name)
            for e in enum.enumerators if enum is not None else ():
                if _key(e.name) in by_key:
                    given[by_key[_key(e.name)]] = role
        if given:
            source = f"the checkout's {found.cls.name} InputNames/OutputNames"
    if found.method is not None and not given:
        for p in found.method.params:
            if _bare(p.type) == "std::shared_ptr<TensorAttributes>" and _key(p.name) in by_key:
                given[by_key[_key(p.name)]] = "input"
        if given:
            source = f"the checkout's Graph::{found.method.name} parameters"
    return given, source, found


def _names_enum(cls: cxx_api.Class, name: str) -> cxx_api.Enum | None:
    """InputNames/OutputNames, or their snake spelling (hipDNN's reduction has `input_names`)."""
    return cls.enum(name) or cls.enum(re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower())


@dataclass
class _Found:
    method: cxx_api.Function | None = None
    cls: _Class | None = None


def _find(root: Path, op: str, table: str) -> _Found:
    """The op's Graph method and Attributes class: the class named as the schema's table, else the
    class the Graph method named as the op takes; the method taking that class, the op's own name first."""
    classes = _classes(root)
    methods = _graph_methods(root)

    def takes(m: cxx_api.Function) -> str | None:
        return _bare(m.params[-1].type) if m.params else None

    cls = classes.get(table)
    method = None
    if cls is not None:
        taking = [m for m in methods if takes(m) == cls.name]
        method = next((m for m in taking if m.name == op), taking[0] if taking else None)
    else:
        method = next((m for m in methods if m.name == op), None)
        if method is not None and takes(method) in classes:
            cls = classes[takes(method) or ""]
    return _Found(method, cls)


SCALARS = ("int64", "int32", "float", "double", "bool")  # the field types the frontend may keep std::optional


def facts(root: Path, found: _Found, op: str, frontend_stem: str, tensors: list[tuple[str, str, bool]], fields: list[tuple[str, bool, str]]) -> Facts:
    """The frontend keys a spec needs to reproduce the checkout's API. `tensors` are (name, role,
    optional), `fields` (name, schema-optional, spec type)."""
    out = Facts()
    names = [t for t, _, _ in tensors] + [f for f, _, _ in fields]
    by_key = {_key(n): n for n in names}
    m = found.method
    if m is not None:
        if m.name != op:
            out.graph_method = m.name
        shape = cxx_api.return_shape(m.return_type)
        outputs = [t for t, role, _ in tensors if role == "output"]
        order = outputs
        if found.cls is not None and (enum := _names_enum(found.cls.cls, "OutputNames")) is not None:
            listed = [by_key[_key(e.name)] for e in enum.enumerators if _key(e.name) in by_key]
            order = listed + [t for t in outputs if t not in listed]
        required_outputs = [t for t, role, optional in tensors if role == "output" and not optional]
        if shape.kind == "single" and len(order) >= 1:
            out.returns = (required_outputs or order)[0]
        elif shape.kind == "array" and shape.count == len(order) and len(order) != len(required_outputs):
            out.returns = order
        out.lines.append(f"Graph::{m.name} (Graph.hpp:{m.line}) returns {'one tensor' if shape.kind == 'single' else f'{shape.count} tensors'}")
        params = [by_key.get(_key(p.name)) for p in m.params if _bare(p.type) == _bare(TENSOR)]
        required_inputs = [t for t, role, optional in tensors if role == "input" and not optional]
        if params and all(params) and params != required_inputs:
            out.graph_params = [p for p in params if p]
            out.lines.append(f"Graph::{m.name} takes the tensors {', '.join(out.graph_params)} (not every required input)")
        optional_inputs = [t for t, role, optional in tensors if role == "input" and optional]
        out.graph_creates, out.graph_creates_when = _graph_creates(root, m, [t for t, role, optional in tensors if role == "output" and optional],
                                                                   optional_inputs)
        when = dict(out.graph_creates_when)
        if always := [t for t in out.graph_creates if t not in when]:
            out.lines.append(f"Graph::{m.name} creates {', '.join(always)} on every call")
        for t, inputs in out.graph_creates_when:
            out.lines.append(f"Graph::{m.name} creates {t} only when {', '.join(inputs)} are set")
    c = found.cls
    if c is None:
        return out
    a = c.facts
    if c.name != f"{frontend_stem}Attributes":
        out.attributes_class = c.name
    if c.header != c.name:
        out.attributes_header = f"hipdnn_frontend/attributes/{c.header}.hpp"
    derived_alias = "_".join(w.lower() for w in re.findall(r"[A-Z][a-z0-9]*", frontend_stem)) + "_attributes"
    derived_alias = derived_alias[:1].upper() + derived_alias[1:]
    if a.alias is not None and a.alias != derived_alias:
        out.cudnn_alias = a.alias
    getters = {g.name: g for g in a.getters}
    setters = {s.name for s in a.setters}
    members = {v.name for v in a.members}
    for name, _role, _opt in tensors:
        access: dict[str, object] = {}
        if f"get_{name}" not in getters and name in members and f"set_{name}" not in setters:
            access["member"] = name
        if access:
            out.access[name] = access
    # tensors InputNames/OutputNames spell otherwise (reduction's `in` and `out` are X and Y):
    # the ones no enumerator names, paired in order with the enumerators no tensor took
    for enum_name, role in (("InputNames", "input"), ("OutputNames", "output")):
        enum = _names_enum(c.cls, enum_name)
        if enum is None:
            continue
        mine = [t for t, r, _ in tensors if r == role]
        left = [t for t in mine if _key(t) not in {_key(e.name) for e in enum.enumerators}]
        spare = [e.name for e in enum.enumerators if _key(e.name) not in {_key(t) for t in mine}]
        if not left or len(left) != len(spare):
            continue
        for tensor, enumerator in zip(left, spare):
            word = enumerator.lower()
            access = {"enumerator": enumerator}
            if f"get_{word}" in getters:
                access["getter"] = f"get_{word}"
            if f"set_{word}" in setters:
                access["setter"] = f"set_{word}"
            out.access.setdefault(tensor, {}).update(access)
            out.lines.append(f"{tensor}: {enum_name}::{enumerator} in {c.name} (paired by place): accessors get_{word}/set_{word}")
    if not any(method.name == c.name for method in c.cls.methods):
        out.constructor = False
        out.lines.append(f"{c.name} declares no constructor")
    internals_all = cxx_api.class_internals(c.text, c.name)
    if internals_all is not None:
        out.equality = _equality(internals_all, [f for f, _, _ in fields])
        if out.equality is not None:
            out.lines.append(f"{c.name}'s logicallyEqualsImpl compares {', '.join(out.equality[0]) or 'no field'}, strictEqualsImpl {', '.join(out.equality[1]) or 'no field'}")
            if not (out.equality[0] and out.equality[1]):  # a hook comparing no field has no spec form
                out.lines.append(f"{c.name}'s equality hooks not adopted: frontend.equality needs a field in each (review)")
                out.equality = None
    packer_name = f"{c.name.removesuffix('Attributes')}Packer.hpp"
    packer = _read(root / DETAIL_DIR / packer_name)
    must_pack: set[str] = set(cxx_api.required_before_packing(packer)) if packer is not None else set()
    internals = internals_all
    for name, schema_optional, kind in fields:
        access = {}
        getter = getters.get(f"get_{name}")
        if getter is None and name in members and f"set_{name}" not in setters:
            access["member"] = name
        if internals is not None and name in internals.defaults and name not in members:
            access["private"] = True
        if getter is not None and re.fullmatch(r"const\s.*&", cxx_api.normalize(getter.type)):
            access["getter_returns"] = "const_ref"
        forms = [_setter_form(method) for method in c.cls.methods if method.name == f"set_{name}" and method.params]
        if forms and forms != ["value"]:
            if not kind.endswith("_vector") and ({"element", "array"} & set(forms)):
                # an element or array overload suits list fields only (SPEC-FRONTEND-FORM): not adopted
                out.lines.append(f"{name}: set_{name} overloads {', '.join(forms)} in {c.name} take parts of a field of type {kind}: setter_forms left derived, review")
            else:
                access["setter_forms"] = forms
        if getter is not None and getter.optional and not schema_optional and kind in SCALARS:
            access["optional"] = True
            if packer is None:
                out.lines.append(f"{name}: std::optional in {c.name} (get_{name}, line {getter.line}); the checkout has no {DETAIL_DIR}/{packer_name}: review required_to_pack")
            elif name in must_pack:
                access["required_to_pack"] = True
                out.lines.append(f"{name}: std::optional in {c.name} (get_{name}, line {getter.line}); {packer_name} refuses to pack it unset (required_to_pack)")
            else:
                out.lines.append(f"{name}: std::optional in {c.name} (get_{name}, line {getter.line}); {packer_name} packs without it")
        if access:
            out.access[name] = access
    # frontend-only flags: a bool get_/set_ pair naming no tensor or field; a has_X(bool) setter aliases it
    for g in a.getters:
        flag = g.name.removeprefix("get_")
        if flag in names or cxx_api.normalize(g.type) != "bool" or f"set_{flag}" not in setters:
            continue
        aliases = [p.name for p in a.presence if len(p.params) == 1 and _bare(p.params[0].type) == "bool"]
        word = flag.split("_", 1)[-1]
        creates = [t for t, role, optional in tensors if role == "output" and optional and t == word]
        aliases = [x for x in aliases if x.split("_", 1)[-1] == word]
        written = internals.defaults.get(flag) if internals is not None else None
        if written in ("true", "false"):
            out.flags.append({"name": flag, "default": written == "true", "aliases": aliases, "creates": creates})
            out.lines.append(f"frontend-only flag {flag} ({c.name} line {g.line}), {written} until set (its member's initializer)")
        else:
            out.flags.append({"name": flag, "default": False, "aliases": aliases, "creates": creates})
            out.lines.append(f"frontend-only flag {flag} ({c.name} line {g.line}); no member {flag} with a true/false initializer, so its default is taken as false: review")
    tensor_names = {t for t, _, _ in tensors}
    out.order = _class_order(c, tensors, {_key(str(v["enumerator"])): t for t, v in out.access.items() if "enumerator" in v})
    seen: set[str] = set()
    for method in c.cls.methods:
        if not method.name.startswith("set_") or len(method.params) < 2 or method.name in seen:
            continue
        args = [by_key.get(_key(p.name)) for p in method.params]
        if not all(arg in tensor_names for arg in args) and internals is not None:
            # parameters named otherwise (`mean` for prev_running_mean): the tensor whose setter the body passes each to
            args = _passed_to(method, internals, tensor_names) or args
        if all(arg in tensor_names for arg in args):
            seen.add(method.name)
            out.setters.append((method.name, [arg for arg in args if arg]))
    out.setter_tests = _setter_tests(root, c.name, out.setters)
    for name, test in out.setter_tests.items():
        out.lines.append(f"{name}: hipDNN's tests name it {test} (frontend/tests/Test{c.name}.cpp)")
    return out


FRONTEND_TESTS = "frontend/tests"


def _setter_tests(root: Path, cls: str, setters: list[tuple[str, list[str]]]) -> dict[str, str]:
    """A multi-value setter's test name where hipDNN's attribute tests (`frontend/tests/Test<Class>.cpp`)
    name it by its arguments (`SetMeanAndInvVarianceMove` for set_saved_mean_and_inv_variance(mean,
    inv_variance)) and not by the setter's own name, the derived one."""
    from codegen.views import naming

    text = _read(root / FRONTEND_TESTS / f"Test{cls}.cpp")
    if text is None:
        return {}
    names = set(re.findall(rf"\bTEST\s*\(\s*Test{re.escape(cls)}\s*,\s*(\w+)\s*\)", text))
    found: dict[str, str] = {}
    for name, args in setters:
        derived = naming.pascal(name)
        by_args = "Set" + "And".join(naming.pascal(a) for a in args)
        has = lambda stem: any(n in names for n in (stem, stem + "Move", stem + "Copy"))  # noqa: E731
        if has(by_args) and not has(derived):
            found[name] = by_args
    return found


def _setter_form(method: cxx_api.Function) -> str:
    """A field setter overload's form: `array` (pointer and length), `element` (value and index),
    `const_ref` (the whole container by const reference), else `value`."""
    first = cxx_api.normalize(method.params[0].type)
    if first.endswith("*"):
        return "array"
    if len(method.params) == 2:
        return "element"
    if re.fullmatch(r"const\s.*&", first):
        return "const_ref"
    return "value"


def _equality(internals: cxx_api.Internals, fields: list[str]) -> tuple[list[str], list[str]] | None:
    """The fields logicallyEqualsImpl and strictEqualsImpl compare (`f == other.f`), in body order, a
    strict hook calling `logicallyEqualsImpl(other)` comparing the logical fields too; None when the
    class defines neither."""
    found: list[list[str]] = []
    for hook in ("logicallyEqualsImpl", "strictEqualsImpl"):
        bodies = internals.bodies.get(hook, ())
        if not bodies:
            return None
        body = bodies[0][1]
        compared = re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*==\s*other\.\1\b", body)
        if found and re.search(r"\blogicallyEqualsImpl\s*\(\s*other\s*\)", body):  # strict as logical (and more)
            compared = found[0] + compared
        found.append(list(dict.fromkeys(f for f in compared if f in fields)))
    return found[0], found[1]


def _graph_creates(root: Path, method: cxx_api.Function, optional_outputs: list[str],
                   optional_inputs: list[str]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Optional outputs the Graph method's body hands its attributes: `set_<t>(v)` at the body's own
    level (inside no branch's braces) with `auto v = outputTensor(...)` there too (always created),
    or `v` declared empty there and `v = outputTensor(...)` inside an `if` whose condition only
    requires optional inputs set (`attributes.get_<input>()`, joined by &&): created only then."""
    text = _read(root / GRAPH_HPP)
    internals = cxx_api.class_internals(text, "Graph") if text is not None else None
    if internals is None:
        return [], []
    names = tuple(p.name for p in method.params)
    body = next((b for params, b in internals.bodies.get(method.name, ()) if tuple(p.name for p in params) == names), None)
    if body is None:
        return [], []

    def top_level(at: int) -> bool:
        return body[:at].count("{") - body[:at].count("}") == 1

    created: list[str] = []
    when: list[tuple[str, list[str]]] = []
    for t in optional_outputs:
        hit = re.search(rf"\bset_{re.escape(t)}\((?:std::move\()?([A-Za-z_][A-Za-z0-9_]*)\)", body)
        if hit is None or not top_level(hit.start()):
            continue
        decl = re.search(rf"\bauto\s*{re.escape(hit[1])}\s*=\s*outputTensor\(", body)
        if decl is not None and top_level(decl.start()):
            created.append(t)
            continue
        empty = re.search(rf"std::shared_ptr<TensorAttributes>\s*{re.escape(hit[1])}\s*;", body)
        made = re.search(rf"\b{re.escape(hit[1])}\s*=\s*outputTensor\(", body)
        if empty is None or made is None or not top_level(empty.start()) or top_level(made.start()):
            continue
        branch = [m for m in re.finditer(r"\bif\s*\(((?:[^()]|\([^()]*\))*)\)\s*\{", body[:made.start()]) if top_level(m.start())]
        if not branch:
            continue
        parts = [p.strip() for p in branch[-1][1].split("&&")]
        needs = [g[1] for g in (re.fullmatch(r"attributes\.get_([a-z0-9_]+)\(\)(?:\s*!=\s*nullptr)?", p) for p in parts) if g]
        if len(needs) == len(parts) and all(n in optional_inputs for n in needs):
            created.append(t)
            when.append((t, needs))
    return created, when


def _passed_to(method: cxx_api.Function, internals: cxx_api.Internals, tensors: set[str]) -> list[str | None] | None:
    """Each parameter's tensor, read from the body of the overload with these parameters: the
    tensor whose own setter (`set_<tensor>(param)` or `set_<tensor>(std::move(param))`) takes it."""
    names = tuple(p.name for p in method.params)
    body = next((text for params, text in internals.bodies.get(method.name, ()) if tuple(p.name for p in params) == names), None)
    if body is None:
        return None
    args: list[str | None] = []
    for param in names:
        hit = re.search(rf"\bset_([a-z][a-z0-9_]*)\((?:std::move\()?{re.escape(param)}\b", body) if param else None
        args.append(hit[1] if hit is not None and hit[1] in tensors else None)
    return args


def _class_order(c: _Class, tensors: list[tuple[str, str, bool]], paired: dict[str, str]) -> list[str]:
    """The tensors in the class's order: inputs as InputNames lists them, then the inputs it does
    not list (schema order), then outputs likewise by OutputNames. Empty when the class lists none.
    `paired` gives the tensors an enumerator of another name stands for (key -> tensor), in its place
    (SDPA backward's Attn_scale and Bias, after Stats)."""
    by_key = {_key(t): t for t, _, _ in tensors} | paired
    order: list[str] = []
    listed = False
    for enum_name, role in (("InputNames", "input"), ("OutputNames", "output")):
        enum = _names_enum(c.cls, enum_name)
        named = [by_key[_key(e.name)] for e in (enum.enumerators if enum is not None else ()) if _key(e.name) in by_key]
        named = [t for t in named if any(t == n and r == role for n, r, _ in tensors)]
        listed = listed or bool(named)
        order += named + [t for t, r, _ in tensors if r == role and t not in named]
    return order if listed else []


NODE_DIR = "frontend/include/hipdnn_frontend/node"  # <Op>Node.hpp: infer_properties_node()


def _node_file(root: Path, found: _Found) -> "tuple[str, cxx_api.Internals] | None":
    """The checkout's node class for the op's Attributes class (`<Stem>Node` in `<Stem>Node.hpp`) and
    its parsed internals; None when the op has no class or the checkout no such node file."""
    if found.cls is None:
        return None
    node = f"{found.cls.name.removesuffix('Attributes')}Node"
    text = _read(root / NODE_DIR / f"{node}.hpp")
    if text is None:  # hipDNN names some nodes by the backend stem (SdpaBwdNode holds SdpaBackwardAttributes)
        folder = root / NODE_DIR
        for path in sorted(folder.glob("*Node.hpp")) if folder.is_dir() else ():
            other = _read(path)
            if other is not None and re.search(rf"\bclass\s+{re.escape(path.stem)}\b", other) and re.search(rf"^\s*{re.escape(found.cls.name)}\s+attributes\s*;", other, re.M):
                node, text = path.stem, other
                break
    internals = cxx_api.class_internals(text, node) if text is not None else None
    return None if internals is None else (node, internals)


@dataclass
class NodeInferences:
    """What a checkout's infer_properties_node() infers."""

    pairs: list[tuple[str, str]]  # (tensor, source): dims copied when empty
    file: str
    otherwise: list[str]  # tensors inferred in a form adoption does not read
    fields: list[tuple[str, list[str]]]  # (field, the tensors its computation reads): set when unset
    formulas: list[dict[str, str]] = field(default_factory=list)  # the spec's infer: entries {tensor, when, dims, strides}


def _formulas(body: str, local: dict[str, str], names: set[str], fields: set[str]) -> list[dict[str, str]]:
    """`infer:` formulas of a body that sets a tensor's dims from a copy of another's with one
    dimension divided (`auto d = x->get_dim(); ... d[i] /= e; t->set_dim(d);`, the index a field
    or one chosen by a field's presence, which gives a formula per case), under the `if` heads
    around it (the target's dims empty and the source's set are the formula's own condition, a
    field's `has_value()` is implied by reading it). The target's strides, when the body then sets
    them in an `if(t->get_stride().empty())` chain: a branch `generateStrides(t->get_dim(), o)` with
    `o = extractStrideOrder(s->get_stride())` gives the formulas again with `strides: order_of(s)`,
    under the negation of the one condition of each earlier branch in a form no strides name
    states; a branch `generateStridesWithPackedAxis(s->get_stride(), s->get_dim(), t->get_dim(), f)`
    under one condition gives the remaining formulas `strides: packed_axis(s, f)` (block-scale
    quantize under `transpose`), else the packed branch leaves them packed, the default."""
    out: list[dict[str, str]] = []
    for m in re.finditer(rf"(?<![\w.])({_REF})->set_dim\(({_NAME})\);", body):
        target = local.get(m[1])
        decl = list(re.finditer(rf"\bauto\s+{m[2]}\s*=\s*({_REF})->get_dim\(\);", body[:m.start()]))
        if target is None or not decl or local.get(decl[-1][1]) is None:
            continue
        source = local[decl[-1][1]]
        edits = list(re.finditer(rf"\b{m[2]}\[({_NAME})(?:\.value\(\))?\]/=([^;]+);", body[decl[-1].end():m.start()]))
        if len(edits) != 1:
            continue
        at = decl[-1].end() + edits[0].start()
        reader = _Reader(body, at, local, {}, fields, names)
        divisor = reader.expr(edits[0][2])
        index = edits[0][1]
        cases = [(reader.choices[index], ""), ("-1", f"not set({reader.choices[index]})")] if index in reader.choices else [(reader.fields[index], "")] if index in reader.fields else []
        if divisor is None or not cases:
            continue
        heads: list[str] = []
        for kind, head in _enclosing(body, m.start()):
            for part in _split(head, "&&") if kind == "if" else [head]:
                own = re.fullmatch(rf"(!)?({_REF})->get_dim\(\)\.empty\(\)", part)
                if own is not None and local.get(own[2]) == (source if own[1] else target):
                    continue  # the formula's own condition: the target without dims, the source with
                term = reader.expr(part)
                if term is None:
                    heads = ["\0"]
                    break
                read = re.fullmatch(r"set\((\w+)\)", term)
                if read is None or read[1] not in (divisor, *(c for c, _ in cases)):
                    heads.append(term)
        if "\0" in heads:
            continue
        dims = [(f"{source}.dims with [{i}] = {source}.dims[{i}] // {divisor}", " and ".join(heads + ([extra] if extra else []))) for i, extra in cases]
        strided: list[dict[str, str]] = []
        chain = re.search(rf"\bif\(({_REF})->get_stride\(\)\.empty\(\)\)", body[m.end():])
        block = _block(body, m.end() + chain.end()) if chain is not None and local.get(chain[1]) == target else None
        start, end = block if block is not None else (0, 0)
        negated: list[str] = []
        packed_axis = ""
        for branch in re.finditer(r"(?:else\s*)?if\(", body[start:end]):
            parsed = _arguments(body, start + branch.end() - 1)
            inner = _block(body, parsed[1]) if parsed is not None else None
            if parsed is None or inner is None:
                break
            text = body[inner[0]:inner[1]]
            cond = [p for p in _split(parsed[0][0] if parsed[0] else "", "&&") if not re.fullmatch(rf"!({_REF})->get_(?:dim|stride)\(\)\.empty\(\)", p)]
            order = re.search(rf"\bauto\s+({_NAME})=\S*extractStrideOrder\(({_REF})->get_stride\(\)\);", text)
            packed = re.search(rf"generateStridesWithPackedAxis\(({_REF})->get_stride\(\),\1->get_dim\(\),({_REF})->get_dim\(\),({_NAME})\)", text)
            if packed is not None and len(cond) == 1 and (term := reader.expr(cond[0])) is not None:
                negated.append(f"not {term}")
                axis = local.get(packed[3], packed[3])  # the field the local holds (`auto axis = attributes.get_axis();`)
                if local.get(packed[1]) and local.get(packed[2]) == target and axis in fields:
                    packed_axis = f"packed_axis({local[packed[1]]}, {axis})"  # the remaining formulas' strides
            elif order is not None and local.get(order[2]) and re.search(rf"generateStrides\(({_REF})->get_dim\(\),{order[1]}\)", text) and not cond:
                strided = [{"tensor": target, "when": " and ".join(w for w in (when, *negated) if w), "dims": d, "strides": f"order_of({local[order[2]]})"} for d, when in dims]
            elif not re.search(r"generateStrides\(" + _REF + r"->get_dim\(\)\)", text) or cond:
                strided, negated = [], ["\0"]
                break
        if "\0" in negated:
            strided, packed_axis = [], ""
        out += strided + [{"tensor": target, "when": when, "dims": d, "strides": packed_axis} for d, when in dims]
    return [{k: v for k, v in f.items() if v} for f in out]


def _channel_lambdas(body: str, local: dict[str, str], names: set[str]) -> list[dict[str, str]]:
    """`infer:` formulas of a lambda giving its tensor parameter a per-channel shape of another
    tensor, as hipDNN's batchnorm node writes it (BatchnormNode.hpp id 60125217721): `auto f =
    [&](std::shared_ptr<TensorAttributes>& p) { if(p->get_dim().empty()) { std::vector<int64_t>
    d(x->get_dim().size(), 1); d[1] = x->get_dim()[1]; p->set_dim(d); } ... }` gives `dims:
    channel_shape(x)` (strides `channels_last` when the lambda then sets `generateStrides(p->get_dim(),
    strideOrderNhwc(...))` while p has none); each call `f(t)` one formula for t, under the `if` heads
    around the call other than t's own presence (`if(a && b && c && d)` -> the other three present)."""
    out: list[dict[str, str]] = []
    for lam in re.finditer(rf"\bauto\s+({_NAME})=\[&\]\((?:const)?std::shared_ptr<TensorAttributes>&({_NAME})\)", body):
        fn, p = lam[1], lam[2]
        block = _block(body, lam.end())
        if block is None:
            continue
        text = body[block[0]:block[1]]
        shape = re.search(rf"\bif\({p}->get_dim\(\)\.empty\(\)\)\{{std::vector<int64_t>({_NAME})\(({_REF})->get_dim\(\)\.size\(\),1\);"
                          rf"\1\[1\]=\2->get_dim\(\)\[1\];{p}->set_dim\(\1\);\}}", text)
        source = local.get(shape[2]) if shape is not None else None
        if source not in names:
            continue
        rest = text[shape.end():] if shape is not None else ""
        strides = "channels_last" if re.search(rf"strideOrderNhwc\({p}->get_dim\(\)\.size\(\)\)", rest) and re.search(rf"set_stride\(\S*generateStrides\({p}->get_dim\(\),", rest) else ""
        for call in re.finditer(rf"(?<![\w.]){fn}\(({_NAME})\);", body[block[1]:]):
            target = local.get(call[1])
            if target is None or target == source:
                continue
            heads: list[str] = []
            for kind, head in _enclosing(body, block[1] + call.start()):
                parts = _split(head, "&&") if kind == "if" else ["\0"]
                for part in parts:
                    named = local.get(part)
                    if named is None:
                        heads.append("\0")
                    elif named != target:
                        heads.append(f"present({named})")
            if "\0" not in heads:
                out.append({k: v for k, v in {"tensor": target, "when": " and ".join(heads), "dims": f"channel_shape({source})", "strides": strides}.items() if v})
    return out


def _empty_stride_blocks(body: str, local: dict[str, str], target: str) -> Iterator[tuple[re.Match[str], tuple[int, int]]]:
    """The `if(t->get_stride().empty()) { ... }` blocks of `body` whose `t` is the local naming
    `target`: each head's match (the local in group 1) and its braces' span."""
    for m in re.finditer(rf"\bif\(({_REF})->get_stride\(\)\.empty\(\)\)", body):
        block = _block(body, m.end())
        if local.get(m[1]) == target and block is not None:
            yield m, block


def _packed_axis_copies(body: str, local: dict[str, str], names: set[str], fields: set[str], out: NodeInferences) -> list[dict[str, str]]:
    """For a copy (`out.pairs`) whose strides block first gives, under a condition, strides packed
    with an axis innermost (`if(c && !s->get_stride().empty()) { t->set_stride(
    generateStridesWithPackedAxis(s->get_stride(), s->get_dim(), t->get_dim(), f)); } else ...`): a
    formula `{tensor: t, when: c, dims: s.dims, strides: packed_axis(s, f)}`, which runs before the
    copy and so takes precedence (block-scale quantize's y under transpose, id 57303967738)."""
    found: list[dict[str, str]] = []
    for target, source in out.pairs:
        for m, block in _empty_stride_blocks(body, local, target):
            branch = re.match(rf"\{{if\(", body[block[0]:])
            parsed = _arguments(body, block[0] + branch.end() - 1) if branch is not None else None
            inner = _block(body, parsed[1]) if parsed is not None else None
            if parsed is None or inner is None or not parsed[0]:
                continue
            cond = [p for p in _split(parsed[0][0], "&&") if not re.fullmatch(rf"!({_REF})->get_stride\(\)\.empty\(\)", p)]
            packed = re.search(rf"generateStridesWithPackedAxis\(({_REF})->get_stride\(\),\1->get_dim\(\),({_REF})->get_dim\(\),({_NAME})\)", body[inner[0]:inner[1]])
            reader = _Reader(body, m.start(), local, {}, fields, names)
            when = [reader.expr(c) for c in cond]
            axis = local.get(packed[3], packed[3]) if packed is not None else ""
            if packed is None or local.get(packed[1]) != source or local.get(packed[2]) != target or axis not in fields or None in when or not when:
                continue
            found.append({"tensor": target, "when": " and ".join(str(w) for w in when), "dims": f"{source}.dims", "strides": f"packed_axis({source}, {axis})"})
            break
    return found


def _packed_fallbacks(body: str, local: dict[str, str], out: NodeInferences) -> list[dict[str, str]]:
    """For a copy (`out.pairs`) whose strides block ends `else if(!s->get_stride().empty()) {
    t->set_stride(s->get_stride()); } else if(!t->get_dim().empty()) { t->set_stride(generateStrides(
    t->get_dim())); }`: a formula `{tensor: t, when: "nstrides(s) == 0", dims: s.dims}` (packed
    strides while the source has none; it runs before the copy, which then gives the strides when s
    has some: block-scale quantize's y, BlockScaleQuantizeNode id 57303967738)."""
    found: list[dict[str, str]] = []
    for target, source in out.pairs:
        for m, block in _empty_stride_blocks(body, local, target):
            tail = re.search(rf"else if\(!({_REF})->get_stride\(\)\.empty\(\)\)\{{({_REF})->set_stride\(\1->get_stride\(\)\);\}}"
                             rf"else if\(!({_REF})->get_dim\(\)\.empty\(\)\)\{{\3->set_stride\(\S*?generateStrides\(\3->get_dim\(\)\)\);\}}\}}$",
                             body[block[0]:block[1]])
            if tail is None or local.get(tail[1]) != source or local.get(tail[2]) != target or local.get(tail[3]) != target:
                continue
            found.append({"tensor": target, "when": f"nstrides({source}) == 0", "dims": f"{source}.dims"})
            break
    return found


def _generated_strides(body: str, local: dict[str, str], out: NodeInferences) -> list[dict[str, str]]:
    """The copies (`out.pairs`) whose target's strides the body generates rather than copies, as
    `infer:` formulas taken out of the pairs: `if(t->get_stride().empty()) { t->set_stride(
    generateStrides(t->get_dim())); }` gives `{tensor: t, dims: s.dims}` (packed strides, hipDNN's
    SdpaBwdNode id 64143033534), and with `o = extractStrideOrder(s2->get_stride())` passed as
    `generateStrides(t->get_dim(), o)` `strides: order_of(s2)` (RMSNormBackwardNode id 64999519350)."""
    found: list[dict[str, str]] = []
    for target, source in list(out.pairs):
        for m in re.finditer(rf"\bif\((?:({_REF})&&)?({_REF})->get_stride\(\)\.empty\(\)\)", body):
            block = _block(body, m.end())
            if local.get(m[2]) != target or m[1] is not None and local.get(m[1]) != target or block is None:
                continue
            text = body[block[0]:block[1]]
            if "else" in text:  # a chain of cases (a packed fallback, packed_axis): read by the functions above
                continue
            call = re.search(rf"set_stride\(\S*?generateStrides\(({_REF})->get_dim\(\)(?:,({_NAME}))?\)\);", text)
            if call is None or local.get(call[1]) != target:
                continue
            strides = ""
            if call[2] is not None:
                order = re.search(rf"\bauto\s+{call[2]}=\S*?extractStrideOrder\(({_REF})->get_stride\(\)\);", text)
                if order is None or local.get(order[1]) is None:
                    continue
                strides = f"order_of({local[order[1]]})"
            out.pairs.remove((target, source))
            found.append({k: v for k, v in {"tensor": target, "dims": f"{source}.dims", "strides": strides}.items() if v})
            break
    return found


def node_inferences(root: Path, found: _Found, tensors: list[str], fields: list[str] = []) -> NodeInferences | None:
    """The shapes the checkout's node infers (`infer_properties_node()` setting a tensor's dims from
    another tensor's: `y->set_dim(x->get_dim())`, the tensors named by the locals the body takes from
    `attributes.get_<tensor>()` or by those calls themselves), as (tensor, source) pairs, with the
    node file's name, the tensors the body infers in another form adoption does not read (a local it
    passes to a helper or lambda, `inferCTensor(dscale)`), and the fields it sets when unset (`if(
    attributes.get_<f>() <= 0) { ... attributes.set_<f>(...); }`, with the tensors the block reads);
    None when the checkout has no node file for the op's Attributes class."""
    read = _node_file(root, found)
    if read is None:
        return None
    node, internals = read
    out = NodeInferences([], f"{node}.hpp", [], [])
    names = set(tensors)
    for _params, body in internals.bodies.get("infer_properties_node", ()):
        local = {m[1]: m[2] for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", body)}
        local.update({f"attributes.get_{t}()": t for t in names})  # the getter's call itself, as hipDNN's layernorm backward node writes it
        for m in re.finditer(rf"(?<![\w.])({_REF})->set_dim\(({_REF})->get_dim\(\)\)", body):
            target, source = local.get(m[1]), local.get(m[2])
            if target in names and source in names and target != source and all(t != target for t, _ in out.pairs):
                out.pairs.append((target, source))
        for m in re.finditer(r"\b[A-Za-z_]\w*\s*\(\s*([A-Za-z_]\w*)\s*\)\s*;", body):
            t = local.get(m[1])
            if t in names and t not in out.otherwise:
                out.otherwise.append(t)
        for m in re.finditer(r"\bif\(attributes\.get_([a-z][a-z0-9_]*)\(\)(?:<=|==)0\)", body):
            block = _block(body, m.end())
            if m[1] not in fields or block is None or f"attributes.set_{m[1]}(" not in body[block[0]:block[1]]:
                continue
            inner = body[block[0]:block[1]]
            reads = sorted({t for t in names if f"attributes.get_{t}()" in inner}, key=lambda t: inner.index(f"attributes.get_{t}()"))
            out.fields.append((m[1], reads))
        out.formulas += _formulas(body, local, names, set(fields)) + _channel_lambdas(body, local, names)
        out.formulas = _packed_axis_copies(body, local, names, set(fields), out) + _packed_fallbacks(body, local, out) + out.formulas + _generated_strides(body, local, out)
    inferred = {t for t, _ in out.pairs} | {f["tensor"] for f in out.formulas}
    out.otherwise = [t for t in out.otherwise if t not in inferred]
    return out


# hipDNN's node helpers (node/detail/Utilities.hpp, id 55480488871) that pre_validate_node() calls,
# and what each states: the spec's `checks:` (ids and messages this tool's) and `same_shape` rules.
MIN_DIMS = "validateMinimumTensorDimensions"  # (tensor, n): rank >= n
SAME_SHAPE = ("validateTensorShapesMatchIfSet", "validateTensorShapesMatch")  # (a, b): same dims
CHANNEL_ONLY = ("validateChannelOnlyTensorShape", "validateChannelOnlyShapeIfSet")  # (tensor, channels): rank >= 2, [1, channels, 1, ...]
SCALAR = "validateScalarParameter"  # (tensor): every dim 1
SPATIAL = "validateBatchNormTrainingSpatialDimensions"  # (x, scale): N times the spatial dims > 1
SCALE_NORMALIZED = "validateScaleNormalizedShape"  # (scale, x): x's rank, batch 1, a trailing run equal to x's, 1 before it
NORM_STATS = "validateNormStatsShapeIfSet"  # (stats, x, scale): x's rank, 1 on scale's normalized axes, x's dims elsewhere
NODE_HELPERS = (MIN_DIMS, *SAME_SHAPE, *CHANNEL_ONLY, SCALAR, SPATIAL, SCALE_NORMALIZED, NORM_STATS)
POSITIVE = "validate_dims_and_strides_set_and_positive"  # t->...(): every dim and stride positive


@dataclass
class NodeChecks:
    """What a checkout's pre_validate_node() states through hipDNN's node helpers."""

    checks: list[dict[str, str]] = field(default_factory=list)  # {id, requires, message}, in call order
    rules: list[list[str]] = field(default_factory=list)  # same_shape groups
    file: str = ""
    untranslated: list[str] = field(default_factory=list)  # helper calls whose arguments are not read
    channel_only: dict[str, str] = field(default_factory=dict)  # tensor -> the tensor whose dim 1 is its channel count
    scalars: list[str] = field(default_factory=list)  # tensors checked to be a single element
    kinds: list[tuple[str, list[str] | str]] = field(default_factory=list)  # both_or_neither, field_range, conforms rules
    placed: list[tuple[int, list[str]]] = field(default_factory=list)  # each same_shape group: the checks read before its first call

    def ordered_rules(self) -> list[tuple[str, list[str] | str]]:
        """Every rule in the node's order: both_or_neither first, as hipDNN's nodes check presence
        before shapes; then the same_shape groups the node compares before any of its checks; then
        field_range and conforms, after the shapes they read. A group compared after a check stands
        among the checks instead (`ordered_checks`)."""
        first = [(k, v) for k, v in self.kinds if k == "both_or_neither"]
        shapes: list[tuple[str, list[str] | str]] = [("same_shape", g) for at, g in self.placed if at == 0]
        return first + shapes + [(k, v) for k, v in self.kinds if k != "both_or_neither"]

    def ordered_checks(self) -> list[dict[str, Any]]:
        """The checks with each same_shape group the node compares after a check
        (`{"same_shape": [...]}`, a `checks:` entry) where it first compares its shapes, so the
        spec checks in the node's order."""
        out: list[dict[str, Any]] = []
        for i, check in enumerate([*self.checks, None]):
            out += [{"same_shape": list(g)} for at, g in self.placed if at == i and i > 0]
            if check is not None:
                out.append(check)
        return out


def _arguments(text: str, start: int) -> tuple[list[str], int] | None:
    """The comma-separated arguments of the call whose '(' is at `start`, and the index after ')'."""
    depth, parts, begin, quoted, escaped = 0, [], start + 1, False, False
    for i in range(start, len(text)):
        ch = text[i]
        if quoted:  # a string literal's commas and brackets are its text
            quoted = escaped or ch != '"'
            escaped = not escaped and ch == "\\"
            continue
        if ch == '"':
            quoted = True
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                parts.append(text[begin:i].strip())
                return [p for p in parts if p], i + 1
        elif ch == "," and depth == 1:
            parts.append(text[begin:i].strip())
            begin = i + 1
    return None


def node_checks(root: Path, found: _Found, tensors: list[str], fields: list[str] = [], getters: dict[str, str] | None = None) -> NodeChecks | None:
    """The checks and same-shape rules of the checkout's node (`<Class>Node.hpp`'s
    pre_validate_node()), read in call order from its calls of hipDNN's node helpers on tensors it
    takes from `attributes.get_<tensor>()` (a local, or the call itself): a minimum rank, a same
    shape, a channel-only shape whose channel count is another tensor's dim, a scalar, positive dims
    and strides (`t->validate_dims_and_strides_set_and_positive()`), spatial batchnorm's values per
    channel, a scale encoding the normalized shape, norm statistics' shape, and two optional tensors
    set together (`bool hasA = a != nullptr; ... if(hasA != hasB) return ...`), and the inline
    `HIPDNN_RETURN_IF_FALSE(condition, code, message)` forms `_inline_check` reads. Each same_shape
    group keeps its place among the checks (`ordered_checks`). None when the checkout has no node
    file for the op."""
    read = _node_file(root, found)
    if read is None:
        return None
    node, internals = read
    out = NodeChecks(file=f"{node}.hpp")
    names = set(tensors)
    # a tensor the class reads through a getter its name does not spell (SDPA's get_attn_scale, get_bias)
    alias = {g.removeprefix("get_"): t for t, g in (getters or {}).items() if g.startswith("get_") and t in names}
    for _params, body in internals.bodies.get("pre_validate_node", ()):
        local = {m[1]: alias.get(m[2], m[2]) for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_]\w*)\s*=\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", body)}
        local = {k: v for k, v in local.items() if v in names}
        dims = {m[1]: local[m[2]] for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)->get_dim\(\);", body) if m[2] in local}
        values = {m[1]: f"{dims[m[2]]}.dims[{m[3]}]" for m in re.finditer(r"\b(?:const\s+)?int64_t\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\[(\d+)\];", body) if m[2] in dims}
        present = {m[1]: local[m[2]] for m in re.finditer(r"\bbool\s+([A-Za-z_]\w*)\s*=\s*\(?\s*([A-Za-z_]\w*)\s*!=\s*nullptr\s*\)?\s*;", body) if m[2] in local}

        def tensor(arg: str) -> str | None:
            if arg in local:
                return local[arg]
            m = re.fullmatch(r"attributes\.get_([a-z][a-z0-9_]*)\(\)", arg)
            named = alias.get(m[1], m[1]) if m is not None else None
            return named if named in names else None

        calls = re.compile(
            r"\b(?:detail::)?(?P<helper>" + "|".join(NODE_HELPERS) + r")\s*\("
            r"|\b(?P<positive>[A-Za-z_]\w*)->" + POSITIVE + r"\s*\(\s*\)"
            r"|\bif\s*\(\s*(?P<a>[A-Za-z_]\w*)\s*!=\s*(?P<b>[A-Za-z_]\w*)\s*\)"
            r"|\b(?P<inline>" + RETURN_IF_FALSE + "|" + RETURN_IF_TRUE + "|" + RETURN_IF_NE + r")\s*\("
        )
        consumed = _structural(body, tensor, set(fields), out)
        for call in calls.finditer(body):
            if any(a <= call.start() < b for a, b in consumed):
                continue
            if call["inline"] and call["inline"] in (RETURN_IF_TRUE, RETURN_IF_NE):
                parsed = _arguments(body, call.end() - 1)
                args = parsed[0] if parsed else []
                pair = re.fullmatch(rf"({_REF})==nullptr\^({_REF})==nullptr", args[0]) if args and call["inline"] == RETURN_IF_TRUE else None
                if pair is not None and tensor(pair[1]) and tensor(pair[2]):
                    out.kinds.append(("both_or_neither", [str(tensor(pair[1])), str(tensor(pair[2]))]))
                    continue
                if args and re.fullmatch(r"attributes\.hasUnsupportedUsage\(\)", args[0]):
                    continue  # a use of an unsupported setter, refused as the spec's `unsupported:` states
                # the condition that must hold: the failing one negated, or the two values equal
                holds = _negated(args[0]) if call["inline"] == RETURN_IF_TRUE else f"{args[0]}=={args[1]}" if len(args) >= 4 else None
                rest = args[1:] if call["inline"] == RETURN_IF_TRUE else args[2:]
                translated = _inline_check(body, call.start(), [holds, *rest], local, present, set(fields), names, node) if holds else None
                if translated is None:
                    out.untranslated.append(" ".join(body[call.start():parsed[1] if parsed else call.end()].split()))
                else:
                    out.checks += translated
                continue
            if call["inline"]:
                parsed = _arguments(body, call.end() - 1)
                cond = parsed[0][0] if parsed and parsed[0] else ""
                same = re.fullmatch(rf"(?:({_REF})==nullptr\|\|({_REF})==nullptr|({_REF})->get_dim\(\)\.empty\(\))\|\|({_REF})->get_dim\(\)==({_REF})->get_dim\(\)", cond)
                if same is not None:  # shapes equal when both are given: a same_shape rule
                    a, b = tensor(same[4]), tensor(same[5])
                    given = [tensor(same[1]), tensor(same[2])] if same[1] else [tensor(same[3])]
                    if a and b and (given == [a, b] or given == [a]):
                        first, second = (b, a) if given == [a] else (a, b)  # the tensor compared with first
                        _same_shape(out, first, second)
                        continue
                parsed = _arguments(body, call.end() - 1)
                translated = _inline_check(body, call.start(), parsed[0] if parsed else [], local, present, set(fields), names, node)
                if translated is None:
                    out.untranslated.append(" ".join(body[call.start():parsed[1] if parsed else call.end()].split()))
                else:
                    out.checks += translated
                continue
            if call["positive"]:
                t = tensor(call["positive"])
                if t is None:
                    out.untranslated.append(f"{call['positive']}->{POSITIVE}()")
                    continue
                k = t.replace("_", "-")
                out.checks += [
                    {"id": f"{k}-dims-positive", "requires": f"all(i in range(0, {t}.rank): {t}.dims[i] > 0)", "message": f"{t} dimensions must be positive"},
                    # one stride per dimension, each positive (TensorAttributes.hpp id 59757782299): a tensor
                    # without strides fails it
                    {"id": f"{k}-strides-positive", "requires": f"nstrides({t}) == ndims({t}) and all(i in range(0, nstrides({t})): {t}.strides[i] > 0)",
                     "message": f"{t} strides must be set, one per dimension, and positive"},
                ]
                continue
            if call["a"]:
                a, b = present.get(call["a"]), present.get(call["b"])
                if a is not None and b is not None:
                    out.checks.append({"id": f"{a.replace('_', '-')}-{b.replace('_', '-')}-together", "requires": f"present({a}) == present({b})", "message": f"{a} and {b} must both be set, or neither"})
                continue
            parsed = _arguments(body, call.end() - 1)
            args = parsed[0] if parsed else []
            helper = call["helper"]
            named = [tensor(a) for a in args]
            if helper == MIN_DIMS and len(args) >= 2 and named[0] and args[1].isdigit():
                # inside `if(areTensorDimensionsSet(t))` the helper sees only a tensor with dims (block-scale
                # quantize's and dequantize's x: BlockScaleQuantizeNode.hpp id 57303967738,
                # BlockScaleDequantizeNode.hpp id 64713400649), so a tensor set without dims passes it
                guarded = any(kind == "if" and tensor(g) == named[0] for kind, head in _enclosing(body, call.start())
                              for g in re.findall(r"(?:detail::)?areTensorDimensionsSet\(\s*(" + _NAME + r")\s*\)", head))
                _min_rank(out, named[0], int(args[1]), not guarded)
            elif helper in SAME_SHAPE and len(args) >= 2 and named[0] and named[1]:
                _same_shape(out, named[0], named[1])
            elif helper in CHANNEL_ONLY and len(args) >= 2 and named[0] and (args[1] in values or args[1].isdigit()):
                t = named[0]
                channels = values.get(args[1], args[1])
                of = f"the channels of {channels.split('.')[0]}" if args[1] in values else channels
                if args[1] in values:
                    out.channel_only[t] = channels.split(".")[0]
                _min_rank(out, t, 2, helper == CHANNEL_ONLY[0])  # the IfSet form checks only once dims are set
                kebab = t.replace("_", "-")
                out.checks += [
                    {"id": f"{kebab}-batch", "requires": f"{t}.dims[0] == 1", "message": f"{t} batch dimension (index 0) must be 1"},
                    {"id": f"{kebab}-channels", "requires": f"{t}.dims[1] == {channels}", "message": f"{t} channel dimension (index 1) must equal {of}"},
                    {"id": f"{kebab}-spatial", "requires": f"all(i in range(2, {t}.rank): {t}.dims[i] == 1)", "message": f"{t} spatial dimensions must be 1"},
                ]
            elif helper == SCALAR and len(args) >= 1 and named[0]:
                t = named[0]
                out.scalars.append(t)
                stem = t.replace('_', '-')  # validateScalarParameter (Utilities.hpp id 64745062065): dims set, one element, pass-by-value
                said = _literal(args[1]) if len(args) >= 2 else None  # the name the helper's messages give the tensor
                label = said if said and re.fullmatch(r"[\w .-]+", said) else t
                out.checks.append({"id": f"{stem}-dims-set", "requires": f"ndims({t}) > 0", "code": "ATTRIBUTE_NOT_SET", "message": f"{label} dimensions are not set"})
                out.checks.append({"id": f"{stem}-scalar", "requires": f"all(i in range(0, {t}.rank): {t}.dims[i] == 1)", "message": f"{label} must be a scalar (single element)"})
                out.checks.append({"id": f"{stem}-pass-by-value", "requires": f"{t}.pass_by_value", "message": f"{label} must be a pass-by-value tensor"})
            elif helper == SPATIAL and len(args) >= 2 and named[0]:
                x = named[0]
                out.checks.append({"id": "spatial-values", "requires": f"{x}.dims[0] > 1 or any(i in range(2, {x}.rank): {x}.dims[i] > 1)",
                                   "message": "spatial batchnorm needs more than 1 value per channel (N times the spatial dimensions must be > 1)"})
            elif helper == SCALE_NORMALIZED and len(args) >= 2 and named[0] and named[1]:
                s, x = named[0], named[1]
                k = s.replace("_", "-")
                out.checks += [
                    {"id": f"{k}-rank", "requires": f"{s}.rank == {x}.rank", "message": f"{s} must match the rank of {x}"},
                    {"id": f"{k}-batch", "requires": f"{s}.dims[0] == 1", "message": f"{s} batch dimension (index 0) must be 1"},
                    {"id": f"{k}-normalized", "requires": f"{s}.dims[-1] == {x}.dims[-1]", "message": f"{s} has no trailing dims matching {x}; at least one normalized dim is needed"},
                    {"id": f"{k}-leading", "requires": f"all(i in range(1, {s}.rank): {s}.dims[i] == 1 or all(j in range(i, {s}.rank): {s}.dims[j] == {x}.dims[j]))",
                     "message": f"{s} must be 1 before its trailing dims matching {x} (the normalized shape)"},
                ]
            elif helper == NORM_STATS and len(args) >= 3 and named[0] and named[1] and named[2]:
                st, x, s = named[0], named[1], named[2]
                k = st.replace("_", "-")
                out.checks += [
                    {"id": f"{k}-rank", "requires": f"{st}.rank == {x}.rank", "message": f"{st} must have the same rank as {x}"},
                    {"id": f"{k}-dims", "requires": f"all(i in range(0, {st}.rank): ({s}.dims[i] != 1 and {st}.dims[i] == 1) or ({s}.dims[i] == 1 and {st}.dims[i] == {x}.dims[i]))",
                     "message": f"{st} must be 1 on {s}'s normalized axes and match {x} elsewhere"},
                ]
            else:
                out.untranslated.append(f"{helper}({', '.join(args)})")
    seen: dict[str, int] = {}
    for check in out.checks:  # two conditions of one form on the same values: the later ones numbered
        seen[check["id"]] = seen.get(check["id"], 0) + 1
        if seen[check["id"]] > 1:
            check["id"] = f"{check['id']}-{seen[check['id']]}"
    if not out.checks and not out.rules and not out.kinds and not out.untranslated:
        return None
    return out


RETURN_IF_FALSE = "HIPDNN_RETURN_IF_FALSE"  # (condition, ErrorCode::X, message): hipDNN's inline check
RETURN_IF_TRUE = "HIPDNN_RETURN_IF_TRUE"  # (failing condition, ErrorCode::X, message)
RETURN_IF_NE = "HIPDNN_RETURN_IF_NE"  # (value, expected, ErrorCode::X, message): fails when they differ
_FLIPPED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def _literal(text: str) -> str | None:
    """The text of a message argument that is string literals alone (`std::string("...")` too)."""
    m = re.fullmatch(r'\s*std::string\((.*)\)\s*', text, re.S)
    inner = m[1] if m is not None else text
    if re.fullmatch(r'\s*(?:"(?:[^"\\]|\\.)*"\s*)+', inner) is None:
        return None
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', inner))


def _negated(cond: str) -> str:
    """The C++ condition that holds where `cond` fails: De Morgan over `&&`/`||` when every part is
    one comparison (`a != b && a != 1` -> `a == b || a == 1`), else `!(cond)`."""
    for op, other in (("||", "&&"), ("&&", "||")):
        parts = _split(cond, op)
        if len(parts) > 1 or op == "&&":
            break
    flipped: list[str] = []
    for part in parts:
        bare = part
        while (m := re.search(r"static_cast<[\w:]+>", bare)) is not None:
            bare = bare[:m.start()] + " " * len(m[0]) + bare[m.end():]
        depth, found = 0, []
        for i, ch in enumerate(bare):
            depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(ch, 0)
            if depth == 0 and (m := re.match(r"==|!=|<=|>=|<|>", bare[i:])) is not None and bare[i - 1:i] not in ("-", "<", ">", "=", "!"):
                found.append((i, m[0]))
        if len(found) != 1:
            return f"!({cond})"
        at, sign = found[0]
        flipped.append(f"{part[:at]}{_FLIPPED[sign]}{part[at + len(sign):]}")
    return other.join(flipped)
_REF = r"attributes\.get_[a-z][a-z0-9_]*\(\)|[A-Za-z_]\w*"  # a tensor: its getter's call or a local


def _block(body: str, head_end: int) -> tuple[int, int] | None:
    """The span of the braces right after `head_end` (an if/else/for head's end)."""
    m = re.match(r"\s*\{", body[head_end:])
    if m is None:
        return None
    start = head_end + m.end() - 1
    depth = 0
    for i in range(start, len(body)):
        depth += {"{": 1, "}": -1}.get(body[i], 0)
        if depth == 0:
            return start, i + 1
    return None


def _structural(body: str, tensor: "Callable[[str], str | None]", fields: set[str], out: NodeChecks) -> list[tuple[int, int]]:
    """The rules hipDNN writes as several statements, read into `out.kinds`, and the spans of the
    body they take (the caller reads nothing else there):
    - a field's bounds inside `if(attributes.<f> != 0)` (or `get_<f>()`): `get_<f>() >= 0` and
      `get_<f>() <= <t>->get_dim().size()` -> `field_range: {field: f, min: 1, max: rank(t)}`;
    - a tensor one-padded or reduced: `auto p = a->get_dim().size() == x->get_dim().size();` with
      `auto b = x's rank - get_<f>();`, then `if(p)` looping `a->get_dim()[i] == 1` over [0, b)
      (the leading batch dims: `keeps: trailing`) or [b, x's rank) (`keeps: leading`) -> `conforms:
      {tensor: a, to: x, keeps: ..., split: f}`, `same_form_as: c` when `p ^ q` (q c's flag) fails."""
    spans: list[tuple[int, int]] = []
    rank = r"(?:static_cast<\w+>\()?(" + _REF + r")->get_dim\(\)\.size\(\)\)?"
    for guard in re.finditer(r"\bif\(attributes\.(?:get_)?([a-z][a-z0-9_]*)(?:\(\))?!=0\)", body):
        f = guard[1]
        block = _block(body, guard.end())
        if f not in fields or block is None:
            continue
        inner = body[block[0]:block[1]]
        low = re.search(rf"{RETURN_IF_FALSE}\(attributes\.get_{f}\(\)>=0,", inner)
        high = re.search(rf"{RETURN_IF_FALSE}\(attributes\.get_{f}\(\)<={rank},", inner)
        if low is None or high is None or tensor(high[1]) is None:
            continue
        out.kinds.append(("field_range", f"{{field: {f}, min: 1, max: rank({tensor(high[1])})}}"))
        for m in (low, high):
            parsed = _arguments(inner, m.end() - len(m[0]) + len(RETURN_IF_FALSE))
            if parsed is not None:
                spans.append((block[0] + m.start(), block[0] + parsed[1]))
    batch = {m[1]: (tensor(m[2]), m[3]) for m in re.finditer(rf"\bauto\s+({_NAME})\s*=\s*{rank}\s*-\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", body)}
    padded = {m[1]: (tensor(m[2]), tensor(m[3]), m.start()) for m in re.finditer(rf"\bauto\s+({_NAME})\s*=\s*(" + _REF + r")->get_dim\(\)\.size\(\)==(" + _REF + r")->get_dim\(\)\.size\(\);", body)}
    for flag, (a, x, _at) in padded.items():
        head = re.search(rf"\bif\({flag}\)", body)
        block = _block(body, head.end()) if head is not None else None
        if a is None or x is None or head is None or block is None:
            continue
        inner = body[block[0]:block[1]]
        loop = re.search(rf"\bfor\((?:size_t|auto)\s+i=(?:0|static_cast<size_t>\(({_NAME})\));i<(?:static_cast<size_t>\(({_NAME})\)|{rank});\+\+i\)", inner)
        if loop is None or not re.search(rf"(?:{re.escape('attributes.get_' + a + '()')}|\b{_NAME})->get_dim\(\)\[i\]==1", inner):
            continue
        b = loop[1] or loop[2]
        if b not in batch or batch[b][0] != x or batch[b][1] not in fields:
            continue
        keeps = "trailing" if loop[2] else "leading"
        rule = f"{{tensor: {a}, to: {x}, keeps: {keeps}, split: {batch[b][1]}"
        other = re.search(rf"{RETURN_IF_TRUE}\({flag}\^({_NAME}),", body)
        if other is not None and other[1] in padded and padded[other[1]][0]:
            rule += f", same_form_as: {padded[other[1]][0]}"
            parsed = _arguments(body, other.end() - len(other[0]) + len(RETURN_IF_TRUE))
            if parsed is not None:
                spans.append((other.start(), parsed[1]))
        out.kinds.append(("conforms", rule + "}"))
        otherwise = re.match(r"else", body[block[1]:])
        end = _block(body, block[1] + 4) if otherwise is not None else None
        spans.append((block[0], (end or block)[1]))
    return spans
CODES = ("INVALID_VALUE", "ATTRIBUTE_NOT_SET")  # the ErrorCodes a spec check may state (INVALID_VALUE its default)
_NAME = r"[A-Za-z_]\w*"


def _enclosing(body: str, at: int) -> list[tuple[str, str]]:
    """The `if(...)` and `for(...)` heads whose braces hold `at`, outermost first, as (kind, head)."""
    heads: list[tuple[str, str]] = []
    for m in re.finditer(r"\b(if|for)\s*\(", body[:at]):
        parsed = _arguments(body, m.end() - 1)
        if parsed is None:
            continue
        brace = re.match(r"\s*\{", body[parsed[1]:])
        if brace is None:
            continue
        open_at = parsed[1] + brace.end() - 1
        depth = 0
        for i in range(open_at, len(body)):
            depth += {"{": 1, "}": -1}.get(body[i], 0)
            if depth == 0:
                break
        if open_at < at < i:
            heads.append((m[1], body[m.end() - 1 + 1:parsed[1] - 1]))
    return heads


def _split(text: str, op: str) -> list[str]:
    """`text` split at `op` (&& or ||) outside brackets."""
    parts, depth, begin, i = [], 0, 0, 0
    while i < len(text):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(op, i):
            parts.append(text[begin:i].strip())
            begin = i + len(op)
            i += len(op)
            continue
        i += 1
    return parts + [text[begin:].strip()]


class _Reader:
    """Translates C++ conditions of a pre_validate_node() body into the spec's expression language:
    the locals naming tensors (`auto x = attributes.get_x();`), fields (`auto axis =
    attributes.get_axis();`), dims (`const auto& xDims = x->get_dim();`) and an index chosen by a
    field's presence (`const size_t a = axis.has_value() ? axis.value() : xDims.size() - 1;`),
    presence flags (`bool hasA = a != nullptr;`). None for anything else."""

    def __init__(self, body: str, at: int, local: dict[str, str], present: dict[str, str], fields: set[str], names: set[str]):
        before = body[:at]
        self.tensors = local
        self.present = present
        self.names = set(fields) | set(names)
        self.field_names = set(fields)
        self.fields = {m[1]: m[2] for m in re.finditer(rf"\b(?:const\s+)?auto\s*&?\s*({_NAME})\s*=\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", before) if m[2] in fields}
        self.dims = {m[1]: local[m[2]] for m in re.finditer(rf"\bauto\s*&?\s*({_NAME})\s*=\s*({_NAME})->get_dim\(\);", before) if m[2] in local}
        self.choices: dict[str, str] = {}  # local -> the field whose value it is when set (else the last index of some dims)
        for m in re.finditer(rf"\b(?:const\s+)?(?:size_t|int64_t|auto)\s+({_NAME})\s*=\s*({_NAME})\.has_value\(\)\s*\?(.*?):\s*({_NAME})\.size\(\)\s*-\s*1\s*;", before, re.S):
            if m[2] in self.fields and m[4] in self.dims and re.fullmatch(rf"\s*(?:static_cast<\w+>\()?\s*{m[2]}\.value\(\)\s*\)?\s*", m[3]):
                self.choices[m[1]] = self.fields[m[2]]
        self.loops = {m[1]: m[2] for m in re.finditer(rf"\bfor\s*\(\s*(?:size_t|auto|int64_t)\s+({_NAME})\s*=\s*0\s*;\s*\1\s*<\s*({_NAME})\.size\(\)\s*;\s*\+\+\1\s*\)", before)}
        # locals naming a value the condition could spell itself (the last one before it counts): a
        # number (`const size_t reqRank = 4;`), a rank (`const auto r = xDims.size();`), a dim
        # (`const auto heads = qDims[1];`, `maskDims[maskRank - 1]`), read back as that C++ text
        value = rf"\d+|({_NAME})\.size\(\)|({_NAME})\[\s*(?:\d+|{_NAME}\s*-\s*\d+)\s*\]"
        self.values: dict[str, str] = {}
        for m in re.finditer(rf"\b(?:const\s+)?(?:size_t|int64_t|int|auto)\s+({_NAME})\s*=\s*({value})\s*;", before):
            if m[1] not in self.loops and (m[3] is None and m[4] is None or (m[3] or m[4]) in self.dims):
                self.values[m[1]] = m[2]

    def expr(self, text: str, choice: str | None = None) -> str | None:
        """The spec expression of a C++ condition (a tensor local alone is its presence); a
        presence-chosen index reads as its field, or as -1 with choice "last"."""
        s = " ".join(text.split())
        for _ in range(4):  # value locals spelled out (one may name another: maskDims[maskRank - 1])
            s = re.sub(rf"(?<![\w.>])({_NAME})(?![\w(])", lambda m: self.values.get(m[1], m[1]), s)
        s = re.sub(rf"\b({_NAME})\[\s*\1\.size\(\)\s*-\s*(\d+)\s*\]", r"\1[-\2]", s)  # counted from the end
        s = re.sub(rf"!\s*({_NAME})\.empty\(\)", lambda m: f"@{self.dims[m[1]]}.rank >= 1" if m[1] in self.dims else m[0], s)
        s = re.sub(rf"\b({_NAME})->get_data_type\(\)", lambda m: f"@{self.tensors[m[1]]}.dtype" if m[1] in self.tensors else m[0], s)
        s = re.sub(r"\bDataType::([A-Z][A-Z0-9_]*)\b", r"@DataType.@\1", s)
        s = re.sub(r"\battributes\.([a-z][a-z0-9_]*)\.has_value\(\)", lambda m: f"set(@{m[1]})" if m[1] in self.field_names else m[0], s)
        s = re.sub(r"\battributes\.([a-z][a-z0-9_]*)(?![\w(.])", lambda m: f"@{m[1]}" if m[1] in self.field_names else m[0], s)
        while (m := re.search(r"static_cast<[\w:]+>\(", s)) is not None:
            parsed = _arguments(s, m.end() - 1)
            if parsed is None or len(parsed[0]) != 1:
                return None
            s = s[:m.start()] + "(" + parsed[0][0] + ")" + s[parsed[1]:]
        s = re.sub(r"(?<![\w>])\((" + _NAME + r"(?:\.value\(\))?|\d+)\)", r"\1", s)
        # names this translation writes carry "@" until the end, so a C++ name left bare is seen
        s = re.sub(r"(?:detail::)?areTensorDimensionsSet\(\s*(" + _NAME + r")\s*\)", lambda m: f"@{self.tensors[m[1]]}.rank >= 1" if m[1] in self.tensors else m[0], s)
        s = re.sub(r"!\s*attributes\.get_([a-z][a-z0-9_]*)\(\)\.empty\(\)", lambda m: f"len(@{m[1]}) > 0" if m[1] in self.names else m[0], s)
        s = re.sub(r"attributes\.get_([a-z][a-z0-9_]*)\(\)(?![.\[]|->)", lambda m: f"@{m[1]}" if m[1] in self.field_names else f"present(@{m[1]})" if m[1] in self.names else m[0], s)
        s = re.sub(r"(" + _NAME + r")->get_dim\(\)\.size\(\)", lambda m: f"@{self.tensors[m[1]]}.rank" if m[1] in self.tensors else m[0], s)
        s = re.sub(r"(" + _NAME + r")\.size\(\)", lambda m: f"@{self.dims[m[1]]}.rank" if m[1] in self.dims else f"len(@{self.fields[m[1]]})" if m[1] in self.fields else m[0], s)
        s = re.sub(r"(" + _NAME + r")\.has_value\(\)", lambda m: f"set(@{self.fields[m[1]]})" if m[1] in self.fields else m[0], s)
        s = re.sub(r"(" + _NAME + r")\.value\(\)", lambda m: f"@{self.fields[m[1]]}" if m[1] in self.fields else m[0], s)
        s = re.sub(r"(" + _NAME + r")\[", lambda m: f"@{self.dims[m[1]]}.dims[" if m[1] in self.dims else f"@{self.fields[m[1]]}[" if m[1] in self.fields else m[0], s)
        s = s.replace("&&", " and ").replace("||", " or ")
        s = re.sub(r"!(?!=)", " not ", s)

        def name(m: re.Match[str]) -> str:
            word, after = m[1], m[2]
            if word in ("and", "or", "not"):
                return word + after
            if word in self.choices:
                return (f"@{self.choices[word]}" if choice != "last" else "-1") + after
            if word in self.present:
                return f"present(@{self.present[word]})" + after
            if word in self.tensors and after not in (".", "["):
                return f"present(@{self.tensors[word]})" + after
            if word in self.fields:
                return f"@{self.fields[word]}" + after
            if word in self.loops:
                return f"@{word}" + after
            return "\0"  # a name no local of the body gives

        s = re.sub(r"(?<![.\w@])(" + _NAME + r")(?!\w)(\(|\.|\[|)", lambda m: m[0] if m[2] == "(" else name(m), s)
        if "\0" in s or re.search(r"(?<![.\w@])(?!len\(|set\(|present\()" + _NAME + r"\(", s):
            return None
        s = _spaced(s.replace("@", ""))
        known = self.names | set(self.loops) | {"and", "or", "not", "rank", "dims", "len", "set", "present", "dtype", "DataType"}
        known |= set(re.findall(r"\bDataType\.(\w+)", s))
        if any(w not in known for w in re.findall(_NAME, s)):
            return None
        return s


_OPERATORS = ("(", "[", ",", ":", "==", "!=", "<=", ">=", "<", ">", "%", "+", "-", "*", "//", "and", "or", "not")


def _spaced(text: str) -> str:
    """An expression with the spec's spacing: binary operators and `and`/`or`/`not` spaced, no space
    inside brackets or around `.`, one after `,` and `:` (a unary minus keeps its operand)."""
    out, prev, unary = "", "", False
    for tok in re.findall(r"\d+|\w+|==|!=|<=|>=|//|[<>%+*/()\[\],:.-]", text):
        if not out:
            out = tok
        elif tok in (")", "]", ",", ":", ".") or prev in ("(", "[", ".") or unary:
            out += tok
        elif tok in ("(", "[") and re.fullmatch(r"\w+", prev) and prev not in ("and", "or", "not"):
            out += tok
        else:
            out += " " + tok
        unary = tok == "-" and (not prev or prev in _OPERATORS)
        prev = tok
    return out


def _inline_check(body: str, at: int, args: list[str], local: dict[str, str], present: dict[str, str], fields: set[str], tensors: set[str], node: str) -> list[dict[str, str]] | None:
    """The spec checks an inline `HIPDNN_RETURN_IF_FALSE(condition, ErrorCode::X, message)` at `at` in
    pre_validate_node()'s body states (none for one the spec states otherwise: a required pointer or
    field set, which the built-in presence checks state, or a helper call the caller reads; None for a
    form not read). The condition and the `if`/`for` heads around it are read by
    `_Reader`; the heads become `when` (a field's `has_value()`, x's dims being set or an index in
    range are left out where the condition reads that value: a check reading a missing value
    holds). A loop `for(size_t i = 0; i < v.size(); ++i)` over a list field makes the condition
    `all(i in range(0, len(f)): ...)`; an index chosen by a field's presence (`axis.has_value() ?
    axis.value() : xDims.size() - 1`) gives two checks, the second for the field unset (index -1). The id names the form (`f-set`,
    `f-positive`, `f-non-negative`, `f-in-rank`, `f-rank`, `<index>-divisible`, `<shared
    words>-together`); the message is hipDNN's own when it is one string (the node's name before
    it dropped), the tool's for the form when hipDNN's message carries values."""
    if len(args) < 3:
        return None
    cond = " ".join(args[0].split())
    code = re.fullmatch(r"(?:hipdnn_frontend::)?ErrorCode::([A-Z_]+)", args[1].strip())
    if code is None or code[1] not in CODES:
        return None
    if re.search(r"->\s*" + POSITIVE + r"|\b(?:" + "|".join(NODE_HELPERS) + r")\s*\(", cond):
        return []  # a helper call the caller's own pattern reads
    if code[1] == "ATTRIBUTE_NOT_SET" and (re.fullmatch(r"attributes\.get_[a-z][a-z0-9_]*\(\)", cond) or re.fullmatch(rf"{_NAME}\.has_value\(\)", cond)):
        return []  # a required tensor or field set: the built-in presence checks
    reader = _Reader(body, at, local, present, fields, tensors)
    heads = _enclosing(body, at)
    choices = [c for c in reader.choices if re.search(rf"\b{c}\b", cond + " ".join(h for _, h in heads))]
    out: list[dict[str, str]] = []
    for choice in ([None, "last"] if choices else [None]):
        requires = reader.expr(cond, choice)
        if requires is None:
            return None
        when: list[str] = []
        guarded: set[str] = set()  # tensors whose dims an enclosing head asks to be set
        for kind, head in heads:
            if kind == "for":
                m = re.fullmatch(rf"\s*(?:size_t|auto|int64_t)\s+({_NAME})\s*=\s*0\s*;\s*\1\s*<\s*({_NAME})\.size\(\)\s*;\s*\+\+\1\s*", head)
                if m is None or m[2] not in reader.fields or not re.search(rf"\b{m[1]}\b", requires):
                    return None
                f = reader.fields[m[2]]
                requires = f"all({m[1]} in range(0, len({f})): {requires})"
                continue
            for part in _split(head, "&&"):
                term = reader.expr(part, choice)
                if term is None:
                    return None
                read = re.fullmatch(r"set\((\w+)\)|(\w+)\.rank >= 1|(-?\w+) < (\w+)\.rank|present\((\w+)\)", term)
                if read is not None:  # a value the condition reads: a check reading it missing holds
                    if read[2]:
                        guarded.add(read[2])
                    if read[1] and re.search(rf"\b{read[1]}\b", requires) or read[2] and re.search(rf"(?<![\w.]){read[2]}\.", requires):
                        continue
                    if read[5] and re.search(rf"(?<![\w.]){read[5]}\.", requires):
                        continue
                    if read[3] and re.search(rf"\b{read[4]}\.dims\[{re.escape(read[3])}\]", requires):
                        continue
                when.append(term)
        rank = re.fullmatch(r"(\w+)\.rank == (\d+)", requires)
        if rank is not None and rank[1] not in guarded:  # a required rank hipDNN also refuses a tensor without dims
            requires = f"ndims({rank[1]}) == {rank[2]}"
        if not when and code[1] == "ATTRIBUTE_NOT_SET" and re.fullmatch(r"present\(\w+\)", requires):
            return []  # a tensor the op requires: the built-in presence checks
        if choice == "last":
            field = reader.choices[choices[0]]
            when.insert(0, f"not set({field})")
        check = _check_form(requires, " and ".join(when))
        if check is None:
            return None
        out.append(check)
    literal = _literal(args[2])
    for check in out:
        if literal is not None:
            check["message"] = re.sub(rf"^{re.escape(node)}\s*:?\s*", "", literal).strip()
        if code[1] != "INVALID_VALUE":
            check["code"] = code[1]
    return out


def _check_form(requires: str, when: str) -> dict[str, str] | None:
    """The id and the tool's message of a translated condition, by its form (None for another)."""
    n = r"[a-z][a-z0-9_]*"
    forms: list[tuple[str, str, str]] = [  # pattern over requires, id, message ({1}, {2}... the groups)
        (rf"len\(({n})\) > 0", "{1}-set", "{1} must not be empty"),
        (rf"all\((\w+) in range\(0, len\(({n})\)\): \2\[\1\] > 0\)", "{2}-positive", "every {2} entry must be positive"),
        (rf"len\(({n})\) <= ({n})\.rank", "{1}-rank", "{1} has more entries than {2} has dimensions"),
        (rf"({n}) > 0", "{1}-positive", "{1} must be positive"),
        (rf"({n}) >= 0", "{1}-non-negative", "{1} must be non-negative"),
        (rf"({n}) < ({n})\.rank", "{1}-in-rank", "{1} exceeds the rank of {2}"),
        (rf"({n})\.dims\[(-1)\] % ({n}) == 0", "last-divisible", "the last dimension must be divisible by {3}"),
        (rf"({n})\.dims\[({n})\] % ({n}) == 0", "{2}-divisible", "the dimension at {2} must be divisible by {3}"),
        (rf"present\(({n})\)(?: and present\({n}\))+", "", ""),
    ]
    shaped = _shape_form(requires, when)
    if shaped is not None:
        return shaped
    for pattern, ident, message in forms:
        m = re.fullmatch(pattern, requires)
        if m is None:
            continue
        if not ident:  # all of these tensors set (the `when` asking for any of them): all or none
            names = re.findall(r"present\((\w+)\)", requires)
            if when != " or ".join(f"present({x})" for x in names):
                return None
            shared = [w for w in names[0].split("_") if all(w in x.split("_") for x in names[1:])]
            ident = f"{'-'.join(shared) if shared else names[0].replace('_', '-')}-together"
            message = f"{', '.join(names[:-1])} and {names[-1]} must all be set, or none"
        groups = [""] + list(m.groups())
        check = {"id": ident.format(*groups).replace("_", "-")}
        if when:
            check["when"] = when
        check["requires"] = requires
        check["message"] = message.format(*groups)
        return check
    return None


def _dim(index: str) -> tuple[str, str]:
    """A dim index's words in an id and in a message: `dim2` / `dim 2`, `last` / `the last dim`,
    `last2` / `dim -2` (counted from the end)."""
    if not index.startswith("-"):
        return f"dim{index}", f"dim {index}"
    return ("last", "the last dim") if index == "-1" else (f"last{index[1:]}", f"dim {index}")


def _shape_form(requires: str, when: str) -> dict[str, str] | None:
    """The id and the tool's message of a condition on ranks, dims, data types and presence (SDPA
    backward's node), by its form; the id is built from the names and indices the condition reads:
    - `ndims(t) == n` / `t.rank == n` -> `t-rank`; `t.rank <= n` -> `t-max-rank`;
      `t.rank >= n` -> `t-min-rank`;
    - `a.dims[i] == b.dims[j]` -> `a-b-dim<i>` (`a-dim<i>-b-dim<j>` when the indices differ), with
      `or a.dims[i] == 1` (a dim that broadcasts) -> the same id and `-or-1`;
    - `t.dims[i] == n` -> `t-dim<i>`; `t.dims[i] > 0` -> `t-dim<i>-positive`;
    - `a.dims[i] % b.dims[j] == 0` -> `a-dim<i>-b-dim<j>-divisible`;
    - `t.dtype == DataType.X` -> `t-dtype`;
    - `present(t)` under a `when` -> `t-present`; `not (present(t) and set(f))` -> `t-f-exclusive`.
    An index counted from the end reads `last`, `last2`, ..."""
    n, i = r"[a-z][a-z0-9_]*", r"-?\d+"
    dims = rf"({n})\.dims\[({i})\]"

    def pair(a: str, x: str, b: str, y: str) -> tuple[str, str]:
        (ix, mx), (iy, my) = _dim(x), _dim(y)
        ident = f"{a}-{b}-{ix}" if x == y else f"{a}-{ix}-{b}-{iy}"
        return ident, f"{mx} of {a} must equal {my} of {b}"

    found: tuple[str, str] | None = None
    if (m := re.fullmatch(rf"(?:ndims\(({n})\)|({n})\.rank) == (\d+)", requires)) is not None:
        found = f"{m[1] or m[2]}-rank", f"{m[1] or m[2]} must be rank-{m[3]}"
    elif (m := re.fullmatch(rf"(?:ndims\(({n})\)|({n})\.rank) <= (\d+)", requires)) is not None:
        found = f"{m[1] or m[2]}-max-rank", f"{m[1] or m[2]} must have at most {m[3]} dimensions"
    elif (m := re.fullmatch(rf"({n})\.rank >= (\d+)", requires)) is not None and m[2] != "1":
        found = f"{m[1]}-min-rank", f"{m[1]} must have at least {m[2]} dimensions"
    elif (m := re.fullmatch(rf"{dims} == {dims} or \1\.dims\[\2\] == 1", requires)) is not None:
        ident, message = pair(m[1], m[2], m[3], m[4])
        found = f"{ident}-or-1", f"{message} or 1"
    elif (m := re.fullmatch(rf"{dims} == {dims}", requires)) is not None:
        found = pair(m[1], m[2], m[3], m[4])
    elif (m := re.fullmatch(rf"{dims} == (\d+)", requires)) is not None:
        found = f"{m[1]}-{_dim(m[2])[0]}", f"{_dim(m[2])[1]} of {m[1]} must be {m[3]}"
    elif (m := re.fullmatch(rf"{dims} > 0", requires)) is not None:
        found = f"{m[1]}-{_dim(m[2])[0]}-positive", f"{_dim(m[2])[1]} of {m[1]} must be positive"
    elif (m := re.fullmatch(rf"{dims} % {dims} == 0", requires)) is not None:
        found = f"{m[1]}-{_dim(m[2])[0]}-{m[3]}-{_dim(m[4])[0]}-divisible", f"{_dim(m[2])[1]} of {m[1]} must be divisible by {_dim(m[4])[1]} of {m[3]}"
    elif (m := re.fullmatch(rf"({n})\.dtype == DataType\.(\w+)", requires)) is not None:
        found = f"{m[1]}-dtype", f"{m[1]} must have {m[2]} data type"
    elif (m := re.fullmatch(rf"present\(({n})\)", requires)) is not None and when:
        found = f"{m[1]}-present", f"{m[1]} must be set"
    elif (m := re.fullmatch(rf"not \(present\(({n})\) and set\(({n})\)\)", requires)) is not None:
        found = f"{m[1]}-{m[2]}-exclusive", f"{m[1]} and {m[2]} cannot both be set"
    if found is None:
        return None
    check = {"id": found[0].replace("_", "-")}
    if when:
        check["when"] = when
    check["requires"] = requires
    check["message"] = found[1]
    return check


def _min_rank(out: NodeChecks, tensor: str, rank: int, empty_fails: bool) -> None:
    """A minimum rank: `ndims` where a tensor set without dims fails it too (hipDNN's
    validateMinimumTensorDimensions, validateChannelOnlyTensorShape), `.rank` where the helper checks
    only a tensor whose dims are set; none for a minimum of 1 read as `.rank`, which every tensor with
    dims has (a check that could never fail: GEN-COVERAGE)."""
    if rank <= 1 and not empty_fails:
        return
    check_id = f"{tensor.replace('_', '-')}-min-rank"
    if all(c["id"] != check_id for c in out.checks):
        count = f"ndims({tensor})" if empty_fails else f"{tensor}.rank"
        out.checks.append({"id": check_id, "requires": f"{count} >= {rank}", "message": f"{tensor} must have at least {rank} dimension{'s' if rank != 1 else ''}"})


def _same_shape(out: NodeChecks, a: str, b: str) -> None:
    """Joins a and b into one group (a group holding either grows; two such groups merge), placed
    after the checks read so far when it is new."""
    groups = out.rules
    holding = [g for g in groups if a in g or b in g]
    if not holding:
        groups.append([a, b])
        out.placed.append((len(out.checks), groups[-1]))
        return
    first = holding[0]
    for other in holding[1:]:
        first += [t for t in other if t not in first]
        groups.remove(other)
        out.placed = [(at, g) for at, g in out.placed if g is not other]
    first += [t for t in (a, b) if t not in first]


# Where hipDNN names an op's files by its stem (<Stem> then the suffix): the test constants, the
# node, the packer and unpacker, the backend descriptor.
STEM_FILES = (
    ("test_sdk/include/hipdnn_test_sdk/constants", "Constants.hpp"),
    (NODE_DIR, "Node.hpp"),
    (DETAIL_DIR, "Packer.hpp"),
    (DETAIL_DIR, "Unpacker.hpp"),
    ("backend/src/descriptors", "OperationDescriptor.hpp"),
)


def checkout_stem(root: Path, op: str, stem: str) -> tuple[str, list[str]] | None:
    """hipDNN's stem for the op where its files are named otherwise than the table: SDPA backward's
    table is SdpaBackwardAttributes, its files SdpaBwdConstants.hpp, SdpaBwdNode.hpp,
    SdpaBwdOperationDescriptor.hpp. Returns (stem, the files naming it) when no file is named by
    `stem` and the files whose name spells the op (BWD/BACKWARD alike) all give one stem; else None."""
    from codegen.hipdnn import scaffold

    found: dict[str, list[str]] = {}
    for folder, suffix in STEM_FILES:
        directory = root / folder
        for path in sorted(directory.glob(f"*{suffix}")) if directory.is_dir() else ():
            candidate = path.name.removesuffix(suffix)
            if candidate and scaffold.stem_names_op(op, candidate):
                found.setdefault(candidate, []).append(f"{folder}/{path.name}")
    if stem in found or len(found) != 1:
        return None
    ((name, files),) = found.items()
    return name, files


SCHEMAS_DIR = "flatbuffers_sdk/schemas"


def find_schema(root: Path, op: str) -> str | None:
    """The checkout's schema whose table names the op (`rmsnorm_bwd` -> RMSNormBackwardAttributes in
    rmsnorm_backward_attributes.fbs), as `FILE:TABLE`, or None. Only graph.fbs's union members count."""
    from codegen.hipdnn import hipdnn_headers, scaffold

    folder = root / SCHEMAS_DIR
    graph = _read(folder / "graph.fbs")
    members = hipdnn_headers.union_members(graph, str(folder / "graph.fbs")) if graph is not None else {}
    for path in sorted(folder.glob("*.fbs")) if folder.is_dir() else ():
        text = _read(path)
        if text is None or path.name == "graph.fbs":
            continue
        for table in re.findall(r"^\s*table\s+([A-Za-z_][A-Za-z0-9_]*)", text, re.M):
            if table in members and scaffold.stem_from_table(op, table) is not None:
                return f"{path}:{table}"
    return None


CONSTANTS_DIR = "test_sdk/include/hipdnn_test_sdk/constants"


@dataclass
class TestData:
    """The checkout's test constants for an op (`<stem>Constants.hpp`)."""

    prefix: str | None = None  # constants_prefix when it is not the derived K_<STEM>_
    namespace: str | None = None  # constants_namespace: the header's namespace below hipdnn_tests::constants
    shapes_prefix: str | None = None  # when not the derived <prefix>TENSOR_
    shapes: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)  # shared shapes: name -> (dims, strides)
    field_constants: list[str] | None = None  # the fields with a constant, when not every field has one
    tensors: dict[str, tuple[int, list[int] | None, list[int] | None]] = field(default_factory=dict)
    fields: dict[str, object] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


def _shapes(out: TestData, found: dict[str, cxx_api.Constant], prefix: str, tensors: list[str]) -> None:
    """Shared shapes: `<P><SHAPE>_DIMS` and `_STRIDES` pairs that are no tensor's own, under the
    derived shapes prefix `<P>TENSOR_` or else the constants prefix itself."""
    own = {f"{prefix}TENSOR_{t.upper()}_DIMS" for t in tensors}
    named: dict[str, dict[str, tuple[list[int], list[int]]]] = {}
    for name, constant in found.items():
        if not name.startswith(prefix) or not name.endswith("_DIMS") or name in own:
            continue
        strides_name = name.removesuffix("_DIMS") + "_STRIDES"
        dims = _numbers(constant.value)
        strides = _numbers(found[strides_name].value) if strides_name in found else None
        if dims is None or strides is None or len(dims) != len(strides):
            continue
        rest = name.removeprefix(prefix).removesuffix("_DIMS")
        where = f"{prefix}TENSOR_" if rest.startswith("TENSOR_") else prefix
        named.setdefault(where, {})[rest.removeprefix("TENSOR_") if where != prefix else rest] = (dims, strides)
    if len(named) != 1:
        return
    where, shapes = named.popitem()
    out.shapes = shapes
    if where != f"{prefix}TENSOR_":
        out.shapes_prefix = where
    out.lines.append(f"shared shapes {', '.join(shapes)} ({where}<SHAPE>_DIMS/_STRIDES): no checkout file assigns them to tensors")


def _numbers(text: str | None) -> list[int] | None:
    if text is None:
        return None
    inner = text.strip().strip("{}")
    try:
        return [int(part) for part in inner.split(",") if part.strip()]
    except ValueError:
        return None


def _scalar(text: str | None) -> object:
    if text is None:
        return None
    value = text.strip()
    if value in ("true", "false"):
        return value == "true"
    try:
        return int(value)
    except ValueError:
        pass
    try:
        return float(value.rstrip("fF"))
    except ValueError:
        return None


CONSTANTS_NAMESPACE = "hipdnn_tests::constants"


def test_data(root: Path, stem: str, tensors: list[str], fields: list[str], taken: dict[str, set[int]], block: tuple[int, int] | None = None) -> TestData:
    """UIDs, dims, strides and field values from the checkout's constants header, under the one
    prefix its `<P>TENSOR_<NAME>_UID` constants share. `taken` holds the UIDs the other specs use,
    by constants namespace (\"\" the shared one): only those in the header's own namespace clash, and
    those are moved or left allocated (said in the lines)."""
    out = TestData()
    path = root / CONSTANTS_DIR / f"{stem}Constants.hpp"
    text = _read(path)
    if text is None:
        return out
    found = cxx_api.constants(text)
    prefixes = set()
    for t in tensors:
        for name in found:
            if name.endswith(f"TENSOR_{t.upper()}_UID"):
                prefixes.add(name[: -len(f"TENSOR_{t.upper()}_UID")])
    if len(prefixes) != 1:
        return out
    prefix = prefixes.pop()
    scopes = {found[f"{prefix}TENSOR_{t.upper()}_UID"].scope for t in tensors if f"{prefix}TENSOR_{t.upper()}_UID" in found}
    scope = scopes.pop() if len(scopes) == 1 else CONSTANTS_NAMESPACE
    own = scope.removeprefix(CONSTANTS_NAMESPACE + "::") if scope.startswith(CONSTANTS_NAMESPACE + "::") else None
    if own is not None and re.fullmatch(r"[a-z][a-z0-9_]*", own):
        out.namespace = own
        out.lines.append(f"test constants of {path.name} sit in a namespace of their own: {scope}")
    taken_uids = taken.get(out.namespace or "", set())
    if out.namespace is not None and prefix == "K_":
        out.prefix = prefix  # bare K_ names, kept apart by the op's own namespace
    elif not re.fullmatch(r"K_[A-Z][A-Z0-9]*(_[A-Z0-9]+)*_", prefix) or len(prefix) > 64:
        # batchnorm inference's unprefixed K_TENSOR_X_UID in its own namespace: a spec's prefix names the op
        out.lines.append(f"test constants of {path.name} are prefixed {prefix!r}, which names no op: the derived prefix is kept")
        out.prefix = None
    elif prefix != f"K_{stem.upper()}_":
        out.prefix = prefix
    given = {t: found[f"{prefix}TENSOR_{t.upper()}_UID"] for t in tensors if f"{prefix}TENSOR_{t.upper()}_UID" in found}
    given = {t: c for t, c in given.items() if c.number is not None}
    moved: dict[str, int] = {}
    if block is not None and any(c.number in taken_uids for c in given.values()):
        # another spec already uses some of them: all move into the op's own block, each keeping its
        # low two digits (hipDNN's 70-75 become 1870-1875), when that lands them on free UIDs
        low, high = block
        moved = {t: low + (c.number or 0) % 100 for t, c in given.items()}
        values = list(moved.values())
        if len(set(values)) != len(values) or any(v in taken_uids or not low <= v <= high for v in values):
            moved = {}
        else:
            out.lines.append(f"test UIDs of {path.name} are partly another spec's: moved into the op's block {low}-{high} (low two digits kept)")
    for t in tensors:
        uid = given.get(t)
        if uid is None or uid.number is None:
            continue
        number: int = uid.number
        if t in moved:
            number = moved[t]
        elif number in taken_uids:
            out.lines.append(f"test UID {uid.number} of {t} ({path.name}:{uid.line}) is another spec's: allocated instead")
            continue
        dims = _numbers(found[f"{prefix}TENSOR_{t.upper()}_DIMS"].value) if f"{prefix}TENSOR_{t.upper()}_DIMS" in found else None
        strides = _numbers(found[f"{prefix}TENSOR_{t.upper()}_STRIDES"].value) if f"{prefix}TENSOR_{t.upper()}_STRIDES" in found else None
        if dims is None or strides is None or len(dims) != len(strides):
            dims = strides = None
        out.tensors[t] = (number, dims, strides)
    for f in fields:
        constant = found.get(f"{prefix}{f.upper()}")
        if constant is not None and (value := _scalar(constant.value)) is not None:
            out.fields[f] = value
    if fields and out.tensors and len(out.fields) != len(fields):  # none at all too: SDPA backward's header has no field constant
        out.field_constants = [f for f in fields if f in out.fields]
    _shapes(out, found, prefix, tensors)
    out.lines.append(f"test constants from {path.name}: prefix {prefix}, {len(out.tensors)} tensor(s), {len(out.fields)} field value(s)")
    return out
