"""The typed op model: frozen dataclasses built once from a schema-valid spec document.

Every key is popped while building, so a key the schema allows but the model forgets is an
internal error rather than a silently ignored setting. Closed vocabularies (field types, rule
kinds, tensor roles) are tables here; anything outside them fails at load time.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

from codegen.diagnostics.diagnostics import Loc
if TYPE_CHECKING:  # a model loaded from the cache needs no YAML parser
    from codegen.spec.yaml_loader import Document, Path


@dataclass(frozen=True)
class FieldType:
    """How one spec field type appears in C++, FlatBuffers and Python."""

    name: str
    cpp_type: str  # the C++ storage type inside <Table>T
    type_tag: str  # HIPDNN_TYPE_<X> used with set/getAttribute (enums carry their own)
    fbs_type: str
    python_type: str
    is_vector: bool = False
    value_range: tuple[int, int] | None = None  # an integer type's (or list item's) lowest and highest value


INT64 = (-(2**63), 2**63 - 1)
INT32 = (-(2**31), 2**31 - 1)
UINT8 = (0, 255)


FIELD_TYPES: dict[str, FieldType] = {
    t.name: t
    for t in (
        FieldType("int64", "int64_t", "HIPDNN_TYPE_INT64", "long", "int", value_range=INT64),
        FieldType("int32", "int32_t", "HIPDNN_TYPE_INT32", "int", "int", value_range=INT32),
        FieldType("float", "float", "HIPDNN_TYPE_FLOAT", "float", "float"),
        FieldType("double", "double", "HIPDNN_TYPE_DOUBLE", "double", "float"),
        FieldType("bool", "bool", "HIPDNN_TYPE_BOOLEAN", "bool", "bool"),
        FieldType("int64_vector", "std::vector<int64_t>", "HIPDNN_TYPE_INT64", "[long]", "list[int]", True, INT64),
        FieldType("int32_vector", "std::vector<int32_t>", "HIPDNN_TYPE_INT32", "[int]", "list[int]", True, INT32),
        FieldType("uint8_vector", "std::vector<uint8_t>", "HIPDNN_TYPE_CHAR", "[ubyte]", "list[int]", True, UINT8),  # opaque bytes
        FieldType("string", "std::string", "HIPDNN_TYPE_CHAR", "string", "str"),
        FieldType("enum", "", "", "", "int"),
    )
}


@dataclass(frozen=True)
class RuleKind:
    """One word of the rule vocabulary and what it means for tensor presence."""

    name: str
    presence: bool  # a presence rule is checked by finalize(); same_shape is a shape rule
    summary: str

    def holds(self, present: tuple[bool, ...]) -> bool:
        """Whether the rule holds for the given presence of its tensors (in rule order)."""
        if self.name == "both_or_neither":
            return all(present) or not any(present)
        if self.name == "requires":
            return present[1] or not present[0]
        if self.name == "mutually_exclusive":
            return sum(present) <= 1
        if self.name == "same_shape":
            return True
        raise AssertionError(self.name)


RULE_KINDS: dict[str, RuleKind] = {
    k.name: k
    for k in (
        RuleKind("both_or_neither", True, "all of {tensors} are set, or none of them"),
        RuleKind("requires", True, "{first} requires {rest}"),
        RuleKind("mutually_exclusive", True, "at most one of {tensors} is set"),
        RuleKind("same_shape", False, "{tensors} have the same dims"),
    )
}

ROLES = ("input", "output")


@dataclass(frozen=True)
class Span:
    """Where a spec entry and each of its keys' values sit in the YAML file."""

    loc: Loc
    keys: tuple[tuple[str, Loc], ...] = ()

    @functools.cached_property
    def _by_key(self) -> dict[str, Loc]:
        return dict(self.keys)

    def at(self, key: str) -> Loc:
        return self._by_key.get(key, self.loc)


@dataclass(frozen=True)
class NamedValue:
    name: str
    value: int
    span: Span
    confirmed: bool = True  # false while the value is not verified against hipDNN


@dataclass(frozen=True)
class SharedRange:
    """A part of an op's attribute_range that another owner (an op id or a registry block owner)
    also uses, stated on purpose (hipDNN nests block-scale dequantize's block in quantize's)."""

    owner: str
    range: tuple[int, int]
    span: Span


@dataclass(frozen=True)
class Access:
    """How the frontend attributes class reaches a tensor or field: accessors (the default,
    get_<name>/set_<name>) or a public data member, with hipDNN's own names where they differ."""

    getter: str | None = None
    setter: str | None = None
    member: str | None = None
    enumerator: str | None = None  # tensors: the InputNames/OutputNames enumerator
    optional: bool = False  # fields: std::optional in the frontend although the schema field is plain
    required_to_pack: bool = False  # fields: the packer refuses (ATTRIBUTE_NOT_SET) while unset
    private: bool = False  # fields: a private data member behind the getter and setter
    getter_returns: str = "value"  # fields: "value" or "const_ref"
    setter_forms: tuple[str, ...] = ("value",)  # fields: value, const_ref, element, array overloads


@dataclass(frozen=True)
class BackendNames:
    """C++ names hipDNN chose for a tensor that the snake->camel rule does not reproduce."""

    getter: str | None = None  # e.g. getDBiasDesc
    member: str | None = None  # e.g. _dbiasDesc


@dataclass(frozen=True)
class FrontendSetter:
    """A frontend setter taking several values (set_saved_mean_and_inv_variance(mean, inv_variance))."""

    name: str
    args: tuple[str, ...]
    span: Span
    test: str | None = None  # the word of its generated tests (default: the name in PascalCase)
    by_value: bool = False  # one overload taking each argument by value


@dataclass(frozen=True)
class Equality:
    """hipDNN's CRTP equality hooks: logicallyEqualsImpl and strictEqualsImpl over these fields."""

    logical: tuple[str, ...]
    strict: tuple[str, ...]
    span: Span


@dataclass(frozen=True)
class Unsupported:
    """A source-compatibility setter that only records an unsupported use (hipDNN's cuDNN spellings)."""

    name: str
    takes: str  # int, int64, float, bool, tensor, callable
    reason: str
    span: Span
    template: str | None = None  # callable: the template parameter's name
    when: bool | None = None  # bool: record only for this value


@dataclass(frozen=True)
class Forward:
    """A setter forwarding to a field's setter with another parameter type."""

    name: str
    takes: str
    to: str
    span: Span


@dataclass(frozen=True)
class FrontendFlag:
    """A frontend-only bool (no backend attribute, no schema field): a private member with
    get_<name>()/set_<name>(bool), setter aliases, and the optional outputs the Graph method
    creates when it is set (hipDNN's RMSNormBackwardAttributes::compute_dbias)."""

    name: str
    default: bool
    aliases: tuple[str, ...]
    creates: tuple[str, ...]
    span: Span


@dataclass(frozen=True)
class Frontend:
    """The frontend's names for the op; None means derived from the stems (naming.py)."""

    stem: str | None
    attributes_class: str | None
    attributes_header: str | None
    node_class: str | None
    node_header: str | None
    graph_method: str | None
    cudnn_alias: str | None
    setters: tuple[FrontendSetter, ...]
    span: Span
    flags: tuple[FrontendFlag, ...] = ()
    # the Graph method's return: None (an array of the required outputs), a name (that one tensor),
    # or a tuple of output names (an array, optional outputs included)
    graph_returns: str | tuple[str, ...] | None = None
    constructor: bool = True  # a defaulted default constructor
    equality: Equality | None = None
    graph_creates: tuple[str, ...] = ()  # optional outputs the Graph method always creates
    # graph_creates outputs created only when every listed optional input is set (null otherwise):
    # (output, inputs), in spec order
    graph_creates_when: tuple[tuple[str, tuple[str, ...]], ...] = ()
    graph_params: tuple[str, ...] | None = None  # the Graph method's tensor parameters (None: required inputs)
    unsupported: tuple[Unsupported, ...] = ()
    forwards: tuple[Forward, ...] = ()

    def flag_creating(self, tensor: str) -> FrontendFlag | None:
        return next((f for f in self.flags if tensor in f.creates), None)

    def creates_when(self, tensor: str) -> tuple[str, ...]:
        """The optional inputs whose presence a graph_creates output needs (() when always created)."""
        return next((inputs for name, inputs in self.graph_creates_when if name == tensor), ())


TENSOR_METADATA = ("cache_uid",)  # hipDNN marks every tensor UID field (cache_uid)
UID_MARK = "cache_uid"  # a tensor reference: hipDNN's cache key folds it by tensor ordinal
# the engine plugin API version every engine reads (hipDNN's K_ENGINE_PLUGIN_API_VERSION_BASELINE,
# PluginVersionConstants.hpp, ids 58744208129 / 65502555438): an op or slot without `since` is read by it
BASELINE_API_VERSION = "1.0.0"
WORK_MARK = "work_data_dependent"  # on a cache_uid field: the tensor's contents decide the work
IGNORE_MARK = "cache_ignore"  # a field hipDNN's cache key leaves out


@dataclass(frozen=True)
class Tensor:
    name: str
    attribute: str
    id: int
    role: str
    optional: bool
    description: str
    span: Span
    frontend: Access = Access()
    backend: BackendNames = BackendNames()
    metadata: tuple[str, ...] = TENSOR_METADATA  # the UID field's metadata in the schema
    list: bool = False  # a list of tensors (FlatBuffers [long]); empty means absent
    uid_field: str | None = None  # the schema's UID field name where it is not the derived one
    since: str | None = None  # the engine API version that first reads it (None: the op's)

    @property
    def required(self) -> bool:
        return not self.optional and not self.list

    @property
    def work_data_dependent(self) -> bool:
        """The tensor's contents, not only its shape, decide how much work the node does (hipDNN's
        `work_data_dependent` schema mark, which its gen_node_operands.py publishes)."""
        return WORK_MARK in self.metadata


@dataclass(frozen=True)
class EnumValue:
    name: str
    value: int
    sentinel: bool
    span: Span
    description: str = ""


@dataclass(frozen=True)
class EnumDef:
    name: str
    type_tag: str
    values: tuple[EnumValue, ...]
    span: Span
    # set when this spec introduces the enum to hipDNN (`type_tag: {name, value}`): the tag with
    # its number; the C header, conversions and frontend enum are then generated with the op
    new_tag: NamedValue | None = None
    schema: str | None = None  # the shared schema defining it (None: the op's own schema does)

    @property
    def sentinel(self) -> EnumValue | None:
        return next((v for v in self.values if v.sentinel), None)

    @property
    def introduced(self) -> bool:
        return self.new_tag is not None

    @property
    def members(self) -> tuple[EnumValue, ...]:
        """The values a caller can choose (every value but the sentinel)."""
        return tuple(v for v in self.values if not v.sentinel)


@dataclass(frozen=True)
class Field:
    name: str
    type: FieldType
    attribute: str
    id: int
    optional: bool
    default: Any
    enum: EnumDef | None
    description: str
    span: Span
    frontend: Access = Access()
    metadata: tuple[str, ...] = ()  # the field's metadata in the schema
    since: str | None = None  # the engine API version that first reads it (None: the op's)

    @property
    def frontend_optional(self) -> bool:
        """std::optional in the frontend: optional in the schema (`= null`), or plain there and
        marked `frontend: {optional: true}`."""
        return self.optional or self.frontend.optional

    @property
    def required_to_pack(self) -> bool:
        return self.frontend.required_to_pack


@dataclass(frozen=True)
class ComputeType:
    attribute: str
    id: int
    span: Span


@dataclass(frozen=True)
class Rule:
    kind: RuleKind
    tensors: tuple[str, ...]
    span: Span


@dataclass(frozen=True)
class Bound:
    """One end of a field range: a constant, or a tensor's rank plus an offset (`rank(x) - 1`)."""

    constant: int | None
    rank_of: str | None
    offset: int
    text: str  # as written in the spec, e.g. "rank(x) - 1"

    def value(self, ranks: dict[str, int]) -> int:
        if self.rank_of is None:
            assert self.constant is not None
            return self.constant
        return ranks[self.rank_of] + self.offset


@dataclass(frozen=True)
class FieldRange:
    """`min <= field <= max` whenever the field is set (the node's pre-validation)."""

    field: str
    min: Bound | None
    max: Bound | None
    span: Span


@dataclass(frozen=True)
class Conforms:
    """`tensor` holds the trailing (or leading) `split` dims of `to`, either one-padded (same rank as
    `to`, every other dim 1) or reduced-rank (only the kept dims). For `leading` the kept count is
    rank(to) - split; optional `same_form_as` names a tensor that must use the same form."""

    tensor: str
    to: str
    keeps: str  # "trailing" | "leading"
    split: str  # an integer field
    same_form_as: str | None
    span: Span


@dataclass(frozen=True)
class Inference:
    """infer_properties_node(): a tensor's empty dims/strides copied from `source`, or an unset
    integer field derived from `source`'s rank (through a conforms rule when one splits by it)."""

    target: str
    kind: str  # "tensor" | "field"
    source: str
    span: Span


@dataclass(frozen=True)
class Check:
    """A declared check: `requires` must hold whenever `when` holds (both in the expression language,
    codegen.spec.expr), else the node (frontend), finalize() (backend) or both report `message`."""

    id: str
    requires: str
    when: str | None
    message: str
    where: str  # frontend | backend | both
    code: str  # the frontend ErrorCode: INVALID_VALUE | ATTRIBUTE_NOT_SET
    span: Span
    # where pre_validate_node() runs it: "presence" (between the required inputs and outputs),
    # "shape" (a rule under `rules:`) or "declared" (a `checks:` entry, a same_shape one included);
    # shape and declared checks run in declaration order, `rules:` before `checks:`
    stage: str = "declared"
    origin: "Rule | FieldRange | Conforms | None" = None  # the rule kind this check is sugar for


@dataclass(frozen=True)
class Formula:
    """`infer:`: when `target`'s dims are empty and `when` holds, infer_properties_node() sets them to
    the dims expression `dims` (and, when its strides are empty, `strides`: packed or channels-last)."""

    target: str
    dims: str
    when: str | None
    span: Span
    strides: str = "packed"  # FORMULA_STRIDES or order_of(<tensor>): the strides given when the target has none

    @property
    def stride_kind(self) -> str:
        """packed, channels_last, order_of or packed_axis."""
        return self.strides.split("(")[0]

    @property
    def order_of(self) -> str | None:
        """The tensor whose strides `order_of(t)` or `packed_axis(t, f)` orders by (None for the other kinds)."""
        if "(" not in self.strides:
            return None
        return self.strides[self.strides.index("(") + 1:-1].split(",")[0].strip()

    @property
    def axis_field(self) -> str | None:
        """The field naming the dimension `packed_axis(t, f)` makes innermost (None for the other kinds)."""
        if not self.strides.startswith("packed_axis("):
            return None
        return self.strides[len("packed_axis("):-1].split(",")[1].strip()


# the strides an inference formula gives: row-major packed, or packed channels-last (dimension 1
# innermost, then the last dimensions down to 2, then dimension 0: hipDNN's generateStrides with
# strideOrderNhwc, ShapeUtilities.hpp id 56691289202); besides these, order_of(t): packed in t's
# stride order (generateStrides with extractStrideOrder, ShapeUtilities.hpp id 57928022516), and
# packed_axis(t, f): packed in t's stride order by ascending stride (t's singleton dims first among
# equal strides), rotated so that dimension f (when set) is innermost (generateStridesWithPackedAxis,
# ShapeUtilities.hpp id 55511612656)
FORMULA_STRIDES = ("packed", "channels_last")
PACKED_AXIS = re.compile(r"^packed_axis\(([a-z][a-z0-9_]*), ?([a-z][a-z0-9_]*)\)$")


@dataclass(frozen=True)
class Work:
    """`work:`: the op's logical work as hipDNN's plugin SDK publishes it (EngineFeatures.hpp). Either
    `flops`, an expression giving a number (codegen.spec.work), unknown while any `unknown_when` tensor
    is present; or `no_counting_convention`, the reason the op's work has none."""

    flops: str | None
    no_counting_convention: str | None
    unknown_when: tuple[str, ...]
    span: Span


CHECK_PLACES = ("frontend", "backend", "both")
CHECK_CODES = ("INVALID_VALUE", "ATTRIBUTE_NOT_SET")

KEEPS = ("trailing", "leading")
BOUND = re.compile(r"^rank\(([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\)(?: ([-+]) ([0-9]{1,4}))?$")


@dataclass(frozen=True)
class TestTensor:
    name: str
    uid: int
    dims: tuple[int, ...]
    strides: tuple[int, ...]
    span: Span
    shape: str | None = None  # a shared shape from test_data.shapes
    dtype: str = "FLOAT"  # the frontend DataType the tests give it (`t.dtype`)
    pass_by_value: bool = False  # the tests give it a value (hipDNN's set_value; `t.pass_by_value`)


@dataclass(frozen=True)
class TestTensorList:
    """Test tensors for a tensor list, in list order."""

    name: str
    items: tuple[TestTensor, ...]
    span: Span


@dataclass(frozen=True)
class TestShape:
    name: str
    dims: tuple[int, ...]
    strides: tuple[int, ...]
    span: Span


@dataclass(frozen=True)
class TestField:
    name: str
    value: Any
    span: Span
    # a vector field's value written as one scalar: the one-element vector, whose header constant
    # is that element (hipDNN's `int32_t K_BLOCK_SCALE_DEQUANTIZE_BLOCK_SIZE = 32` for a [int] field)
    scalar: bool = False


@dataclass(frozen=True)
class Flatbuffers:
    table: str
    header: str
    union_position: int | None
    span: Span
    includes: tuple[str, ...] = ()  # shared schemas the op's schema includes, in order
    order: tuple[str, ...] = ()  # the table's field order by tensor/field name (empty: tensors, then fields)
    metadata: tuple[str, ...] = ()  # the table's metadata, in schema syntax

    @property
    def schema(self) -> str:
        """The op's schema file (flatc names its header `<file stem>_generated.h`)."""
        return self.header.removesuffix("_generated.h") + ".fbs"


@dataclass(frozen=True)
class DtypeGroup:
    """Tensors the CPU reference gives one data type: one field of its signature key."""

    name: str
    tensors: tuple[str, ...]
    when_absent: str | None  # the group whose type the key takes when none of these is present
    span: Span
    # False: the plan checks this group's type but the signature key has no field for it (hipDNN's
    # SdpaBwd key leaves dO out), so combinations must differ in their keyed groups
    keyed: bool = True
    # the name hipDNN's key and plan spell the group with when it is not the group's own (its key
    # field `<member>DataType`, template parameter `<Member>DataType`): LayernormBprop keys dy as y
    member: str | None = None

    @property
    def cxx(self) -> str:
        """The group's name in the generated key and plan (snake case: y, scale_bias)."""
        return self.member or self.name


COMPUTE_GROUP = "compute"


@dataclass(frozen=True)
class Dtypes:
    groups: tuple[DtypeGroup, ...]
    unchecked: tuple[str, ...]
    # each supported combination: (group or compute, DataType name) in the row's own order
    combinations: tuple[tuple[tuple[str, str], ...], ...]
    combination_spans: tuple[Span, ...]
    span: Span
    # False: the node's compute type is neither a column of the combinations nor a key field
    compute: bool = True

    @property
    def fields(self) -> tuple[str, ...]:
        """Each combination's columns (the plan's type parameters) in order: the groups, then the
        compute type when it is keyed."""
        return (*(g.name for g in self.groups), *((COMPUTE_GROUP,) if self.compute else ()))

    @property
    def key_fields(self) -> tuple[str, ...]:
        """The signature key's fields in order: the keyed groups, then the compute type."""
        return (*(g.name for g in self.groups if g.keyed), *((COMPUTE_GROUP,) if self.compute else ()))

    def rows(self) -> list[tuple[str, ...]]:
        """Every combination as its types in key-field order (rows that miss a group are left out)."""
        out = []
        for row in self.combinations:
            by = dict(row)
            if all(f in by for f in self.fields):
                out.append(tuple(by[f] for f in self.fields))
        return out

    def group_of(self, tensor: str) -> DtypeGroup | None:
        return next((g for g in self.groups if tensor in g.tensors), None)

    def cxx(self, field: str) -> str:
        """A column's (group or compute) name in the generated key and plan."""
        return next((g.cxx for g in self.groups if g.name == field), field)


@dataclass(frozen=True)
class Reference:
    """The op's CPU reference (hipDNN's plan, key and reference function; the mirror's function)."""

    stem: str
    python: str
    cpp_class: str
    function: str
    header: str
    template_args: tuple[str, ...]
    args: tuple[str, ...]
    scalars: tuple[tuple[str, float], ...]
    golden_tensors: tuple[tuple[str, tuple[int, ...]], ...]
    golden_fields: tuple[tuple[str, int], ...]
    span: Span
    # the NodeAttributes member the signature key tags itself with, when not the op's own table
    # (hipDNN's LayernormBpropSignatureKey says LayernormAttributes)
    key_node: str | None = None

    def scalar(self, name: str) -> float | None:
        return dict(self.scalars).get(name)


NONE = "none"  # a cuDNN counterpart recorded as absent


@dataclass(frozen=True)
class Cudnn:
    """The op's counterparts in cudnn-frontend (at the registry's pinned version) and in cuDNN's
    backend API; `none` where cuDNN has none. `backend` maps a tensor or field name, or
    `compute_type`, to cuDNN's attribute name (names it does not list have none)."""

    attributes: str  # cudnn-frontend's attributes class, or none
    graph_method: str  # cudnn-frontend's Graph method, or none
    setters: tuple[str, ...]  # the attributes class's setters beyond set_name/set_compute_data_type
    descriptor: str  # cuDNN's backend descriptor type, or none
    backend: tuple[tuple[str, str], ...]
    ext_predates_cudnn: tuple[str, ...]  # names hipDNN gave _EXT before cuDNN had the same name
    span: Span
    backend_span: Span  # where each `backend` entry sits

    @property
    def equivalent(self) -> bool:
        return self.attributes != NONE

    def backend_name(self, name: str) -> str:
        return dict(self.backend).get(name, NONE)


@dataclass(frozen=True)
class Support:
    """A row of hipDNN's operation-support table: a plugin that implements the op."""

    operation: str  # the table's Operation cell
    plugin: str
    data_types: tuple[str, ...]  # FP16, BFP16, FP32, ... as the table spells them
    layouts: tuple[str, ...]
    notes: str
    span: Span


@dataclass(frozen=True)
class Attribute:
    """Any attribute an op owns: a tensor, a field or the compute type."""

    name: str
    id: int
    kind: str  # "tensor" | "field" | "compute_type"
    owner: str  # the tensor or field name, or "compute_type"
    span: Span


@dataclass(frozen=True)
class Damage:
    """What a partial model leaves out: the entries the schema rejected (workspace.load_spec).

    A partial model takes part in every check that cannot be misled by a missing entry; a finding
    about a reference to a left-out entry would be a follow-on of its schema error, so is dropped."""

    names: frozenset[str]  # tensors, fields and test_data entries left out, by name
    ids: frozenset[int]  # attribute IDs of left-out entries: taken, so never offered as free
    wide: bool  # something unnamed was left out (a rule, a whole section): no reference is trusted


@dataclass(frozen=True)
class OpSpec:
    op: str  # the file stem, e.g. layernorm_bwd
    path: str
    stem: str
    frontend: Frontend
    description: str
    descriptor_type: NamedValue
    operation_type: NamedValue
    attribute_range: tuple[int, int]
    range_span: Span
    flatbuffers: Flatbuffers
    tensors: tuple[Tensor, ...]  # single tensors; lists are in tensor_lists
    fields: tuple[Field, ...]
    compute_type: ComputeType
    rules: tuple[Rule, ...]
    test_tensors: tuple[TestTensor, ...]
    test_fields: tuple[TestField, ...]
    span: Span
    from_node_missing_optional: str = "fail"  # or "leave_null"
    skeleton: bool = False  # add-op's placeholder, not yet filled in
    constants_prefix: str | None = None
    constants_namespace: str | None = None  # hipdnn_tests::constants::<name>
    shapes_prefix: str | None = None  # shared-shape constants' prefix (default <constants_prefix>TENSOR_)
    field_constants: tuple[str, ...] | None = None  # fields with a header constant (None: every field)
    test_shapes: tuple[TestShape, ...] = ()
    node_type: NamedValue | None = None  # graph::NodeType; None: named from the stem, unnumbered
    field_ranges: tuple[FieldRange, ...] = ()
    conformance: tuple[Conforms, ...] = ()
    inferences: tuple[Inference, ...] = ()
    tensor_lists: tuple[Tensor, ...] = ()  # tensors with list: true
    test_lists: tuple[TestTensorList, ...] = ()
    dtypes: Dtypes | None = None
    reference: Reference | None = None
    damage: Damage | None = None  # a partial model, built from what the schema accepted
    shared_ranges: tuple[SharedRange, ...] = ()  # parts of attribute_range another owner also uses
    cudnn: Cudnn | None = None  # None: no cuDNN parity recorded
    support: tuple[Support, ...] = ()  # plugins implementing the op (rows of OperationSupport.md)
    content: str = ""  # the digest of what the spec says (Document.content_digest): what stamps follow
    # `fields` entries marked `retired: true`: schema slots kept `(deprecated)`, gone from every API,
    # their attribute IDs tombstones (taken, never generated)
    retired: tuple[Field, ...] = ()
    # where each retired slot sits in the table: the name of the tensor or field before it ("" first)
    retired_after: tuple[tuple[str, str], ...] = ()
    checks: tuple[Check, ...] = ()  # declared checks (`checks:`), in spec order
    formulas: tuple[Formula, ...] = ()  # inference formulas (`infer:`), in spec order
    work: Work | None = None  # `work:` (None: the spec declares none)
    since: str = BASELINE_API_VERSION  # the engine plugin API version that first reads the op

    def since_of(self, slot: "Tensor | Field") -> str:
        """The engine API version that first reads a tensor or field (its own, else the op's)."""
        return slot.since or self.since

    @property
    def all_tensors(self) -> tuple[Tensor, ...]:
        """Single tensors and tensor lists in spec order (names, ids and schema fields are shared)."""
        return tuple(sorted((*self.tensors, *self.tensor_lists), key=lambda t: t.span.loc))

    @property
    def frontend_stem(self) -> str:
        return self.frontend.stem or self.stem

    @property
    def leaves_missing_optional_null(self) -> bool:
        """fromNode() leaves an optional tensor unset when its UID is not in the tensor map."""
        return self.from_node_missing_optional == "leave_null"

    def attributes(self) -> Iterator[Attribute]:
        for t in self.all_tensors:
            yield Attribute(t.attribute, t.id, "tensor", t.name, t.span)
        for f in self.fields:
            yield Attribute(f.attribute, f.id, "field", f.name, f.span)
        yield Attribute(self.compute_type.attribute, self.compute_type.id, "compute_type", "compute_type", self.compute_type.span)

    def tombstones(self) -> Iterator[Attribute]:
        """The attribute IDs of retired slots: taken for good, generated nowhere."""
        for f in self.retired:
            yield Attribute(f.attribute, f.id, "retired", f.name, f.span)

    def numbered(self) -> Iterator[Attribute]:
        """Every attribute ID the op holds: its attributes and its tombstones."""
        yield from self.attributes()
        yield from self.tombstones()

    def tensor(self, name: str) -> Tensor:
        return next(t for t in self.tensors if t.name == name)

    def unused_attribute_id(self) -> int:
        """An ID the op does not handle (its range's highest free one): tests of NOT_SUPPORTED use it."""
        taken = {a.id for a in self.attributes()}
        low, high = self.attribute_range
        return next((i for i in range(high, low - 1, -1) if i not in taken), high + 1)

    @property
    def required_tensors(self) -> tuple[Tensor, ...]:
        return tuple(t for t in self.tensors if not t.optional)

    @property
    def optional_tensors(self) -> tuple[Tensor, ...]:
        return tuple(t for t in self.tensors if t.optional)

    @property
    def presence_rules(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.kind.presence)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    @property
    def new_enums(self) -> tuple[EnumDef, ...]:
        """The enums this spec introduces to hipDNN, once each, in field order."""
        seen: dict[str, EnumDef] = {}
        for f in self.fields:
            if f.enum is not None and f.enum.introduced:
                seen.setdefault(f.enum.name, f.enum)
        return tuple(seen.values())

    def enum_field(self, enum: EnumDef) -> Field:
        """The first field of type `enum` (its attribute is named in the enum's C header)."""
        return next(f for f in self.fields if f.enum is not None and f.enum.name == enum.name)

    def inference_of(self, name: str) -> Inference | None:
        return next((i for i in self.inferences if i.target == name), None)

    def test_tensor(self, name: str) -> TestTensor:
        return next(t for t in self.test_tensors if t.name == name)

    def test_field(self, name: str) -> TestField:
        return next(f for f in self.test_fields if f.name == name)

    def test_list(self, name: str) -> TestTensorList:
        return next(t for t in self.test_lists if t.name == name)

    def has_field_constant(self, name: str) -> bool:
        """The field has a constant of its own in the test constants header."""
        return self.field_constants is None or name in self.field_constants


# --- building ---------------------------------------------------------------------------------


def span_of(doc: Document, path: Path, data: dict[str, Any]) -> Span:
    """Where the mapping `data` at `path` and each of its keys' values sit in the document."""
    return Span(doc.loc(path), tuple((k, doc.loc(path + (k,))) for k in sorted(data)))


class _Entry:
    """A mapping being consumed key by key; leftovers at the end are an internal error."""

    def __init__(self, doc: Document, path: Path):
        self.doc = doc
        self.path = path
        data = doc.data
        for part in path:
            data = data[part]
        self.data: dict[str, Any] = dict(data)
        self.span = span_of(doc, path, self.data)

    def pop(self, key: str, default: Any = None) -> Any:
        return self.data.pop(key, default)

    def child(self, key: str) -> "_Entry":
        self.data.pop(key)
        return _Entry(self.doc, self.path + (key,))

    def items(self, key: str) -> list["_Entry"]:
        values = self.data.pop(key, None) or []
        return [_Entry(self.doc, self.path + (key, i)) for i in range(len(values))]

    def done(self) -> None:
        if self.data:
            raise AssertionError(f"model ignored keys {sorted(self.data)} at {self.span.loc}")


def build(op: str, doc: Document) -> OpSpec:
    """Build the model from a document the schema has accepted."""
    content = doc.content_digest()  # before the entries pop the document's keys
    top = _Entry(doc, ())
    stem = top.pop("stem")
    frontend = _frontend(top.child("frontend")) if "frontend" in top.data else Frontend(None, None, None, None, None, None, None, (), Span(doc.loc(())))
    from_node = top.pop("from_node_missing_optional", "fail")
    since = str(top.pop("since", BASELINE_API_VERSION))
    skeleton = bool(top.pop("skeleton", False))
    description = top.pop("description", "")
    descriptor_type = _named_value(top.child("descriptor_type"))
    operation_type = _named_value(top.child("operation_type"))
    node_type = _named_value(top.child("node_type")) if "node_type" in top.data else None
    low, high = top.pop("attribute_range")
    range_span = Span(doc.loc(("attribute_range",)))
    shared = []
    for e in top.items("shared_ranges"):
        first, last = e.pop("range")
        shared.append(SharedRange(str(e.pop("with")), (int(first), int(last)), e.span))
        e.done()
    flatbuffers = _flatbuffers(top.child("flatbuffers"))
    every_tensor = [_tensor(e) for e in top.items("tensors")]
    tensors = tuple(t for t in every_tensor if not t.list)
    tensor_lists = tuple(t for t in every_tensor if t.list)
    entries = [(bool(e.data.get("retired", False)), e) for e in top.items("fields")]
    declared = [(_field(e), retired) for retired, e in entries]
    fields = tuple(f for f, retired in declared if not retired)
    retired = tuple(f for f, gone in declared if gone)
    retired_after: list[tuple[str, str]] = []
    previous = ""
    for f, gone in declared:
        if gone:
            retired_after.append((f.name, previous))
        previous = f.name
    compute = top.child("compute_type")
    compute_type = ComputeType(compute.pop("attribute"), int(compute.pop("id")), compute.span)
    compute.done()
    spec_rules, ranges, conformance = [], [], []
    for e in top.items("rules"):
        if "field_range" in e.data:
            ranges.append(_field_range(e))
        elif "conforms" in e.data:
            conformance.append(_conforms(e))
        else:
            spec_rules.append(_rule(e))
    inferences = tuple(_inference(e) for e in top.items("inference"))
    checks = lowered(tensors, fields, spec_rules, ranges, conformance)
    names = {t.name for t in tensors}
    for e in top.items("checks"):  # in declaration order; a same_shape entry runs where it stands
        if "same_shape" in e.data:
            rule = _rule(e)
            spec_rules.append(rule)
            checks += same_shape_checks(rule, names, "declared")
        else:
            checks += (_check(e),)
    formulas = tuple(_formula(e) for e in top.items("infer"))
    work = _work(top.child("work")) if "work" in top.data else None
    test = top.child("test_data")
    constants_prefix = test.pop("constants_prefix")
    constants_namespace = test.pop("constants_namespace")
    shapes_prefix = test.pop("shapes_prefix")
    field_constants = test.pop("field_constants")
    test_shapes = tuple(_test_shapes(test.child("shapes"))) if "shapes" in test.data else ()
    test_tensors = tuple(_test_tensor(test.child("tensors"), {s.name: s for s in test_shapes})) if "tensors" in test.data else ()
    test_fields = tuple(_test_fields(test.child("fields"))) if "fields" in test.data else ()
    vectors = {f.name for f in fields if f.type.is_vector}
    test_fields = tuple(
        dataclasses.replace(t, value=[t.value], scalar=True) if t.name in vectors and isinstance(t.value, int) and not isinstance(t.value, bool) else t
        for t in test_fields
    )
    test_lists = tuple(_test_lists(test.child("tensor_lists"), {s.name: s for s in test_shapes})) if "tensor_lists" in test.data else ()
    test.done()
    dtypes = _dtypes(top.child("dtypes")) if "dtypes" in top.data else None
    reference = _reference(top.child("reference")) if "reference" in top.data else None
    cudnn = _cudnn(top.child("cudnn")) if "cudnn" in top.data else None
    support = tuple(_support(e) for e in top.items("support"))
    top.done()
    return OpSpec(
        op=op,
        path=doc.path,
        stem=stem,
        frontend=frontend,
        description=description,
        descriptor_type=descriptor_type,
        operation_type=operation_type,
        attribute_range=(int(low), int(high)),
        range_span=range_span,
        shared_ranges=tuple(shared),
        flatbuffers=flatbuffers,
        tensors=tensors,
        tensor_lists=tensor_lists,
        test_lists=test_lists,
        fields=fields,
        retired=retired,
        retired_after=tuple(retired_after),
        compute_type=compute_type,
        rules=tuple(spec_rules),
        node_type=node_type,
        field_ranges=tuple(ranges),
        conformance=tuple(conformance),
        inferences=inferences,
        test_tensors=test_tensors,
        test_fields=test_fields,
        span=top.span,
        from_node_missing_optional=from_node,
        since=since,
        skeleton=skeleton,
        constants_prefix=constants_prefix,
        constants_namespace=constants_namespace,
        shapes_prefix=shapes_prefix,
        field_constants=None if field_constants is None else tuple(field_constants),
        test_shapes=test_shapes,
        dtypes=dtypes,
        reference=reference,
        cudnn=cudnn,
        support=support,
        content=content,
        checks=checks,
        formulas=formulas,
        work=work,
    )


def _work(e: _Entry) -> Work:
    result = Work(e.pop("flops"), e.pop("no_counting_convention"), tuple(e.pop("unknown_when", None) or ()), e.span)
    e.done()
    return result


def _formula(e: _Entry) -> Formula:
    strides = e.pop("strides", "packed")
    if strides not in FORMULA_STRIDES and not (strides.startswith("order_of(") and strides.endswith(")")) and not PACKED_AXIS.match(strides):
        raise AssertionError(f"strides {strides!r} passed the schema")
    result = Formula(str(e.pop("tensor")), str(e.pop("dims")), e.pop("when"), e.span, strides)
    e.done()
    return result


def _check(e: _Entry) -> Check:
    where, code = e.pop("where", "frontend"), e.pop("code", "INVALID_VALUE")
    if where not in CHECK_PLACES or code not in CHECK_CODES:
        raise AssertionError(f"check place {where!r} or code {code!r} passed the schema")
    result = Check(str(e.pop("id")), str(e.pop("requires")), e.pop("when"), str(e.pop("message")), where, code, e.span)
    e.done()
    return result


def tensor_list_text(tensors: tuple[str, ...]) -> str:
    labels = [t.upper() for t in tensors]
    return ", ".join(labels[:-1]) + " and " + labels[-1] if len(labels) > 1 else labels[0]


def rule_message(kind: str, tensors: tuple[str, ...]) -> str:
    """The failure text of a presence rule (without the class prefix)."""
    listed = tensor_list_text(tensors)
    texts = {
        "both_or_neither": f"{listed} tensors must be set together or not at all",
        "requires": f"{tensors[0].upper()} tensor requires {tensors[-1].upper()} tensor",
        "mutually_exclusive": f"at most one of {listed.replace(' and ', ', ')} tensors may be set",
    }
    return texts[kind]


def _kebab(*words: str) -> str:
    return "-".join(w.replace("_", "-") for w in words)


def same_shape_checks(r: Rule, names: set[str], stage: str) -> tuple[Check, ...]:
    """A same_shape rule as checks: each later tensor's dims equal the first's (none when the rule
    names a tensor the op lacks: the spec checks report it)."""
    if r.kind.name != "same_shape" or not set(r.tensors) <= names:
        return ()
    first = r.tensors[0]
    return tuple(Check(_kebab("mismatching", other), f"{other}.dims == {first}.dims", None, f"{other} dims must equal {first} dims",
                       "frontend", "INVALID_VALUE", r.span, stage, r) for other in r.tensors[1:])


def lowered(tensors: tuple[Tensor, ...], fields: tuple[Field, ...], rules: list[Rule], ranges: list[FieldRange],
            conformance: list[Conforms]) -> tuple[Check, ...]:
    """The rule kinds as checks of the expression language, in the order pre_validate_node() runs
    them: presence rules, then same_shape, field_range and conforms rules (each group in spec order).
    A rule naming a tensor or field the op lacks is left out: the spec checks report it."""
    names = {t.name for t in tensors}
    ints = {f.name for f in fields if f.type.name in ("int64", "int32")}
    out: list[Check] = []

    def add(check_id: str, requires: str, message: str, origin: Any, when: str | None = None, stage: str = "shape",
            code: str = "INVALID_VALUE", where: str = "frontend") -> None:
        out.append(Check(check_id, requires, when, message, where, code, origin.span, stage, origin))

    for r in rules:
        if not r.kind.presence or not r.tensors or not set(r.tensors) <= names or len(set(r.tensors)) != len(r.tensors):
            continue
        p = [f"present({t})" for t in r.tensors]
        if r.kind.name == "both_or_neither":
            requires = " and ".join(f"{p[0]} == {q}" for q in p[1:]) if len(p) > 1 else f"{p[0]} == {p[0]}"
        elif r.kind.name == "requires":
            requires = f"not {p[0]} or {p[1]}"
        else:
            requires = " and ".join(f"not ({a} and {b})" for i, a in enumerate(p) for b in p[i + 1:])
        if len(p) < 2:
            continue  # the schema asks for two or more
        add(_kebab("presence", r.kind.name, *r.tensors), requires, rule_message(r.kind.name, r.tensors), r,
            stage="presence", code="ATTRIBUTE_NOT_SET", where="both")
    for r in rules:
        out += same_shape_checks(r, names, "shape")
    for fr in ranges:
        bounds = [b for b in (fr.min, fr.max) if b is not None]
        if fr.field not in ints or any(b.rank_of is not None and b.rank_of not in names for b in bounds):
            continue
        for bound, op, word, text in ((fr.min, ">=", "too-small", "at least"), (fr.max, "<=", "too-large", "at most")):
            if bound is None:
                continue
            if bound.rank_of is None:
                limit = str(bound.constant)
            else:
                limit = f"ndims({bound.rank_of})" + (f" + {bound.offset}" if bound.offset > 0 else f" - {-bound.offset}" if bound.offset < 0 else "")
            add(_kebab(fr.field, word), f"{fr.field} {op} {limit}", f"{fr.field} must be {text} {bound.text}", fr)
    for c in conformance:
        if {c.tensor, c.to, c.same_form_as or c.tensor} - names or c.split not in ints or c.tensor in (c.to, c.same_form_as):
            continue
        t, to, n = c.tensor, c.to, c.split
        rank, own = f"ndims({to})", f"ndims({t})"
        if c.keeps == "trailing":
            kept, count, kept_text = n, n, f"trailing {n} dims"
            padding = f"all(i in range(0, {rank} - {n}): {t}.dims[i] == 1)"
            dims = f"all(i in range(0, {n}): {t}.dims[i - {n}] == {to}.dims[i - {n}])"
        else:
            kept, count, kept_text = f"{rank} - {n}", f"rank({to}) - {n}", f"leading rank({to}) - {n} dims"
            padding = f"all(i in range({rank} - {n}, {rank}): {t}.dims[i] == 1)"
            dims = f"all(i in range(0, {rank} - {n}): {t}.dims[i] == {to}.dims[i])"
        in_range = f"0 <= {kept} and {kept} <= {rank}"  # else only the form check fails (the node stops there)
        add(_kebab(t, "rank"), f"{in_range} and ({own} == {rank} or {own} == {kept})",
            f"{t} must have rank({to}) dims (one-padded) or {count} dims (reduced rank)", c)
        add(_kebab(t, "one-padding"), padding, f"one-padded {t} must be 1 outside the {kept_text} of {to}", c,
            when=f"{own} == {rank} and {in_range}")
        add(_kebab(t, "dims"), dims, f"{t} must match the {kept_text} of {to}", c, when=in_range)
        if c.same_form_as:
            add(_kebab(t, "form"), f"(ndims({c.same_form_as}) == {rank}) == ({own} == {rank})",
                f"{t} and {c.same_form_as} must both be one-padded or both reduced-rank", c, when=in_range)
    return tuple(out)


def _dtypes(e: _Entry) -> Dtypes:
    groups = []
    for g in e.items("groups"):
        groups.append(DtypeGroup(g.pop("name"), tuple(g.pop("tensors")), g.pop("when_absent"), g.span, bool(g.pop("keyed", True)),
                                 g.pop("member", None)))
        g.done()
    unchecked = tuple(e.pop("unchecked", ()))
    compute = bool(e.pop("compute", True))
    rows, spans = [], []
    for row in e.items("combinations"):
        rows.append(tuple((k, str(row.data[k])) for k in row.data))
        spans.append(row.span)
        row.data.clear()
    e.done()
    return Dtypes(tuple(groups), unchecked, tuple(rows), tuple(spans), e.span, compute)


def _cudnn(e: _Entry) -> Cudnn:
    backend: tuple[tuple[str, str], ...] = ()
    backend_span = e.span
    if "backend" in e.data:
        b = e.child("backend")
        backend, backend_span = tuple((str(k), str(v)) for k, v in b.data.items()), b.span
        b.data.clear()
    result = Cudnn(
        attributes=str(e.pop("attributes")),
        graph_method=str(e.pop("graph_method", NONE)),
        setters=tuple(str(x) for x in e.pop("setters", ())),
        descriptor=str(e.pop("descriptor")),
        backend=backend,
        ext_predates_cudnn=tuple(str(x) for x in e.pop("ext_predates_cudnn", ())),
        span=e.span,
        backend_span=backend_span,
    )
    e.done()
    return result


def _support(e: _Entry) -> Support:
    result = Support(
        str(e.pop("operation")),
        str(e.pop("plugin")),
        tuple(str(x) for x in e.pop("data_types")),
        tuple(str(x) for x in e.pop("layouts")),
        str(e.pop("notes", "")),
        e.span,
    )
    e.done()
    return result


def _reference(e: _Entry) -> Reference:
    golden = e.child("golden") if "golden" in e.data else None
    golden_tensors: tuple[tuple[str, tuple[int, ...]], ...] = ()
    golden_fields: tuple[tuple[str, int], ...] = ()
    if golden is not None:
        golden_tensors = tuple((k, tuple(int(d) for d in v)) for k, v in golden.pop("tensors").items())
        golden_fields = tuple((k, int(v)) for k, v in (golden.pop("fields") or {}).items())
        golden.done()
    ref = Reference(
        stem=e.pop("stem"),
        python=e.pop("python"),
        cpp_class=e.pop("class"),
        function=e.pop("function"),
        header=e.pop("header"),
        template_args=tuple(e.pop("template_args")),
        args=tuple(e.pop("args")),
        scalars=tuple((k, float(v)) for k, v in (e.pop("scalars") or {}).items()),
        golden_tensors=golden_tensors,
        golden_fields=golden_fields,
        span=e.span,
        key_node=e.pop("key_node", None),
    )
    e.done()
    return ref


def _access(e: "_Entry", key: str) -> Access:
    if key not in e.data:
        return Access()
    a = e.child(key)
    result = Access(
        a.pop("getter"),
        a.pop("setter"),
        a.pop("member"),
        a.pop("enumerator"),
        bool(a.pop("optional", False)),
        bool(a.pop("required_to_pack", False)),
        bool(a.pop("private", False)),
        str(a.pop("getter_returns", "value")),
        tuple(a.pop("setter_forms", ("value",))),
    )
    a.done()
    return result


def _frontend(e: "_Entry") -> Frontend:
    setters = []
    for item in e.items("setters"):
        setters.append(FrontendSetter(item.pop("name"), tuple(item.pop("args")), item.span, item.pop("test"), item.pop("pass", "reference") == "value"))
        item.done()
    flags = []
    for item in e.items("flags"):
        flags.append(FrontendFlag(item.pop("name"), bool(item.pop("default", False)), tuple(item.pop("aliases", ())), tuple(item.pop("creates", ())), item.span))
        item.done()
    returns = e.pop("graph_returns")
    unsupported = []
    for item in e.items("unsupported"):
        unsupported.append(Unsupported(item.pop("name"), item.pop("takes"), item.pop("reason"), item.span, item.pop("template"), item.pop("when")))
        item.done()
    forwards = []
    for item in e.items("forwards"):
        forwards.append(Forward(item.pop("name"), item.pop("takes"), item.pop("to"), item.span))
        item.done()
    equality = None
    if "equality" in e.data:
        q = e.child("equality")
        equality = Equality(tuple(q.pop("logical")), tuple(q.pop("strict")), q.span)
        q.done()
    result = Frontend(
        stem=e.pop("stem"),
        attributes_class=e.pop("attributes_class"),
        attributes_header=e.pop("attributes_header"),
        node_class=e.pop("node_class"),
        node_header=e.pop("node_header"),
        graph_method=e.pop("graph_method"),
        cudnn_alias=e.pop("cudnn_alias"),
        setters=tuple(setters),
        span=e.span,
        flags=tuple(flags),
        graph_returns=tuple(returns) if isinstance(returns, list) else returns,
        constructor=bool(e.pop("constructor", True)),
        equality=equality,
        graph_creates=tuple(e.pop("graph_creates", ())),
        graph_creates_when=tuple((name, tuple(inputs)) for name, inputs in (e.pop("graph_creates_when") or {}).items()),
        graph_params=None if (params := e.pop("graph_params")) is None else tuple(params),
        unsupported=tuple(unsupported),
        forwards=tuple(forwards),
    )
    e.done()
    return result


def _named_value(e: _Entry) -> NamedValue:
    result = NamedValue(e.pop("name"), int(e.pop("value")), e.span, bool(e.pop("confirmed", True)))
    e.done()
    return result


def _flatbuffers(e: _Entry) -> Flatbuffers:
    position = e.pop("union_position")
    result = Flatbuffers(
        e.pop("table"),
        e.pop("header"),
        None if position is None else int(position),
        e.span,
        tuple(e.pop("includes", ())),
        tuple(e.pop("order", ())),
        tuple(e.pop("metadata", ())),
    )
    e.done()
    return result


def _tensor(e: _Entry) -> Tensor:
    role = e.pop("role")
    if role not in ROLES:
        raise AssertionError(f"unknown tensor role {role!r}")
    backend = BackendNames()
    if "backend" in e.data:
        b = e.child("backend")
        backend = BackendNames(b.pop("getter"), b.pop("member"))
        b.done()
    result = Tensor(
        name=e.pop("name"),
        attribute=e.pop("attribute"),
        id=int(e.pop("id")),
        role=role,
        optional=bool(e.pop("optional", False)),
        description=e.pop("description", ""),
        span=e.span,
        frontend=_access(e, "frontend"),
        backend=backend,
        metadata=_tensor_metadata(tuple(e.pop("metadata", TENSOR_METADATA)), bool(e.pop("work_data_dependent", False))),
        list=bool(e.pop("list", False)),
        uid_field=e.pop("uid_field"),
        since=e.pop("since", None),
    )
    e.done()
    return result


def _tensor_metadata(metadata: tuple[str, ...], work: bool) -> tuple[str, ...]:
    """The UID field's metadata: as written, with `work_data_dependent` added for the spec key."""
    return metadata + (WORK_MARK,) if work and WORK_MARK not in metadata else metadata


def _field(e: _Entry) -> Field:
    type_name = e.pop("type")
    if type_name not in FIELD_TYPES:
        raise AssertionError(f"unknown field type {type_name!r}")
    enum = _enum(e.child("enum")) if "enum" in e.data else None
    result = Field(
        name=e.pop("name"),
        type=FIELD_TYPES[type_name],
        attribute=e.pop("attribute"),
        id=int(e.pop("id")),
        optional=bool(e.pop("optional", False)),
        default=e.pop("default"),
        enum=enum,
        description=e.pop("description", ""),
        span=e.span,
        frontend=_access(e, "frontend"),
        metadata=tuple(e.pop("metadata", ())),
        since=e.pop("since", None),
    )
    e.pop("retired", False)
    e.done()
    return result


def _enum(e: _Entry) -> EnumDef:
    values = []
    for v in e.items("values"):
        values.append(EnumValue(v.pop("name"), int(v.pop("value")), bool(v.pop("sentinel", False)), v.span, v.pop("description", "")))
        v.done()
    new_tag = _named_value(e.child("type_tag")) if isinstance(e.data["type_tag"], dict) else None
    tag_name = new_tag.name if new_tag is not None else e.pop("type_tag")
    result = EnumDef(e.pop("name"), tag_name, tuple(values), e.span, new_tag, e.pop("schema"))
    e.done()
    return result


def _rule(e: _Entry) -> Rule:
    (kind_name,) = e.data
    if kind_name not in RULE_KINDS:
        raise AssertionError(f"unknown rule {kind_name!r}")
    result = Rule(RULE_KINDS[kind_name], tuple(e.pop(kind_name)), e.span)
    e.done()
    return result


def _bound(value: Any) -> Bound | None:
    if value is None:
        return None
    if isinstance(value, int):
        return Bound(value, None, 0, str(value))
    match = BOUND.match(value)
    if match is None:
        raise AssertionError(f"bound {value!r} passed the schema")
    sign, digits = match.group(2), match.group(3)
    offset = 0 if digits is None else (int(digits) if sign == "+" else -int(digits))
    return Bound(None, match.group(1), offset, value)


def _field_range(e: _Entry) -> FieldRange:
    r = e.child("field_range")
    result = FieldRange(r.pop("field"), _bound(r.pop("min")), _bound(r.pop("max")), e.span)
    r.done()
    e.done()
    return result


def _conforms(e: _Entry) -> Conforms:
    c = e.child("conforms")
    keeps = c.pop("keeps")
    if keeps not in KEEPS:
        raise AssertionError(f"unknown conforms side {keeps!r}")
    result = Conforms(c.pop("tensor"), c.pop("to"), keeps, c.pop("split"), c.pop("same_form_as"), e.span)
    c.done()
    e.done()
    return result


def _inference(e: _Entry) -> Inference:
    kind = "tensor" if "tensor" in e.data else "field"
    result = Inference(e.pop(kind), kind, e.pop("from"), e.span)
    e.done()
    return result


def _test_shapes(e: _Entry) -> Iterator[TestShape]:
    for name in sorted(e.data, key=lambda n: e.span.at(n)):
        t = e.child(name)
        yield TestShape(name, tuple(t.pop("dims")), tuple(t.pop("strides")), t.span)
        t.done()
    e.done()


def _one_test_tensor(name: str, t: _Entry, shapes: dict[str, TestShape]) -> TestTensor:
    shape_name = t.pop("shape")
    shape = shapes.get(shape_name) if shape_name else None
    dims = shape.dims if shape else tuple(t.pop("dims", ()))
    strides = shape.strides if shape else tuple(t.pop("strides", ()))
    result = TestTensor(name, int(t.pop("uid")), dims, strides, t.span, shape_name, str(t.pop("dtype", "FLOAT")),
                        bool(t.pop("pass_by_value", False)))
    t.done()
    return result


def _test_tensor(e: _Entry, shapes: dict[str, TestShape]) -> Iterator[TestTensor]:
    for name in sorted(e.data, key=lambda n: e.span.at(n)):
        yield _one_test_tensor(name, e.child(name), shapes)
    e.done()


def _test_lists(e: _Entry, shapes: dict[str, TestShape]) -> Iterator[TestTensorList]:
    for name in sorted(e.data, key=lambda n: e.span.at(n)):
        items = e.items(name)
        yield TestTensorList(name, tuple(_one_test_tensor(name, t, shapes) for t in items), Span(e.span.at(name)))
    e.done()


def _test_fields(e: _Entry) -> Iterator[TestField]:
    for name in sorted(e.data, key=lambda n: e.span.at(n)):
        yield TestField(name, e.data[name], Span(e.span.at(name)))
    e.data.clear()
