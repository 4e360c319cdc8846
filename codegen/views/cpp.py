"""C++ lowering of the model: the statements and expressions the templates print.

Templates stay declarative (`case {{ a.attribute }}: {{ a.set_call }}; break;`); how an attribute
is stored, set, read, printed and compared is decided here, once per field type.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from codegen.plumbing import escape
from codegen.spec import expr
from codegen.views import fbsview, naming, nodecheck
from codegen.views.fbsview import SchemaView
from codegen.spec.model import EnumDef, Field, FrontendFlag, FrontendSetter, OpSpec, Tensor
from codegen.views.naming import OpNames
from codegen.views.testplan import NodeState, TestPlan, build as build_plan, tensors_set

FBS = naming.FBS
SET_ARGS = "attributeType, elementCount, arrayOfElements"
GET_ARGS = "attributeType, requestedElementCount, elementCount, arrayOfElements"


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def literal(field: Field, value: Any) -> str:
    """A C++ literal of a test or default value, typed for `field`."""
    kind = field.type.name
    if kind == "bool":
        return "true" if value else "false"
    if kind == "float":
        return repr(float(value)) + "f"
    if kind == "double":
        return repr(float(value))
    if field.type.is_vector:
        return "{" + ", ".join(int_literal(int(v)) for v in value) + "}"
    if kind == "string":
        return escape.cpp_string(str(value))
    if kind == "enum":
        assert field.enum is not None
        return str(next(v.value for v in field.enum.values if v.name == value))
    return int_literal(int(value))


def int_literal(value: int) -> str:
    """An integer literal C++ accepts: -2^63 has no literal of its own (2^63 overflows int64_t)."""
    return "(-9223372036854775807 - 1)" if value == -(2**63) else str(value)


@dataclass(frozen=True)
class TensorView:
    tensor: Tensor
    attribute: str
    member: str
    getter: str
    uid_field: str
    label: str
    local: str
    graph_name: str  # the Graph method's parameter (input) or local (output); "" when not required
    frontend_read: str  # C++ expression reading the tensor from `attributes`
    uid_constant: str
    dims_constant: str
    strides_constant: str
    set_call: str
    get_call: str
    optional: bool
    name: str
    pascal: str
    role: str
    enumerator: str  # InputNames/OutputNames enumerator
    frontend_getter: str | None
    frontend_setter: str | None
    frontend_map: str  # inputs | outputs
    frontend_get: str  # inside the attributes class: getInput(InputNames::DY)

    @property
    def python_argument(self) -> str:
        """The Graph method's Python keyword for the tensor (naming.python_argument)."""
        return naming.python_argument(self.name)

    def write(self, value: str) -> str:
        """The statement (without `;`) storing `value` into `attributes`."""
        return naming.frontend_write(self.tensor, value)

    def frontend_store(self, value: str) -> str:
        """Inside the attributes class: setInput(InputNames::DY, value)."""
        return naming.frontend_base_call(self.tensor, "set", value)


@dataclass(frozen=True)
class ListItem:
    """One test entry of a tensor list: its constants."""

    uid_constant: str
    dims_constant: str
    strides_constant: str
    uid: int
    dims: tuple[int, ...]
    strides: tuple[int, ...]
    declares_shape: bool  # its dims/strides constants are its own (not a shared shape's)


@dataclass(frozen=True)
class ListView:
    """A tensor list (hipDNN's peer_stats, a custom op's inputs): a vector of descriptors in the
    backend, a public vector member in the frontend, a [long] UID field in the schema."""

    tensor: Tensor
    name: str
    pascal: str
    attribute: str
    member: str
    getter: str
    uid_field: str
    label: str
    role: str
    local: str
    set_call: str
    get_call: str
    frontend_member: str
    frontend_getter: str
    frontend_setter: str
    frontend_read: str
    items: tuple[ListItem, ...]

    def write(self, value: str) -> str:
        return f"attributes.{self.frontend_setter}({value})"


@dataclass(frozen=True)
class FieldView:
    field: Field
    name: str
    pascal: str
    attribute: str
    label: str
    local: str
    cpp_type: str  # storage type inside <Table>T (std::optional when optional)
    type_tag: str
    set_call: str
    get_call: str
    to_string: str  # expression streamed into toString()
    constant: str
    constant_type: str  # the header constant's type and value
    constant_value: str
    header_name: str  # the header constant's name
    has_constant: bool  # the constants header holds one for this field
    test_value: str  # C++ expression of the test value as stored in _data (from the constant)
    attr_value_type: str  # the C type passed to setAttribute in tests
    attr_value: str  # expression passed by address to setAttribute in tests
    compare: str  # gtest macro comparing a stored value with test_value
    frontend_read: str  # C++ expression reading the field from `attributes`
    optional: bool
    is_enum: bool
    is_vector: bool
    is_bytes: bool
    is_string: bool
    enum_c_type: str
    enum_to_backend: str
    enum_from_backend: str
    enum_to_backend_optional: bool
    enum_unset_skipped: bool  # the packer leaves the attribute unset when the value is NOT_SET (DataType)
    frontend_default: str  # initializer of the frontend member ("" when none)
    default_data: str  # the spec default as stored in _data ("" when the field has none the backend keeps)
    default_attr: str  # the spec default as getAttribute writes it ("" likewise)
    frontend_type: str  # the value type the frontend getter returns and the setter takes
    frontend_storage: str  # the member's type (std::optional<...> when optional)
    frontend_member: str
    frontend_getter: str | None
    frontend_setter: str | None
    frontend_test_value: str  # the test value as an expression of frontend_type
    frontend_optional: bool = False  # std::optional in the frontend (schema optional, or frontend optional)
    required_to_pack: bool = False  # the packer refuses (ATTRIBUTE_NOT_SET) while unset
    not_set_message: str = ""  # the packer's message for an unset required_to_pack field
    frontend_private: bool = False  # a private member behind the accessors
    getter_const_ref: bool = False  # the getter returns a const reference
    setter_forms: tuple[str, ...] = ("value",)  # value, const_ref, element, array overloads
    element_type: str = ""  # a vector field's element type

    def write(self, value: str, attributes: str = "attributes") -> str:
        """The statement (without `;`) storing `value` into `attributes`."""
        return naming.frontend_write(self.field, value, attributes)

    def read_from(self, attributes: str) -> str:
        """The expression reading the field from the attributes object `attributes`."""
        return naming.frontend_read(self.field, attributes)


@dataclass(frozen=True)
class SetterParam:
    """One argument of a multi-value frontend setter."""

    name: str  # the C++ parameter
    is_tensor: bool
    copy_type: str  # its type in the copy overload (a field's value type in both)
    move_type: str  # its type in the move overload
    store_copy: str  # statement storing it, inside the attributes class
    store_move: str
    test_value: str  # a field's test value as a frontend expression ("" for tensors)
    read: str  # how a test reads it back from `attributes`


@dataclass(frozen=True)
class SetterView:
    """A frontend setter of several values, e.g. set_saved_mean_and_inv_variance(mean, inv_variance).
    Tensor-only setters get a copy and a move overload; a field argument is taken by value."""

    name: str
    test_name: str  # SetSavedMeanAndInvVariance; overloads add With<Args>
    tensors_only: bool
    params: tuple[SetterParam, ...]


@dataclass(frozen=True)
class UnsupportedView:
    """A source-compatibility setter recording an unsupported use."""

    name: str
    template: str  # "" unless it takes a callable
    param: str  # the parameter's C++ type
    when: str  # "true"/"false": record only for that value; "" always
    reason: str  # the C++ string literal's contents
    test_arg: str  # an argument the generated test passes
    test_name: str


@dataclass(frozen=True)
class ForwardView:
    """A setter forwarding to a field's setter with another parameter type."""

    name: str
    param: str
    setter: str  # the field's setter
    field_type: str
    read: str  # the field read back from `attributes`
    test_name: str


COMPAT_TYPES = {"int": "int", "int64": "int64_t", "float": "float", "bool": "bool", "tensor": f"const std::shared_ptr<TensorAttributes>&"}
COMPAT_TEST_ARGS = {"int": "1", "int64": "int64_t{1}", "float": "1.0f", "bool": "true", "tensor": "std::make_shared<TensorAttributes>()", "callable": "[](int) { return 0; }"}


@dataclass(frozen=True)
class EqualityView:
    logical: tuple[str, ...]  # members logicallyEqualsImpl compares
    strict: tuple[str, ...]  # members strictEqualsImpl compares


@dataclass(frozen=True)
class NodeCheckView:
    """One pre_validate_node() check as C++: `fails` is the failure condition (for the simple kinds)."""

    check: nodecheck.NodeCheck
    code: str  # ErrorCode::X
    message: str  # a C++ string literal
    fails: str = ""
    # named lambdas the condition calls (a quantifier's loop, expr.CppContext.hoisted): (name, body lines)
    helpers: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class InferView:
    kind: str  # tensor | field
    target: str  # tensor expression, or the field's value expression
    source: str
    condition: str  # field: when the field is unset
    write: str  # field: the statement storing `inferred` (without `;`)
    to: str  # field through a conforms rule: the `to` tensor expression ("" when none)
    trailing: bool
    value_type: str


@dataclass(frozen=True)
class NodeView:
    cls: str
    required_inputs: tuple[NodeCheckView, ...]
    presence: tuple[NodeCheckView, ...]
    required_outputs: tuple[NodeCheckView, ...]
    # the rule kinds under `rules:` lowered to checks, then the `checks:` placed in the frontend: the
    # checks after the required outputs, in declaration order
    shapes: tuple[NodeCheckView, ...]
    infer_required: tuple[tuple[str, str], ...]  # (tensor expression, message literal)
    inferences: tuple[InferView, ...]
    # `infer:`: (target tensor, condition, dims expression, strides kind, the order_of / packed_axis
    # tensor's read or "", whether the packed_axis field is set, its value)
    formulas: tuple[tuple[str, str, str, str, str, str, str, str], ...] = ()


@dataclass(frozen=True)
class EnumMemberView:
    name: str  # the spec's (and FlatBuffers') name
    value: int  # the FlatBuffers value, which the C enum keeps
    c_name: str  # HIPDNN_<ENUM>_<NAME>
    frontend_value: int  # the frontend enum counts from NOT_SET = 0
    description: str
    label: str  # a gtest parameter name: `Gather`


@dataclass(frozen=True)
class EnumView:
    """An enum the op introduces to hipDNN, with every name its plumbing uses."""

    name: str
    c_type: str
    c_header: str
    tag: str
    tag_value: int
    attribute: str  # the (first) attribute of this type, for the docs
    fbs: str  # the FlatBuffers enum, qualified
    to_sdk: str
    from_sdk: str
    setter: str
    getter: str
    to_backend: str
    from_hipdnn: str
    not_set: str
    members: tuple[EnumMemberView, ...]  # every value but the sentinel, in spec order
    sentinel: str  # the FlatBuffers sentinel's name, or ""
    conversion_suite: str
    sdk_outside: str  # an SDK value no C value maps to (the sentinel, or one past the values)
    op_label: str

    @property
    def first(self) -> EnumMemberView:
        return self.members[0]

    @property
    def last(self) -> EnumMemberView:
        return self.members[-1]

    def test_name(self, function: str) -> str:
        """A gtest name for one of the enum's functions (`to_sdk` -> `ToSdkThingMode`)."""
        return naming.function_test_name(getattr(self, function))

    @property
    def frontend_members(self) -> str:
        """`E::A, E::B`: every frontend value but NOT_SET."""
        return ", ".join(f"{self.name}::{m.name}" for m in self.members)

    @property
    def sdk_before_last(self) -> str:
        """An SDK value other than the last member's (a setter test starts from it)."""
        return f"{self.fbs}::{self.first.name}" if len(self.members) > 1 else self.sdk_outside


def _enum_view(spec: OpSpec, e: EnumDef) -> EnumView:
    assert e.new_tag is not None
    members = tuple(
        EnumMemberView(v.name, v.value, naming.c_enum_value(e, v), index, v.description, naming.pascal(v.name.lower()))
        for index, v in enumerate(e.members, start=1)
    )
    fbs = f"{FBS}::{e.name}"
    outside = f"{fbs}::{e.sentinel.name}" if e.sentinel else f"static_cast<{fbs}>({max(v.value for v in e.values) + 1})"
    return EnumView(
        name=e.name,
        c_type=naming.c_enum_type(e),
        c_header=naming.c_enum_header(e),
        tag=e.type_tag,
        tag_value=e.new_tag.value,
        attribute=spec.enum_field(e).attribute,
        fbs=fbs,
        to_sdk=naming.to_sdk(e),
        from_sdk=naming.from_sdk(e),
        setter=naming.attribute_setter(e),
        getter=naming.attribute_getter(e),
        to_backend=naming.to_backend(e),
        from_hipdnn=naming.from_hipdnn(e),
        not_set=naming.FRONTEND_NOT_SET,
        members=members,
        sentinel=e.sentinel.name if e.sentinel else "",
        conversion_suite=naming.conversion_test_suite(e),
        sdk_outside=outside,
        op_label=spec.stem,
    )


@dataclass(frozen=True)
class SetterCase:
    """One row of the generated setter-failure suite."""

    label: str  # the test-name suffix
    attribute: str
    type: str  # the attribute's type tag
    wrong_count: int  # an element count the setter rejects with BAD_PARAM

    @property
    def wrong_type(self) -> str:
        return "HIPDNN_TYPE_FLOAT" if self.type == "HIPDNN_TYPE_INT64" else "HIPDNN_TYPE_INT64"


UPPER_CASE = re.compile(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*\Z")


@dataclass(frozen=True)
class AliasView:
    name: str
    pascal: str


@dataclass(frozen=True)
class FlagView:
    """A frontend-only bool: private member, get_/set_<name>, aliases, outputs it makes the Graph
    method create."""

    name: str
    pascal: str
    member: str
    getter: str
    setter: str
    default: str  # "true" | "false"
    aliases: tuple[AliasView, ...]
    creates: tuple[str, ...]


@dataclass(frozen=True)
class GraphReturn:
    """One output the Graph method returns: created by the method (`created_when` "" always, else
    when that flag's getter is true), or the attributes' own tensor (an optional output no flag creates)."""

    tensor: TensorView
    created: bool
    created_when: str  # the flag getter guarding the creation ("" when unconditional)
    flag_setter: str = ""  # that flag's setter
    test_name: str = ""  # the graph test of an optional return: Returns<Tensor>When<Flag> / Returns<Tensor>AsSet
    always: bool = False  # an optional output the method always creates (frontend.graph_creates)
    when: tuple["TensorView", ...] = ()  # graph_creates_when: the optional inputs its creation needs (all set)


@dataclass(frozen=True)
class OpView:
    spec: OpSpec
    names: OpNames
    plan: TestPlan
    tensors: tuple[TensorView, ...]
    required: tuple[TensorView, ...]
    optional: tuple[TensorView, ...]
    members: tuple[TensorView, ...]  # required inputs, required outputs, then optionals
    fields: tuple[FieldView, ...]
    sentinel_checks: tuple[tuple[str, str], ...]  # (condition, message)
    backend_checks: tuple[tuple[str, str, str], ...]  # declared checks placed in finalize(): (id, condition, message)
    set_prefix: str
    get_prefix: str
    finalize_prefix: str
    fbs: str

    inputs: tuple[TensorView, ...]  # in spec order: InputNames
    outputs: tuple[TensorView, ...]  # in spec order: OutputNames
    setters: tuple[SetterView, ...]  # frontend setters of several values
    unsupported_attribute: int  # an ID inside the op's range that the op does not handle
    attribute_names: tuple[str, ...]  # every attribute the op owns, in spec order
    schema: SchemaView  # the FlatBuffers table and JSON layout (codegen/fbsview.py)
    lists: tuple[ListView, ...] = ()  # tensor lists, in spec order
    node: NodeView | None = None
    new_enums: tuple[EnumView, ...] = ()  # the enums the op introduces to hipDNN
    flags: tuple[FlagView, ...] = ()  # frontend-only flags
    graph_returns: tuple[GraphReturn, ...] = ()  # what the Graph method returns, in order
    graph_single: bool = False  # it returns one tensor, not an array

    @property
    def pack_required(self) -> bool:
        """Some field must be set before the packer packs (required_to_pack)."""
        return any(f.required_to_pack for f in self.fields)

    def enum(self, name: str) -> EnumView:
        return next(e for e in self.new_enums if e.name == name)

    # hipDNN's .clang-tidy (id 60199832012) wants UPPER_CASE enumerators and camelBack members; its
    # attribute classes wrap in NOLINTBEGIN/END only what breaks that: the enums when an enumerator
    # is not UPPER_CASE (SdpaBackwardAttributes.hpp id 64742379712: `dO`), the public data members
    # when one is not camelBack (LayernormBackwardAttributes.hpp id 58774450256: only
    # `normalized_dim_count`), never the inputs/outputs maps.
    @property
    def enumerators_need_nolint(self) -> bool:
        return any(not UPPER_CASE.match(t.enumerator) for t in self.inputs + self.outputs)

    @property
    def cudnn_graph_method(self) -> str:
        """The cuDNN shim Graph's method for the op (cudnn-frontend's name where recorded)."""
        from codegen.views import surfaces

        return surfaces.cudnn_graph_method(self.names)

    @property
    def cudnn_attributes(self) -> str:
        """The cudnn-frontend attributes class the cuDNN shim aliases to hipDNN's."""
        from codegen.views import surfaces

        return surfaces.cudnn_attributes(self.names)

    @property
    def cudnn_setters(self) -> tuple[tuple[str, str], ...]:
        """cudnn-frontend's setters of the attributes class, each with whether hipDNN's class has
        a setter of that name (a tensor's, a field's, a flag's, a forwarding or a multi-value
        setter: "yes"), only records its use as unsupported, or has none ("no")."""
        parity = self.spec.cudnn
        if parity is None:
            return ()
        ours = {t.frontend_setter for t in self.tensors if t.frontend_setter}
        ours |= {f.frontend_setter for f in self.fields if f.frontend_setter} | {s.name for s in self.setters}
        ours |= {l.frontend_setter for l in self.lists}
        for flag in self.flags:
            ours |= {flag.setter, *(a.name for a in flag.aliases)}
        ours |= {f.name for f in self.spec.frontend.forwards}
        stubs = {u.name for u in self.spec.frontend.unsupported}
        return tuple((name, "yes" if name in ours else "accepted, records the use as unsupported" if name in stubs else "no") for name in parity.setters)

    @property
    def graph_params(self) -> tuple[TensorView, ...]:
        """The Graph method's tensor parameters (frontend.graph_params; default every required input)."""
        by_name = {t.name: t for t in self.tensors}
        return tuple(by_name[n] for n in naming.graph_params(self.spec) if n in by_name)

    @property
    def graph_attribute_inputs(self) -> tuple[TensorView, ...]:
        """Required inputs the Graph method does not take: the caller sets them on the attributes."""
        params = set(naming.graph_params(self.spec))
        return tuple(t for t in self.tensors if t.role == "input" and not t.optional and t.name not in params)

    @property
    def unsupported(self) -> tuple[UnsupportedView, ...]:
        views = []
        for u in self.spec.frontend.unsupported:
            param = f"{u.template}&&" if u.takes == "callable" else COMPAT_TYPES[u.takes]
            when = "" if u.when is None or u.takes != "bool" else ("true" if u.when else "false")
            arg = COMPAT_TEST_ARGS[u.takes] if not when else when
            views.append(UnsupportedView(u.name, u.template or "" if u.takes == "callable" else "", param, when, u.reason, arg, naming.pascal(u.name) + "RecordsUnsupported"))
        return tuple(views)

    @property
    def forwards(self) -> tuple[ForwardView, ...]:
        by_name = {f.name: f for f in self.fields}
        views = []
        for w in self.spec.frontend.forwards:
            f = by_name.get(w.to)
            if f is None or not f.frontend_setter:
                continue  # SPEC-FRONTEND-COMPAT
            views.append(ForwardView(w.name, COMPAT_TYPES[w.takes], f.frontend_setter, f.frontend_type, f.frontend_read, naming.pascal(w.name) + "Sets" + f.pascal))
        return tuple(views)

    @property
    def public_fields(self) -> tuple[FieldView, ...]:
        """Fields kept in public data members (the rest are private behind their accessors)."""
        return tuple(f for f in self.fields if not f.frontend_private)

    @property
    def private_fields(self) -> tuple[FieldView, ...]:
        return tuple(f for f in self.fields if f.frontend_private)

    @property
    def equality(self) -> EqualityView | None:
        """The members hipDNN's equality hooks compare (frontend.equality)."""
        q = self.spec.frontend.equality
        if q is None:
            return None
        member = {f.name: f.frontend_member for f in self.fields}
        return EqualityView(tuple(member[n] for n in q.logical if n in member), tuple(member[n] for n in q.strict if n in member))

    @property
    def data_members_need_nolint(self) -> bool:
        members = [l.frontend_member for l in self.lists] + [f.frontend_member for f in self.public_fields]
        return any(not naming.CAMEL_BACK.match(m) for m in members)

    @property
    def setter_cases(self) -> tuple[SetterCase, ...]:
        """Every attribute setAttribute accepts, in spec order, with a type tag and an element count
        its setter rejects (BAD_PARAM): what the generated setter-failure suite iterates."""
        cases = [SetterCase(f"{t.pascal}Tensor", t.attribute, "HIPDNN_TYPE_BACKEND_DESCRIPTOR", 2) for t in self.tensors]
        cases += [SetterCase(f"{t.pascal}TensorArray", t.attribute, "HIPDNN_TYPE_BACKEND_DESCRIPTOR", 0) for t in self.lists]
        for f in self.fields:
            # vectors need a positive count; strings and bytes take any count but a negative one
            count = 0 if f.is_vector and not f.is_bytes else -1 if f.is_string or f.is_bytes else 2
            cases.append(SetterCase(f.pascal, f.attribute, f.type_tag, count))
        cases.append(SetterCase("ComputeType", self.spec.compute_type.attribute, "HIPDNN_TYPE_DATA_TYPE", 2))
        cases.append(SetterCase("OperationName", "HIPDNN_ATTR_OPERATION_NAME_EXT", "HIPDNN_TYPE_CHAR", -1))
        return tuple(cases)

    def tensor(self, name: str) -> TensorView:
        return next(t for t in self.tensors if t.name == name)

    def list(self, name: str) -> ListView:
        return next(t for t in self.lists if t.name == name)

    def shape_constants(self, shape: str) -> tuple[str, str]:
        return naming.shape_constants(self.names, shape)

    def with_tensors(self, present: tuple[str, ...], omit: str | None = None) -> tuple[TensorView, ...]:
        return tuple(self.tensor(name) for name in tensors_set(self.spec, present, omit))

    @property
    def everything(self) -> tuple[TensorView, ...]:
        """The single tensors the fixtures that set everything use: the required ones and the
        largest optional set every rule allows together, in declaration order."""
        return self.with_tensors(self.plan.all_present)

    @property
    def api_version_constants(self) -> tuple[Any, ...]:
        """The op's engine-API feature constants (codegen/views/versions.py)."""
        from codegen.views import versions

        return versions.constants(self.spec)

    @property
    def cache_key_cases(self) -> tuple[Any, ...]:
        """The op's TestGraphContentKey cases (codegen/views/cache_key.py)."""
        from codegen.views import cache_key

        return cache_key.cases(self)

    @property
    def everything_count(self) -> int:
        """How many tensors those fixtures serialize: `everything` and every list's test items."""
        return len(self.everything) + sum(len(l.items) for l in self.lists)

    def node_writes(self, state: NodeState) -> tuple[str, ...]:
        """Statements filling `attributes` with a node test state (tensors through makeTensor)."""
        statements = []
        for t in self.tensors:
            if t.name in state.present:
                value = f"makeTensor({vector_literal(state.dims_of(t.name))}, {vector_literal(state.strides_of(t.name))})"
                statements.append(t.write(value) + ";")
        for t in self.tensors:
            if t.name in state.present:
                statements += self.prop_writes(state, t.name, t.frontend_read)
        for f in self.fields:
            value = state.field(f.name)
            if value is None:  # a field optional in the frontend, left unset
                # a private member cannot be reset from outside: the attributes start unset
                statements.append(f"// {f.name} left unset" if f.frontend_private else f"attributes.{f.frontend_member}.reset();")
                continue
            same = value == self.spec.test_field(f.name).value
            statements.append(f.write(f.frontend_test_value if same else _frontend_value(f.field, value)) + ";")
        return tuple(statements)

    def prop_writes(self, state: NodeState, name: str, pointer: str) -> tuple[str, ...]:
        """Statements giving a tensor made by makeTensor the state's data type other than FLOAT and
        value (pass-by-value; set_value makes the dims {1}, so they are set again)."""
        if not any(t == name for t, _, _ in state.props):
            return ()
        dtype = f"set_data_type(DataType::{state.prop_of(name, 'dtype')})"
        if state.prop_of(name, "pass_by_value"):
            return (f"{pointer}->set_value(1.0f).set_dim({vector_literal(state.dims_of(name))})"
                    f".set_stride({vector_literal(state.strides_of(name))}).{dtype};",)
        return (f"{pointer}->{dtype};",)

    def field(self, name: str) -> FieldView:
        return next(f for f in self.fields if f.name == name)


def vector_literal(values: tuple[int, ...]) -> str:
    return "std::vector<int64_t>{" + ", ".join(int_literal(v) for v in values) + "}"


def _tensor_view(names: OpNames, t: Tensor) -> TensorView:
    set_prefix = quote(f"{names.cls}::setAttribute()")
    get_prefix = quote(f"{names.cls}::getAttribute()")
    member, uid = naming.tensor_member(t), f"_data.{naming.tensor_uid_field(t)}"
    kind = "Optional" if t.optional else ""
    return TensorView(
        tensor=t,
        attribute=t.attribute,
        member=member,
        getter=naming.tensor_getter(t),
        uid_field=naming.tensor_uid_field(t),
        label=naming.tensor_label(t),
        local=naming.local_variable(t),
        graph_name=naming.graph_parameters(names.spec).get(t.name, ""),
        frontend_read=naming.frontend_read(t),
        uid_constant=naming.uid_constant(names, t),
        dims_constant=naming.dims_constant(names, t),
        strides_constant=naming.strides_constant(names, t),
        set_call=f"set{kind}TensorDescriptor({member}, {uid}, {SET_ARGS}, {set_prefix})",
        get_call=f"get{kind}TensorDescriptor({member}, {GET_ARGS}, {get_prefix})",
        optional=t.optional,
        name=t.name,
        pascal=naming.pascal(t.name),
        role=t.role,
        enumerator=naming.frontend_enumerator(t),
        frontend_getter=naming.frontend_getter(t),
        frontend_setter=naming.frontend_setter(t),
        frontend_map=naming.frontend_map(t),
        frontend_get=naming.frontend_base_call(t, "get"),
    )


def _list_view(names: OpNames, t: Tensor) -> ListView:
    member, uids = naming.list_member(t), f"_data.{naming.tensor_uid_field(t)}"
    set_prefix = quote(f"{names.cls}::setAttribute()")
    get_prefix = quote(f"{names.cls}::getAttribute()")
    items = []
    for index, item in enumerate(names.spec.test_list(t.name).items):
        uid, dims, strides = naming.list_item_constants(names, t, index)
        items.append(ListItem(uid, dims, strides, item.uid, item.dims, item.strides, item.shape is None))
    return ListView(
        tensor=t,
        name=t.name,
        pascal=naming.pascal(t.name),
        attribute=t.attribute,
        member=member,
        getter=naming.list_getter(t),
        uid_field=naming.tensor_uid_field(t),
        label=naming.tensor_label(t),
        role=t.role,
        local=naming.local_variable(t),
        set_call=f"setTensorDescriptorArray({member}, {uids}, {SET_ARGS}, {set_prefix})",
        get_call=f"getTensorDescriptorArray({member}, {GET_ARGS}, {get_prefix})",
        frontend_member=naming.frontend_list_member(t),
        frontend_getter=naming.frontend_list_getter(t),
        frontend_setter=naming.frontend_list_setter(t),
        frontend_read=f"attributes.{naming.frontend_list_getter(t)}()",
        items=tuple(items),
    )


def field_view(names: OpNames, f: Field) -> FieldView:
    """The view of one field (its test value's C++ expression is `constant`)."""
    return _field_view(names, f)


def _field_view(names: OpNames, f: Field) -> FieldView:
    set_prefix = quote(f"{names.cls}::setAttribute()")
    get_prefix = quote(f"{names.cls}::getAttribute()")
    data = f"_data.{f.name}"
    kind = f.type.name
    constant = naming.field_constant(names, f)
    enum_type = f"{FBS}::{f.enum.name}" if f.enum else ""
    tag = f.enum.type_tag if f.enum else f.type.type_tag
    if f.enum is not None:
        set_call = f"{naming.attribute_setter(f.enum)}({data}, {SET_ARGS}, {set_prefix})"
        get_call = f"{naming.attribute_getter(f.enum)}({data}, {GET_ARGS}, {get_prefix})"
        to_string = f"{FBS}::{naming.enum_name_function(f)}({data})"
        cpp_type = enum_type
    elif kind == "string":
        set_call = f"setString({data}, {SET_ARGS}, {set_prefix})"
        get_call = f"getString({data}, {GET_ARGS}, {get_prefix})"
        to_string = data
        cpp_type = f.type.cpp_type
    elif kind == "uint8_vector":  # opaque bytes: hipDNN's byte-array helpers, printed as a size
        set_call = f"setByteArray({data}, {SET_ARGS}, {set_prefix})"
        get_call = f"getByteArray({data}, {GET_ARGS}, {get_prefix})"
        to_string = f'std::to_string({data}.size()) + " bytes"'
        cpp_type = f.type.cpp_type
    elif f.type.is_vector:
        set_call = f"setScalarVector({data}, {tag}, {SET_ARGS}, {set_prefix})"
        get_call = f"getScalarVector({data}, {tag}, {GET_ARGS}, {get_prefix})"
        to_string = f"hipdnn_data_sdk::utilities::vecToString({data})"
        cpp_type = f.type.cpp_type
    elif f.optional:
        set_call = f"setOptionalScalar<{tag}>({data}, {SET_ARGS}, {set_prefix})"
        get_call = f"getOptionalScalar<{tag}>({data}, {GET_ARGS}, {get_prefix})"
        to_string = f"optionalText({data})"
        cpp_type = f"flatbuffers::Optional<{f.type.cpp_type}>"
    else:
        set_call = f"setScalar({data}, {tag}, {SET_ARGS}, {set_prefix})"
        get_call = f"getScalar({data}, {tag}, {GET_ARGS}, {get_prefix})"
        to_string = data
        cpp_type = f.type.cpp_type
    constant_type = {
        "int64": "int64_t",
        "int32": "int32_t",
        "float": "float",
        "double": "double",
        "bool": "bool",
        "enum": "int64_t",
        "string": "const char*",
    }.get(kind, "")
    # `constant` is the C++ expression of the test value the tests use: the header's constant, or
    # (a field without one, test_data.field_constants) the typed value written inline
    header_name = constant
    constant_value = literal(f, _test_value(names.spec, f))
    has_constant = names.spec.has_field_constant(f.name)
    if not has_constant:
        constant = constant_value if kind == "string" else f"{constant_type}{{{constant_value}}}"
    if f.type.is_vector:
        size = len(_test_value(names.spec, f))
        element = f.type.cpp_type.removeprefix("std::vector<").removesuffix(">")
        constant_type = f"std::array<{element}, {size}>"
        if not has_constant:
            constant = f"{constant_type}{constant_value}"
        elif names.spec.test_field(f.name).scalar:  # the header holds the one element
            constant_type, constant_value = element, constant_value.strip("{}")
            constant = f"std::array<{element}, 1>{{{header_name}}}"
    test_value: str = constant
    attr_value_type = f.type.cpp_type
    attr_value = constant
    if f.type.is_vector:
        test_value = f"toVec({constant})"
        attr_value_type = f"std::array<{element}, {size}>"
    elif kind == "string":
        test_value = f"std::string({constant})"
        attr_value_type = "std::string"
    elif f.enum is not None and naming.is_data_type(f.enum):
        # hipDNN's C DataType numbers its values otherwise than data_types.fbs: by name on the C side
        chosen = next(v for v in f.enum.values if v.name == _test_value(names.spec, f))
        test_value = f"static_cast<{enum_type}>({constant})"  # the constant holds the data_types.fbs number
        attr_value_type = naming.c_enum_type(f.enum)
        attr_value = naming.c_enum_value(f.enum, chosen)
    elif f.enum is not None:
        test_value = f"static_cast<{enum_type}>({constant})"
        attr_value_type = naming.c_enum_type(f.enum)
        attr_value = f"static_cast<{attr_value_type}>({constant})"
    compare = {"float": "EXPECT_FLOAT_EQ", "double": "EXPECT_DOUBLE_EQ"}.get(kind, "EXPECT_EQ")
    frontend_default = "" if f.default is None else literal(f, f.default)
    frontend_type = f.enum.name if f.enum is not None else f.type.cpp_type
    if f.enum is not None and f.default is not None:
        frontend_default = f"{f.enum.name}::{naming.frontend_enum_member(f.enum, f.default)}"
    default_data = default_attr = ""
    if f.default is not None and not f.type.is_vector and kind != "string":
        # vector and string defaults live in the frontend only (fbsview._field_default)
        if f.enum is not None:
            value = next(v for v in f.enum.values if v.name == f.default)
            default_data = f"{enum_type}::{value.name}"
            # by number: hipDNN's own C enums do not follow the generated enumerator spelling
            default_attr = f"static_cast<{naming.c_enum_type(f.enum)}>({value.value})"
            if naming.is_data_type(f.enum) and f.enum.sentinel is not None and value.name == f.enum.sentinel.name:
                default_attr = ""  # UNSET has no C DataType value: getAttribute has none to give
        else:
            default_data = default_attr = literal(f, f.default)
    return FieldView(
        field=f,
        name=f.name,
        pascal=naming.pascal(f.name),
        attribute=f.attribute,
        label=naming.upper(f.name),
        local=naming.local_variable(f),
        cpp_type=cpp_type,
        type_tag=tag,
        set_call=set_call,
        get_call=get_call,
        to_string=to_string,
        constant=constant,
        constant_type=constant_type,
        constant_value=constant_value,
        header_name=header_name,
        has_constant=has_constant,
        test_value=test_value,
        attr_value_type=attr_value_type,
        attr_value=attr_value,
        compare=compare,
        frontend_read=naming.frontend_read(f),
        optional=f.optional,
        is_enum=f.enum is not None,
        is_vector=f.type.is_vector,
        is_string=kind == "string",
        is_bytes=kind == "uint8_vector",
        enum_c_type=naming.c_enum_type(f.enum) if f.enum else "",
        enum_to_backend=naming.to_backend(f.enum) if f.enum else "",
        enum_from_backend=naming.from_hipdnn(f.enum) if f.enum else "",
        # hipDNN's newest enums convert to std::optional (nullopt for NOT_SET); the ones this op
        # introduces are generated that way, the ones hipDNN already has keep their signature
        enum_to_backend_optional=f.enum is not None and (f.enum.introduced or naming.is_data_type(f.enum)),
        # hipDNN's packer sets a DataType field only when chosen (SdpaFwd's mma_core_mode, id 55444186803)
        enum_unset_skipped=f.enum is not None and naming.is_data_type(f.enum),
        frontend_default=frontend_default,
        default_data=default_data,
        default_attr=default_attr,
        frontend_type=frontend_type,
        frontend_storage=f"std::optional<{frontend_type}>" if f.frontend_optional else frontend_type,
        frontend_private=f.frontend.private,
        getter_const_ref=f.frontend.getter_returns == "const_ref",
        setter_forms=f.frontend.setter_forms,
        element_type=f.type.cpp_type.removeprefix("std::vector<").removesuffix(">") if f.type.is_vector else "",
        frontend_member=naming.frontend_member(f),
        frontend_getter=naming.frontend_getter(f),
        frontend_setter=naming.frontend_setter(f),
        frontend_test_value=_frontend_value(f, _test_value(names.spec, f)),
        frontend_optional=f.frontend_optional,
        required_to_pack=f.required_to_pack,
        not_set_message=f"{names.label} {f.name} is required" if f.required_to_pack else "",
    )


def _frontend_value(f: Field, value: Any) -> str:
    """`value` as an expression of the field's frontend type."""
    if f.enum is not None:
        return f"{f.enum.name}::{naming.frontend_enum_member(f.enum, value)}"
    if f.type.is_vector:
        return f"{f.type.cpp_type}{literal(f, value)}"
    if f.type.name == "string":
        return f"std::string({literal(f, value)})"
    return literal(f, value)


def _test_value(spec: OpSpec, f: Field) -> Any:
    return spec.test_field(f.name).value


TENSOR_PTR = "std::shared_ptr<TensorAttributes>"


def _setter_view(spec: OpSpec, tensors: dict[str, TensorView], fields: dict[str, FieldView], setter: FrontendSetter) -> SetterView:
    params = []
    for arg in setter.args:
        param = naming.camel(arg)
        if arg in tensors:
            t = tensors[arg]
            read = f"attributes.{t.frontend_getter}()" if t.frontend_getter else f"attributes.{t.frontend_map}.at({naming.OpNames(spec).frontend_attributes}::{naming.frontend_slot(t.tensor)})"
            store_move = t.frontend_store(f"std::move({param})")
            params.append(SetterParam(param, True, f"const {TENSOR_PTR}&", f"{TENSOR_PTR}&&", t.frontend_store(param), store_move, "", read))
        else:
            f = fields[arg]
            store = f"{f.frontend_member} = {param}"
            params.append(SetterParam(param, False, f.frontend_type, f.frontend_type, store, store, f.frontend_test_value, f.frontend_read))
    if setter.by_value:  # one overload, each argument by value and moved into place
        params = [dataclasses.replace(p, copy_type=TENSOR_PTR, store_copy=p.store_move) if p.is_tensor else p for p in params]
    overloaded = sum(s.name == setter.name for s in spec.frontend.setters) > 1
    test_name = setter.test or naming.pascal(setter.name) + ("With" + "".join(naming.pascal(a) for a in setter.args) if overloaded else "")
    return SetterView(setter.name, test_name, all(p.is_tensor for p in params) and not setter.by_value, tuple(params))


def _field_value(f: FieldView) -> str:
    return f"{f.frontend_read}.value()" if f.frontend_optional else f.frontend_read


def _field_set(spec: OpSpec, f: FieldView) -> str:
    """When range and conformance checks apply to the field (nodecheck.field_is_set)."""
    if f.frontend_optional:
        return f"{f.frontend_read}.has_value()"
    if spec.inference_of(f.name) is not None:
        return f"{f.frontend_read} != {literal(f.field, nodecheck.unset_value(spec, f.field))}"
    return "true"


def node_view(spec: OpSpec, tensors: dict[str, TensorView], fields: dict[str, FieldView]) -> NodeView:
    names = OpNames(spec)
    groups: dict[str, list[NodeCheckView]] = {"input": [], "output": [], "presence": [], "shape": []}
    ctx = expr_context(spec, tensors, fields)
    for check in nodecheck.checks(spec):
        code, message = f"ErrorCode::{check.code}", quote(check.message)
        if check.declared is not None:
            hoisting = dataclasses.replace(ctx, hoisted=[], hoist_name=naming.camel(check.declared.check.id.replace("-", "_")) + "Holds")
            fails = declared_fails(check.declared, hoisting)
            helpers = tuple((name, tuple(lines)) for name, lines in hoisting.hoisted or ())
            groups["presence" if check.declared.check.stage == "presence" else "shape"].append(NodeCheckView(check, code, message, fails, helpers))
        elif check.kind == "required":
            t = tensors[check.tensors[0]]
            groups[t.role].append(NodeCheckView(check, code, message, f"{t.frontend_read} == nullptr"))
        else:
            f = fields[str(check.field)]
            groups["output"].append(NodeCheckView(check, code, message, f"!{f.frontend_read}.has_value()"))
    inferences = []
    for step in nodecheck.inference_steps(spec):
        source = tensors[step.source].frontend_read
        if step.inference.kind == "tensor":
            inferences.append(InferView("tensor", tensors[step.target].frontend_read, source, "", "", "", True, ""))
            continue
        f = fields[step.target]
        unset = f"!{f.frontend_read}.has_value()" if f.optional else f"{f.frontend_read} == {literal(f.field, nodecheck.unset_value(spec, f.field))}"
        c = step.conforms
        value_type = f.field.type.cpp_type
        inferences.append(InferView(
            "field", _field_value(f), source, unset, f.write(f"static_cast<{value_type}>(inferred)"),
            tensors[c.to].frontend_read if c else "", c.keeps == "trailing" if c else True, value_type,
        ))
    infer_required = tuple(
        (tensors[t.name].frontend_read, quote(nodecheck.infer_missing_message(spec, t.name))) for t in spec.required_tensors
    )
    return NodeView(names.frontend_node, tuple(groups["input"]), tuple(groups["presence"]), tuple(groups["output"]),
                    tuple(groups["shape"]), infer_required, tuple(inferences),
                    tuple(_formula_view(f, tensors, ctx) for f in nodecheck.formulas(spec)))


def _formula_view(f: expr.CompiledFormula, tensors: dict[str, TensorView], ctx: expr.CppContext) -> tuple[str, str, str, str, str, str, str, str]:
    """(target, when the formula applies: the target set and `when` holding, when its dims apply:
    every value the dims expression reads exists, the dims expression, the strides' kind, the
    order_of / packed_axis tensor, the axis field's is-set and value). The strides apply whenever
    the target then has dims but no strides, as hipDNN's nodes fill them."""
    target = tensors[f.formula.target].frontend_read
    guards: list[str] = []
    when = ""
    if f.when is not None:
        guards, when = expr.cpp(f.when, ctx)
    dims_guards, value = expr.cpp(f.dims, ctx)
    dims_condition = " && ".join(f"({g})" for g in dims_guards if g not in guards)
    parts = [f"{target} != nullptr", *(f"({g})" for g in guards), *([when] if when else [])]
    source = f.formula.order_of
    axis_set, axis_value = "false", "int64_t{0}"
    if f.formula.axis_field is not None:
        read, is_set, _ = ctx.fields[f.formula.axis_field]
        axis_set, axis_value = is_set or "true", f"static_cast<int64_t>({read})"
    return (target, " && ".join(parts), dims_condition, value, f.formula.stride_kind, tensors[source].frontend_read if source else "",
            axis_set, axis_value)


def expr_context(spec: OpSpec, tensors: dict[str, TensorView], fields: dict[str, FieldView]) -> expr.CppContext:
    """How the expression compiler reads the op inside the frontend node."""
    scope = expr.scope_of(spec)
    reads = {}
    for name, f in fields.items():
        is_set = _field_set(spec, f)
        reads[name] = (_field_value(f), "" if is_set == "true" else is_set, scope.fields[name])
    enums = {f"{expr.DATA_TYPE}.{name}": f"DataType::{name}" for name in scope.enums[expr.DATA_TYPE]}  # t.dtype's values
    enums |= {f"{f.enum.name}.{v.name}": _frontend_value(f, v.name) for f in spec.fields if f.enum is not None for v in f.enum.values}
    return expr.CppContext({n: t.frontend_read for n, t in tensors.items()}, reads, enums)


def declared_fails(c: expr.Compiled, ctx: expr.CppContext) -> str:
    """The C++ condition under which a declared check fails: every value it reads exists (the
    guards), `when` holds and `requires` does not."""
    guards, requires = expr.cpp(c.requires, ctx)
    when = ""
    if c.when is not None:
        when_guards, when = expr.cpp(c.when, ctx)
        guards = [*when_guards, *(g for g in guards if g not in when_guards)]
    parts = [f"({g})" for g in guards] + ([when] if when else []) + [f"!{requires}"]
    return " && ".join(parts)


def build(spec: OpSpec) -> OpView:
    names = OpNames(spec)
    tensors = tuple(_tensor_view(names, t) for t in spec.tensors)
    fields = tuple(_field_view(names, f) for f in spec.fields)
    by_name = {t.name: t for t in tensors}
    required = tuple(t for t in tensors if not t.optional)
    optional = tuple(t for t in tensors if t.optional)
    members = (
        tuple(t for t in required if t.tensor.role == "input")
        + tuple(t for t in required if t.tensor.role == "output")
        + optional
    )
    sentinels = []
    for f in spec.fields:
        if f.enum is not None and f.enum.sentinel is not None and not naming.is_data_type(f.enum):  # DataType's UNSET is "not chosen"
            condition = f"_data.{f.name} == {FBS}::{f.enum.name}::{f.enum.sentinel.name}"
            sentinels.append((condition, quote(naming.finalize_prefix(names) + naming.sentinel_message(f))))
    return OpView(
        spec=spec,
        names=names,
        plan=build_plan(spec),
        tensors=tensors,
        required=required,
        optional=optional,
        members=members,
        fields=fields,
        inputs=tuple(t for t in tensors if t.role == "input"),
        outputs=tuple(t for t in tensors if t.role == "output"),
        setters=tuple(_setter_view(spec, by_name, {f.name: f for f in fields}, s) for s in spec.frontend.setters),
        sentinel_checks=tuple(sentinels),
        backend_checks=tuple(_backend_check(spec, names, tensors, c) for c in nodecheck.backend_checks(spec)),
        set_prefix=quote(f"{names.cls}::setAttribute()"),
        get_prefix=quote(f"{names.cls}::getAttribute()"),
        finalize_prefix=naming.finalize_prefix(names),
        fbs=FBS,
        unsupported_attribute=spec.unused_attribute_id(),
        attribute_names=tuple(a.name for a in spec.attributes()),
        node=node_view(spec, by_name, {f.name: f for f in fields}),
        new_enums=tuple(_enum_view(spec, e) for e in spec.new_enums),
        schema=fbsview.build(spec),
        lists=tuple(_list_view(names, t) for t in spec.tensor_lists),
        flags=tuple(_flag_view(g) for g in spec.frontend.flags),
        graph_returns=_graph_returns(spec, by_name),
        graph_single=naming.graph_returns_single(spec),
    )


def _backend_check(spec: OpSpec, names: OpNames, tensors: tuple[TensorView, ...], c: expr.Compiled) -> tuple[str, str, str]:
    """A declared check in finalize(): it reads only which tensor descriptors are set."""
    ctx = expr.CppContext({t.name: t.member for t in tensors}, {})
    # a rule kind's check has no id of the spec's to name in a comment
    check_id = c.check.id if c.check.origin is None else ""
    return check_id, nodecheck.backend_fails(c, ctx), quote(naming.finalize_prefix(names) + c.check.message)


def _flag_view(flag: FrontendFlag) -> FlagView:
    return FlagView(
        name=flag.name,
        pascal=naming.pascal(flag.name),
        member=flag.name,
        getter=f"get_{flag.name}",
        setter=f"set_{flag.name}",
        default="true" if flag.default else "false",
        aliases=tuple(AliasView(a, naming.pascal(a)) for a in flag.aliases),
        creates=flag.creates,
    )


def _graph_returns(spec: OpSpec, tensors: dict[str, TensorView]) -> tuple[GraphReturn, ...]:
    out = []
    for name in naming.graph_returns(spec):
        t = tensors.get(name)
        if t is None:
            continue  # SPEC-GRAPH-RETURNS
        flag = spec.frontend.flag_creating(name)
        if not t.optional:
            out.append(GraphReturn(t, True, ""))
        elif name in spec.frontend.graph_creates and (needs := spec.frontend.creates_when(name)):
            inputs = [tensors[i] for i in needs if i in tensors]
            out.append(GraphReturn(t, True, "", "", f"Creates{t.pascal}When{''.join(i.pascal for i in inputs)}Set", always=True,
                                   when=tuple(inputs)))
        elif name in spec.frontend.graph_creates:
            out.append(GraphReturn(t, True, "", "", f"Creates{t.pascal}Always", always=True))
        elif flag is not None:
            out.append(GraphReturn(t, True, f"get_{flag.name}", f"set_{flag.name}", f"Returns{t.pascal}When{naming.pascal(flag.name)}"))
        else:
            out.append(GraphReturn(t, False, "", "", f"Returns{t.pascal}AsSet"))
    return tuple(out)
