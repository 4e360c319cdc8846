"""What adopting an op takes from a hipDNN checkout's C++ (through cxx_api): the Graph method's
name, parameters and return shape (Graph.hpp), the Attributes class's accessors, optional fields,
frontend-only flags, multi-value setters, InputNames/OutputNames enumerators and cuDNN alias
(attributes/<X>Attributes.hpp). Only names that differ from the derived default are written."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

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
    try:
        if path.is_file() and path.stat().st_size <= MAX_HEADER:
            return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return None


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
    out.order = _class_order(c, tensors)
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
    """The fields logicallyEqualsImpl and strictEqualsImpl compare (`f == other.f`), in body order;
    None when the class defines neither."""
    found: list[list[str]] = []
    for hook in ("logicallyEqualsImpl", "strictEqualsImpl"):
        bodies = internals.bodies.get(hook, ())
        if not bodies:
            return None
        compared = re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*==\s*other\.\1\b", bodies[0][1])
        found.append([f for f in compared if f in fields])
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


def _class_order(c: _Class, tensors: list[tuple[str, str, bool]]) -> list[str]:
    """The tensors in the class's order: inputs as InputNames lists them, then the inputs it does
    not list (schema order), then outputs likewise by OutputNames. Empty when the class lists none."""
    by_key = {_key(t): t for t, _, _ in tensors}
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


def node_inferences(root: Path, found: _Found, tensors: list[str]) -> tuple[list[tuple[str, str]], str, list[str]] | None:
    """The output shapes the checkout's node infers (`infer_properties_node()` setting an output's
    dims from another tensor's: `y->set_dim(x->get_dim())`, the tensors named by the locals the body
    takes from `attributes.get_<tensor>()`), as (output, source) pairs, with the node file's name and
    the tensors the body infers in another form adoption does not read (a local it passes to a helper
    or lambda, `inferCTensor(dscale)`); None when the checkout has no node file for the op's Attributes
    class."""
    read = _node_file(root, found)
    if read is None:
        return None
    node, internals = read
    pairs: list[tuple[str, str]] = []
    otherwise: list[str] = []
    names = set(tensors)
    for _params, body in internals.bodies.get("infer_properties_node", ()):
        local = {m[1]: m[2] for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", body)}
        for m in re.finditer(r"\b([A-Za-z_][A-Za-z0-9_]*)->set_dim\(([A-Za-z_][A-Za-z0-9_]*)->get_dim\(\)\)", body):
            target, source = local.get(m[1]), local.get(m[2])
            if target in names and source in names and target != source and all(t != target for t, _ in pairs):
                pairs.append((target, source))
        for m in re.finditer(r"\b[A-Za-z_]\w*\s*\(\s*([A-Za-z_]\w*)\s*\)\s*;", body):
            t = local.get(m[1])
            if t in names and t not in otherwise:
                otherwise.append(t)
    inferred = {t for t, _ in pairs}
    return pairs, f"{node}.hpp", [t for t in otherwise if t not in inferred]


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


def _arguments(text: str, start: int) -> tuple[list[str], int] | None:
    """The comma-separated arguments of the call whose '(' is at `start`, and the index after ')'."""
    depth, parts, begin = 0, [], start + 1
    for i in range(start, len(text)):
        ch = text[i]
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


def node_checks(root: Path, found: _Found, tensors: list[str]) -> NodeChecks | None:
    """The checks and same-shape rules of the checkout's node (`<Class>Node.hpp`'s
    pre_validate_node()), read in call order from its calls of hipDNN's node helpers on tensors it
    takes from `attributes.get_<tensor>()` (a local, or the call itself): a minimum rank, a same
    shape, a channel-only shape whose channel count is another tensor's dim, a scalar, positive dims
    and strides (`t->validate_dims_and_strides_set_and_positive()`), spatial batchnorm's values per
    channel, a scale encoding the normalized shape, norm statistics' shape, and two optional tensors
    set together (`bool hasA = a != nullptr; ... if(hasA != hasB) return ...`). A dims check of a
    tensor that a same_shape group ties to an earlier tensor with the same check is left out (the
    rule implies it). None when the checkout has no node file for the op."""
    read = _node_file(root, found)
    if read is None:
        return None
    node, internals = read
    out = NodeChecks(file=f"{node}.hpp")
    names = set(tensors)
    for _params, body in internals.bodies.get("pre_validate_node", ()):
        local = {m[1]: m[2] for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_]\w*)\s*=\s*attributes\.get_([a-z][a-z0-9_]*)\(\);", body)}
        local = {k: v for k, v in local.items() if v in names}
        dims = {m[1]: local[m[2]] for m in re.finditer(r"\bauto\s*&?\s*([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)->get_dim\(\);", body) if m[2] in local}
        values = {m[1]: f"{dims[m[2]]}.dims[{m[3]}]" for m in re.finditer(r"\b(?:const\s+)?int64_t\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\[(\d+)\];", body) if m[2] in dims}
        present = {m[1]: local[m[2]] for m in re.finditer(r"\bbool\s+([A-Za-z_]\w*)\s*=\s*\(?\s*([A-Za-z_]\w*)\s*!=\s*nullptr\s*\)?\s*;", body) if m[2] in local}

        def tensor(arg: str) -> str | None:
            if arg in local:
                return local[arg]
            m = re.fullmatch(r"attributes\.get_([a-z][a-z0-9_]*)\(\)", arg)
            return m[1] if m is not None and m[1] in names else None

        calls = re.compile(
            r"\b(?:detail::)?(?P<helper>" + "|".join(NODE_HELPERS) + r")\s*\("
            r"|\b(?P<positive>[A-Za-z_]\w*)->" + POSITIVE + r"\s*\(\s*\)"
            r"|\bif\s*\(\s*(?P<a>[A-Za-z_]\w*)\s*!=\s*(?P<b>[A-Za-z_]\w*)\s*\)"
        )
        for call in calls.finditer(body):
            if call["positive"]:
                t = tensor(call["positive"])
                if t is None:
                    out.untranslated.append(f"{call['positive']}->{POSITIVE}()")
                    continue
                k = t.replace("_", "-")
                out.checks += [
                    {"id": f"{k}-dims-positive", "requires": f"all(i in range(0, {t}.rank): {t}.dims[i] > 0)", "message": f"{t} dimensions must be positive"},
                    {"id": f"{k}-strides-positive", "requires": f"all(i in range(0, len({t}.strides)): {t}.strides[i] > 0)", "message": f"{t} strides must be positive"},
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
                _min_rank(out, named[0], int(args[1]), True)
            elif helper in SAME_SHAPE and len(args) >= 2 and named[0] and named[1]:
                _same_shape(out.rules, named[0], named[1])
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
                out.checks.append({"id": f"{t.replace('_', '-')}-scalar", "requires": f"all(i in range(0, {t}.rank): {t}.dims[i] == 1)", "message": f"{t} must be a scalar (single element)"})
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
    _implied(out)
    if not out.checks and not out.rules and not out.untranslated:
        return None
    return out


def _implied(out: NodeChecks) -> None:
    """Drops a tensor's minimum-rank and positive-dims checks that a same_shape group makes another
    tensor's: the group's first tensor with the same check (its requires, the name aside) keeps it."""
    kept: list[dict[str, str]] = []
    for check in out.checks:
        for suffix in ("-min-rank", "-dims-positive"):
            if not check["id"].endswith(suffix):
                continue
            t = check["id"].removesuffix(suffix).replace("-", "_")
            group = next((g for g in out.rules if t in g), [])
            if any(
                other != t and group.index(other) < group.index(t)
                and any(c["id"] == other.replace("_", "-") + suffix and c["requires"].replace(other, t) == check["requires"] for c in out.checks)
                for other in group
            ):
                break
        else:
            kept.append(check)
    out.checks = kept


def _min_rank(out: NodeChecks, tensor: str, rank: int, empty_fails: bool) -> None:
    """A minimum rank: `ndims` where a tensor set without dims fails it too (hipDNN's
    validateMinimumTensorDimensions, validateChannelOnlyTensorShape), `.rank` where the helper checks
    only a tensor whose dims are set."""
    check_id = f"{tensor.replace('_', '-')}-min-rank"
    if all(c["id"] != check_id for c in out.checks):
        count = f"ndims({tensor})" if empty_fails else f"{tensor}.rank"
        out.checks.append({"id": check_id, "requires": f"{count} >= {rank}", "message": f"{tensor} must have at least {rank} dimension{'s' if rank != 1 else ''}"})


def _same_shape(groups: list[list[str]], a: str, b: str) -> None:
    """Joins a and b into one group (a group holding either grows; two such groups merge)."""
    holding = [g for g in groups if a in g or b in g]
    if not holding:
        groups.append([a, b])
        return
    first = holding[0]
    for other in holding[1:]:
        first += [t for t in other if t not in first]
        groups.remove(other)
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
    if out.fields and len(out.fields) != len(fields):
        out.field_constants = [f for f in fields if f in out.fields]
    _shapes(out, found, prefix, tensors)
    out.lines.append(f"test constants from {path.name}: prefix {prefix}, {len(out.tensors)} tensor(s), {len(out.fields)} field value(s)")
    return out
