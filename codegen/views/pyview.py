"""Python lowering of the model for the runtime mirror (generated/python/, package hipdnn_ops)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from codegen.spec import expr
from codegen.views import fbsview, naming, nodecheck
from codegen.spec.model import FIELD_TYPES, Field, OpSpec, Tensor
from codegen.views.naming import OpNames
from codegen.spec.references import REFERENCES, SUPPORT_MODULES
from codegen.spec.registry import Registry
from codegen.views.testplan import NodeState, TestPlan, build as build_plan, first_failure, tensors_set


def literal(field: Field, value: Any) -> str:
    """A Python expression of a spec value for `field` (enums as members of their IntEnum)."""
    if value is None:  # a field optional in the frontend, left unset
        return "None"
    if field.enum is not None:
        return f"{field.enum.name}.{value}"
    if field.type.name in ("float", "double"):
        return repr(float(value))
    if field.type.is_vector:
        return "[" + ", ".join(str(int(v)) for v in value) + "]"
    return repr(value)  # str (string fields), bool and int: repr is a valid, escaped literal


def zero(field: Field) -> str:
    """The value an unset, non-optional field holds (FlatBuffers' zero default)."""
    if field.optional:
        return "None"
    if field.default is not None:
        return literal(field, field.default)
    if field.enum is not None:
        first = next((v for v in field.enum.values if v.value == 0), field.enum.values[0])
        return f"{field.enum.name}.{first.name}"
    if field.type.is_vector:
        return "[]"
    return {"bool": "False", "float": "0.0", "double": "0.0", "string": "''"}.get(field.type.name, "0")


@dataclass(frozen=True)
class TensorView:
    tensor: Tensor
    name: str
    attribute: str
    optional: bool
    role: str
    label: str
    missing_message: str
    uid: int
    dims: tuple[int, ...]
    strides: tuple[int, ...]
    pascal: str
    uid_field: str

    @property
    def place(self) -> str:
        """Where the serialized node holds its UID."""
        return naming.frontend_map(self.tensor)


@dataclass(frozen=True)
class ListView:
    tensor: Tensor
    name: str
    attribute: str
    role: str
    label: str
    uid_field: str
    pascal: str
    items: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]  # test (uid, dims, strides)

    @property
    def place(self) -> str:
        return naming.frontend_map(self.tensor)


@dataclass(frozen=True)
class FieldView:
    field: Field
    name: str
    attribute: str
    kind: str
    optional: bool
    zero: str
    enum: str  # the IntEnum class name, or ""
    sentinel: str  # "Enum.MEMBER" or ""
    sentinel_message: str
    test_value: str
    pascal: str

    @property
    def has_default(self) -> bool:
        """A spec default the backend keeps (vector and string defaults live in the frontend only):
        the fields the C++ Get<Field>Default tests cover."""
        f = self.field
        return f.default is not None and not f.type.is_vector and f.type.name != "string"


@dataclass(frozen=True)
class LayoutView:
    """One field of the op's FlatBuffers table, in table order: how the mirror writes and reads it
    in hipDNN's binary graph and where it sits in hipDNN's JSON node object."""

    name: str  # the schema field name
    kind: str  # long | int | float | double | bool | enum | [long] | [int] | [ubyte] | string
    place: str  # "inputs" or "outputs" for tensor UIDs, "" for the node object's top level
    optional: bool  # `= null`: absent from the binary and left out of the JSON when unset
    default: str  # Python literal of what an absent field reads as
    enum: str  # the IntEnum class of an enum field, or ""
    retired: bool = False  # a (deprecated) slot: its number is kept, its value never read or written


def _layout(spec: OpSpec) -> tuple[LayoutView, ...]:
    layout = []
    for f in fbsview.build(spec).fields:
        place = "" if f.tensor is None else f.json_object
        if f.field is None:
            kind, default = f.type, ("[]" if f.type.startswith("[") else "0")
        elif f.field.enum is not None:
            kind, default = "enum", zero(f.field)
        else:
            kind = f.field.type.fbs_type
            default = "[]" if f.field.type.is_vector else ("''" if kind == "string" else zero(f.field))
        layout.append(LayoutView(f.name, kind, place, f.optional, "None" if f.optional else default, f.field.enum.name if f.field and f.field.enum else "", f.retired))
    return tuple(layout)


@dataclass(frozen=True)
class OpView:
    spec: OpSpec
    names: OpNames
    plan: TestPlan
    tensors: tuple[TensorView, ...]
    fields: tuple[FieldView, ...]
    rules: tuple[tuple[str, tuple[str, ...], str, str], ...]  # (kind, tensors, message, fails: Python source or "")
    enums: tuple[str, ...]
    unsupported_attribute: int
    node_checks: tuple[str, ...] = ()  # NodeCheck(...) expressions, in pre_validate_node() order
    inferences: tuple[str, ...] = ()  # Inference(...) expressions
    field_states: tuple[tuple[str, str], ...] = ()  # (field, FieldState(...) expression)
    graph_inputs: tuple[tuple[str, str], ...] = ()  # required inputs (name, enumerator): the Graph method's arguments
    graph_outputs: tuple[tuple[str, str], ...] = ()  # required outputs it creates
    graph_optional_inputs: tuple[tuple[str, str], ...] = ()  # optional inputs it names when set
    lists: tuple[ListView, ...] = ()
    layout: tuple[LayoutView, ...] = ()
    union_position: int | None = None  # NodeAttributes position in graph.fbs (None: the spec has none)
    # what the Graph method returns, in order: (name, enumerator, creating flag, its default) of each
    # output; the flag is "" for a required output (always created) and for an optional one no flag creates
    graph_returns: tuple[tuple[str, str, str, bool], ...] = ()
    graph_single: bool = False  # one tensor, not a list
    formulas: tuple[str, ...] = ()  # Formula(...) expressions (`infer:`)
    # the optional outputs the Graph method creates itself (frontend.graph_creates): (name, enumerator,
    # the optional inputs its creation needs, all set: graph_creates_when), in graph_returns order
    graph_creates: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    @property
    def frontend_imports(self) -> str:
        """What the op module imports from hipdnn_ops.frontend: the node's classes and the helpers
        its declared checks' Python calls."""
        import re

        used = {m for c in (*self.node_checks, *self.formulas, *(r[3] for r in self.rules)) for m in re.findall(r"\b(at|cut|put|every|tdiv|tmod|_norm)\(", c)}
        if self.formulas:
            used.add("Formula")
        return ", ".join(["FieldState", "Inference", "NodeCheck", "NodeSpec", *sorted(used)])

    @property
    def graph_returns_optional(self) -> bool:
        """The Graph method returns a list that may hold None (a stated return, not one tensor)."""
        return self.spec.frontend.graph_returns is not None and not self.graph_single

    @property
    def graph_parameters(self) -> tuple[tuple[str, str, str], ...]:
        """(name, enumerator, parameter) of each Graph method parameter, named as hipDNN's Python
        bindings name them (naming.python_argument: batchnorm_inference's `inv_variance`, where
        Graph.hpp's C++ parameter is `invVariance`), so keyword calls work alike on the mirror and on
        hipDNN's Python package."""
        return tuple((name, enumerator, naming.python_argument(name)) for name, enumerator in self.graph_inputs)

    @property
    def graph_test_inputs(self) -> tuple[str, ...]:
        """The optional inputs the Graph method test sets on the attributes: the valid node state's,
        less those whose presence needs an optional output the method does not create (batchnorm's
        previous running statistics and momentum need the next ones, which hipDNN's Graph::batchnorm
        creates when they are set and the generated one does not): dropped from the last until the
        state, without those outputs, passes the node's checks."""
        state = self.plan.node_cases[0].state
        present = [name for name in state.present]
        kept = [name for name, _ in self.graph_optional_inputs if name in present]

        def called() -> tuple[str, ...]:  # the state after the call: outputs it does not create dropped
            created = self.graph_created(tuple(kept))
            return tuple(n for n in present if n in created or not any(t.name == n and t.role == "output" for t in self.spec.optional_tensors))

        while kept and first_failure(self.spec, replace(state, present=called())) is not None:
            present.remove(kept.pop())
        return tuple(kept)

    def graph_created(self, inputs: tuple[str, ...]) -> set[str]:
        """The outputs the Graph method creates when the attributes hold the optional `inputs`:
        the required ones, those a flag set by default creates, and the graph_creates ones whose
        graph_creates_when inputs are all among `inputs`."""
        created = {name for name, _ in self.graph_outputs}
        created |= {name for name, _, flag, default in self.graph_returns if flag and default}
        created |= {name for name, _, needs in self.graph_creates if set(needs) <= set(inputs)}
        return created

    def node_state(self, state: NodeState) -> tuple[dict[str, tuple[tuple[int, ...], tuple[int, ...]]], dict[str, str]]:
        """A node test state as ({tensor: (dims, strides)} for the present tensors, {field: literal})."""
        tensors = {n: (state.dims_of(n), state.strides_of(n)) for n in state.present}
        fields = {f.name: literal(f.field, state.field(f.name)) for f in self.fields}
        return tensors, fields

    def node_prop_lines(self, state: NodeState, tensors: str = "attributes.tensors") -> tuple[str, ...]:
        """Statements giving the state's tensors a data type other than FLOAT (the mirror's DataType
        spells the frontend's NOT_SET as UNSET) or a value (pass-by-value)."""
        return tuple((f'{tensors}["{name}"].data_type = DataType.{"UNSET" if value == "NOT_SET" else value}'
                      if prop == "dtype" else f'{tensors}["{name}"].value = {1.0 if value else None!r}')
                     for name, prop, value in state.props if name in state.present)

    def with_tensors(self, present: tuple[str, ...], omit: str | None = None) -> tuple[TensorView, ...]:
        return tuple(self.tensor(name) for name in tensors_set(self.spec, present, omit))

    def tensor(self, name: str) -> TensorView:
        return next(t for t in self.tensors if t.name == name)

    @property
    def reference(self) -> tuple[str, str, tuple[str, ...], tuple[str, ...]] | None:
        """(function, module source, tensor inputs, outputs) of the op's CPU reference, if any."""
        if self.spec.reference is None or self.spec.dtypes is None or self.spec.reference.python not in REFERENCES:
            return None
        module, inputs, outputs = REFERENCES[self.spec.reference.python]
        return self.spec.reference.python, reference_source(module), inputs, outputs

    @property
    def everything(self) -> tuple[TensorView, ...]:
        """Every tensor the fixture that sets everything sets (the required ones and the most
        optional ones that can be present together), in declaration order."""
        return self.with_tensors(self.plan.all_present)


def build(spec: OpSpec) -> OpView:
    names = OpNames(spec)
    prefix = naming.finalize_prefix(names)
    tensors = []
    for t in spec.tensors:
        data = spec.test_tensor(t.name)
        tensors.append(
            TensorView(t, t.name, t.attribute, t.optional, t.role, naming.tensor_label(t),
                       prefix + naming.missing_tensor_message(t), data.uid, data.dims, data.strides,
                       naming.pascal(t.name), naming.tensor_uid_field(t))
        )
    fields = []
    for f in spec.fields:
        # DataType's UNSET means "not chosen": finalize accepts it (no sentinel check)
        sentinel = f.enum.sentinel if f.enum is not None and not naming.is_data_type(f.enum) else None
        fields.append(
            FieldView(
                f, f.name, f.attribute, f.type.name, f.optional, zero(f),
                f.enum.name if f.enum else "",
                f"{f.enum.name}.{sentinel.name}" if f.enum and sentinel else "",
                prefix + naming.sentinel_message(f),
                literal(f, spec.test_field(f.name).value),
                naming.pascal(f.name),
            )
        )
    rules = tuple(
        ("expr", tuple(sorted(expr.names(c.requires) | (expr.names(c.when) if c.when else set()))), prefix + c.check.message,
         f"lambda v: {nodecheck.fails_python(c)}")
        for c in nodecheck.backend_checks(spec)
    )
    enums = tuple(sorted({f.enum.name for f in spec.fields if f.enum is not None}))
    lists = tuple(
        ListView(t, t.name, t.attribute, t.role, naming.tensor_label(t), naming.tensor_uid_field(t), naming.pascal(t.name),
                 tuple((i.uid, i.dims, i.strides) for i in spec.test_list(t.name).items))
        for t in spec.tensor_lists
    )
    checks, inferences, states, inputs, outputs, optional = _node(spec)
    # the Graph method's tensor parameters (frontend.graph_params); a required input it does not take
    # is set on the attributes, and named like an optional one when set
    by_name = dict(inputs)
    params = [n for n in naming.graph_params(spec) if n in by_name]
    optional = tuple((n, e) for n, e in inputs if n not in params) + tuple(optional)
    inputs = tuple((n, by_name[n]) for n in params)
    enumerators = {t.name: naming.frontend_enumerator(t) for t in spec.tensors}
    returns = []
    for name in naming.graph_returns(spec):
        flag = spec.frontend.flag_creating(name)
        if name in enumerators:
            returns.append((name, enumerators[name], flag.name if flag else "", flag.default if flag else False))
    return OpView(spec, names, build_plan(spec), tuple(tensors), tuple(fields), rules, enums, spec.unused_attribute_id(),
                  checks, inferences, states, inputs, outputs, optional, lists, _layout(spec), spec.flatbuffers.union_position,
                  tuple(returns), naming.graph_returns_single(spec), _formulas(spec),
                  tuple((name, enumerators[name], spec.frontend.creates_when(name)) for name in naming.graph_returns(spec)
                        if name in spec.frontend.graph_creates and name in enumerators))


def _formulas(spec: OpSpec) -> tuple[str, ...]:
    out = []
    for f in nodecheck.formulas(spec):
        when, dims = nodecheck.formula_python(f)
        extra = f", when=lambda v: {when}" if when else ""
        extra += f", strides={f.formula.strides!r}" if f.formula.strides != "packed" else ""
        out.append(f"Formula({f.formula.target!r}, lambda v: {dims}{extra})")
    return tuple(out)


def _node(spec: OpSpec) -> tuple[Any, ...]:
    checks = []
    for c in nodecheck.checks(spec):
        args = [repr(c.kind), repr(c.code), repr(c.message), f"tensors={c.tensors!r}"]
        if c.field is not None:
            args.append(f"field={c.field!r}")
        if c.declared is not None:
            args.append(f"fails=lambda v: {nodecheck.fails_python(c.declared)}")
            if c.declared.check.stage == "presence":
                args.append("stage='presence'")
        checks.append(f"NodeCheck({', '.join(args)})")
    inferences = []
    for step in nodecheck.inference_steps(spec):
        extra = f", conforms_to={step.conforms.to!r}, keeps={step.conforms.keeps!r}" if step.conforms else ""
        inferences.append(f"Inference({step.inference.kind!r}, {step.target!r}, {step.source!r}{extra})")
    states = tuple(
        (f.name, f"FieldState({f.frontend_optional!r}, {spec.inference_of(f.name) is not None!r}, {nodecheck.unset_value(spec, f)!r})")
        for f in spec.fields
    )
    enumerator = {t.name: naming.frontend_enumerator(t) for t in spec.tensors}
    inputs = tuple((t.name, enumerator[t.name]) for t in spec.required_tensors if t.role == "input")
    outputs = tuple((t.name, enumerator[t.name]) for t in spec.required_tensors if t.role == "output")
    optional = tuple((t.name, enumerator[t.name]) for t in spec.optional_tensors if t.role == "input")
    return tuple(checks), tuple(inferences), states, inputs, outputs, optional


@dataclass(frozen=True)
class PackageView:
    """Everything the package-wide modules (enums, dispatch) need."""

    @property
    def references(self) -> tuple["OpView", ...]:
        """The ops with a CPU reference, in op order."""
        return tuple(o for o in self.ops if o.reference is not None)

    @property
    def reference_support(self) -> tuple[tuple[str, str], ...]:
        """(module file, source) of the helpers every reference imports."""
        return tuple((m, reference_source(m)) for m in SUPPORT_MODULES)

    ops: tuple[OpView, ...]
    attributes: tuple[tuple[str, int], ...]
    descriptor_types: tuple[tuple[str, int], ...]
    operation_types: tuple[tuple[str, int], ...]
    data_types: tuple[tuple[str, int], ...]
    data_type_json: tuple[tuple[str, str], ...]  # (data type, its JSON spelling) where hipDNN has one
    statuses: tuple[tuple[str, int], ...]
    enums: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    enum_json: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]  # (enum, ((member, JSON spelling), ...))
    version: str
    scalar_ranges: tuple[tuple[str, tuple[int, int]], ...]  # integer field kinds and their ranges
    vector_ranges: tuple[tuple[str, tuple[int, int]], ...]  # integer-list kinds and their items' ranges


def reference_source(module: str) -> str:
    """The text of a module of codegen/references/ (the mirror ships it as it is)."""
    from pathlib import Path

    from codegen.spec import references

    return (Path(references.__file__).parent / module).read_text(encoding="utf-8")


def build_package(ops: list[OpView], registry: Registry | None, version: str) -> PackageView:
    def merged(spec_items: list[tuple[str, int]], registry_items: Any) -> tuple[tuple[str, int], ...]:
        items = dict(spec_items)
        for v in registry_items if registry is not None else ():
            items.setdefault(v.name, v.value)
        return tuple(sorted(items.items(), key=lambda kv: (kv[1], kv[0])))

    specs = [o.spec for o in ops]
    enums: dict[str, tuple[tuple[str, int], ...]] = {}
    enum_json: dict[str, tuple[tuple[str, str], ...]] = {}
    for spec in specs:
        for f in spec.fields:
            if f.enum is not None and not naming.is_data_type(f.enum):  # the mirror's own DataType is hipDNN's
                enums.setdefault(f.enum.name, tuple((v.name, v.value) for v in f.enum.values))
                enum_json.setdefault(f.enum.name, tuple((v.name, naming.enum_json_name(f.enum, v.name)) for v in f.enum.values))
    return PackageView(
        ops=tuple(sorted(ops, key=lambda o: o.spec.op)),
        attributes=merged([(a.name, a.id) for s in specs for a in s.attributes()], registry.attributes if registry else ()),
        descriptor_types=merged([(s.descriptor_type.name, s.descriptor_type.value) for s in specs], registry.descriptor_types if registry else ()),
        operation_types=merged([(s.operation_type.name, s.operation_type.value) for s in specs], registry.operation_types if registry else ()),
        data_types=merged([], registry.data_types if registry else ()),
        data_type_json=registry.data_type_json if registry else (),
        statuses=merged([], registry.statuses if registry else ()),
        enums=tuple(sorted(enums.items())),
        enum_json=tuple(sorted(enum_json.items())),
        version=version,
        scalar_ranges=tuple((t.name, t.value_range) for t in FIELD_TYPES.values() if t.value_range and not t.is_vector),
        vector_ranges=tuple((t.name, t.value_range) for t in FIELD_TYPES.values() if t.value_range and t.is_vector),
    )
