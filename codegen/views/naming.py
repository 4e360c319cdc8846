"""Every name the generator derives (classes, files, members, constants, labels) is computed here.

Templates and checks never build a name themselves; they ask this module, so one rule decides
each name and a collision check sees exactly what the generator would emit.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass

from codegen.spec.model import EnumDef, EnumValue, Field, OpSpec, Tensor

OP_ID = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*\Z")  # match() + \Z: anchored, no trailing newline

# Names a spec may not use for a field or op: Python keywords (the mirror uses them as identifiers)
# and the members the generated code itself declares. Field names are also bare C++ identifiers
# (FlatBuffers struct members, attribute members), so C++ keywords and alternative tokens are
# refused for them. Tensor names only appear with a prefix or suffix, in C++ (`do` -> `_doDesc`,
# `do_uid`) and in Python (`in` -> `in_tensor`, dictionary keys), so SDPA's `do` and reduction's
# `in` stay legal.
CPP_KEYWORDS = frozenset(
    """alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue co_await
    co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
    nullptr operator or or_eq private protected public register reinterpret_cast requires return
    short signed sizeof static static_assert static_cast struct switch template this thread_local
    throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq""".split()
)
GENERATOR_NAMES = frozenset({"name", "compute_data_type", "compute_type", "finalized", "type", "wrapper"})

RESERVED_OP_IDS = frozenset({"registry", "waivers", "python"})  # file names, or generated/python

# Modules of the generated Python mirror that are not ops; an op id may not take these names.
MIRROR_MODULES = frozenset({"enums", "errors", "tensor", "descriptor", "dispatch", "node"})


# Names (of an enum's form) the generated Python mirror's modules define or import at top level
# (templates/mirror/): a spec enum of one of these names would replace it where the enum is imported,
# so the mirror would no longer import. tests/test_mirror.py keeps this list equal to the templates'.
MIRROR_NAMES = frozenset(
    """ATTRIBUTES Any AttributeName Callable ClassVar D DataType DescriptorType DtypeGroup DtypeTable
    Error FIELDS FbsField FieldSlot FieldState Formula FrontendNode Graph GraphBase GraphFormatError HipdnnError
    INPUTS INT32 INT64 Inference IntEnum Iterable LISTS ListSlot Mapping NODE NODES Node NodeAttributes NodeCheck
    NodeSpec OK OPERATIONS OperationDescriptor OperationType Optional PresenceRule Problem REQUIRED Skip Status
    TENSORS Table TensorAttributes TensorDescriptor TensorSlot TypeVar UnsupportedDataTypes Values""".split()
)

# hipDNN's own types that are no attribute enum a spec could describe: the FlatBuffers data objects
# of data_types.fbs, tensor_attributes.fbs and graph.fbs, and the frontend's DataType, Error and
# engine-selection types (Types.hpp). A spec enum so named would be a second definition of it.
HIPDNN_NAMES = frozenset(
    """DataType TensorAttributes TensorValue Float32Value Float16Value BFloat16Value Float8Value Int32Value
    Float64Value Int64Value BoolValue NodeAttributes Node Graph EngineApiVersion Uuid Error ErrorCode
    HeuristicMode BuildPlanPolicy KnobValueType""".split()
)


# hipDNN's own DataType (data_types.fbs), which a field may take as its enum: SDPA forward's
# mma_core_mode. Its plumbing exists in hipDNN under names of its own (verified: frontend Types.hpp
# ids 56235724232, 54653676998: toHipdnnDataType -> std::optional<hipdnnDataType_t>,
# fromHipdnnDataType -> std::pair<DataType, Error>; backend setDataType/getDataType, id 55515880531;
# C enumerators HIPDNN_DATA_<NAME>, SdpaFwd descriptor test id 55412860728).
DATA_TYPE = "DataType"
DATA_TYPE_SCHEMA = "data_types.fbs"
DATA_TYPE_SENTINEL = "UNSET"  # data_types.fbs's "not chosen"; the frontend's NOT_SET


def is_data_type(e: EnumDef) -> bool:
    """The enum is hipDNN's own DataType, described (not introduced) by a field of that type."""
    return e.name == DATA_TYPE and e.schema == DATA_TYPE_SCHEMA and not e.introduced


FBS = "hipdnn_flatbuffers_sdk::data_objects"  # flatc's C++ namespace of the schemas' types


def enum_name_clash(name: str) -> str | None:
    """Why an enum may not take `name`, or None: a name hipDNN or the Python mirror already defines
    (the mirror's op classes end in OperationDescriptor), or a Python built-in the mirror uses."""
    import builtins

    if name in HIPDNN_NAMES:
        return "one of hipDNN's own types (its FlatBuffers data objects or frontend types)"
    if name in MIRROR_NAMES or name.endswith("OperationDescriptor"):
        return "a name the generated Python mirror (hipdnn_ops) defines"
    if hasattr(builtins, name):
        return "a Python built-in the generated Python mirror uses"
    return None


def reserved_reason(identifier: str, bare_in_cpp: bool = False, bare_in_python: bool = True) -> str | None:
    if bare_in_python and (keyword.iskeyword(identifier) or keyword.issoftkeyword(identifier)):
        return "a Python keyword"
    if bare_in_cpp and identifier in CPP_KEYWORDS:
        return "a C++ keyword (flatc renames such members, so generated code could not use it)"
    if identifier in GENERATOR_NAMES:
        return "a name the generated code already uses"
    return None


def pascal(snake: str) -> str:
    """`inv_variance` -> `InvVariance`, `dbias` -> `Dbias` (one rule, no acronym table)."""
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


def camel(snake: str) -> str:
    text = pascal(snake)
    return text[:1].lower() + text[1:]


def upper(snake: str) -> str:
    return snake.upper()


PASCAL_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def pascal_words(stem: str) -> list[str]:
    """`MoeGroupedMatmulMode` -> [Moe, Grouped, Matmul, Mode]; `RMSNorm` -> [RMS, Norm]."""
    return PASCAL_WORD.findall(stem)


def upper_snake(stem: str) -> str:
    """`MoeGroupedMatmulMode` -> `MOE_GROUPED_MATMUL_MODE`, `RMSNormBackward` -> `RMSNORM_BACKWARD`
    (hipDNN's C spelling of a Pascal name: a capital after a lower-case letter or digit starts a word)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", stem).upper()


# hipDNN's CPU-reference graph executor: plans and signature keys, one pair per op
CPU_EXECUTOR_DETAIL = "test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail"


def group_field(group: str) -> str:
    """A dtypes group's field in the signature key: scale_bias -> scaleBiasDataType."""
    return f"{camel(group)}DataType"


def group_param(group: str) -> str:
    """A dtypes group's template parameter: scale_bias -> ScaleBiasDataType (its enum: ...Enum)."""
    return f"{pascal(group)}DataType"


@dataclass(frozen=True)
class OpNames:
    """The derived names of one op."""

    spec: OpSpec

    # --- backend -----------------------------------------------------------------------------
    @property
    def cls(self) -> str:
        return f"{self.spec.stem}OperationDescriptor"

    @property
    def descriptor_hpp(self) -> str:
        return f"backend/src/descriptors/{self.cls}.hpp"

    @property
    def descriptor_cpp(self) -> str:
        return f"backend/src/descriptors/{self.cls}.cpp"

    @property
    def descriptor_test_suite(self) -> str:
        return f"Test{self.cls}"

    @property
    def from_node_test_suite(self) -> str:
        return f"Test{self.spec.stem}OperationFromNode"

    @property
    def descriptor_test(self) -> str:
        return f"backend/tests/descriptors/{self.descriptor_test_suite}.cpp"

    @property
    def from_node_test(self) -> str:
        return f"backend/tests/descriptors/{self.from_node_test_suite}.cpp"

    @property
    def graph_descriptor_test_suite(self) -> str:
        return f"TestGraphDescriptor{self.spec.stem}"

    @property
    def graph_descriptor_test(self) -> str:
        return f"backend/tests/descriptors/{self.graph_descriptor_test_suite}.cpp"

    @property
    def integration_lowering_test_suite(self) -> str:
        return f"Integration{self.spec.stem}DescriptorLowering"

    @property
    def integration_lowering_test(self) -> str:
        return f"tests/frontend/{self.integration_lowering_test_suite}.cpp"

    @property
    def integration_lifting_test_suite(self) -> str:
        return f"Integration{self.spec.stem}DescriptorLifting"

    @property
    def integration_lifting_test(self) -> str:
        return f"tests/frontend/{self.integration_lifting_test_suite}.cpp"

    @property
    def backend_tests(self) -> list[str]:
        """The generated backend gtest files (descriptor, fromNode, graph descriptor)."""
        return [self.descriptor_test, self.from_node_test, self.graph_descriptor_test]

    # --- FlatBuffers -------------------------------------------------------------------------
    @property
    def fbs_table(self) -> str:
        return self.spec.flatbuffers.table

    @property
    def fbs_object(self) -> str:
        return f"{self.spec.flatbuffers.table}T"

    @property
    def graph_test_utility(self) -> str:
        """The op's createValid<Op>Graph() in the test SDK's FlatBuffers graph test utilities."""
        return f"createValid{self.spec.stem}Graph"

    @property
    def fbs_accessor(self) -> str:
        return f"As{self.spec.flatbuffers.table}"

    @property
    def fbs_header(self) -> str:
        return f"hipdnn_flatbuffers_sdk/data_objects/{self.spec.flatbuffers.header}"

    @property
    def fbs_schema(self) -> str:
        """The op's schema in hipDNN's tree."""
        return f"{SCHEMA_DIR}/{self.spec.flatbuffers.schema}"

    @property
    def json_include(self) -> str:
        return json_include(self.spec.flatbuffers.table)

    @property
    def json_hpp(self) -> str:
        return f"flatbuffers_sdk/include/{self.json_include}"

    @property
    def json_test_suite(self) -> str:
        return f"TestJson{self.spec.flatbuffers.table}"

    @property
    def json_test(self) -> str:
        return f"flatbuffers_sdk/tests/utilities/{self.json_test_suite}.cpp"

    # --- frontend ----------------------------------------------------------------------------
    @property
    def packer_function(self) -> str:
        return f"create{self.spec.frontend_stem}Operation"

    @property
    def unpacker_function(self) -> str:
        return f"unpack{self.spec.frontend_stem}Operation"

    @property
    def packer_hpp(self) -> str:
        return f"frontend/include/hipdnn_frontend/detail/{self.spec.frontend_stem}Packer.hpp"

    @property
    def unpacker_hpp(self) -> str:
        return f"frontend/include/hipdnn_frontend/detail/{self.spec.frontend_stem}Unpacker.hpp"

    @property
    def frontend_attributes(self) -> str:
        return self.spec.frontend.attributes_class or f"{self.spec.frontend_stem}Attributes"

    @property
    def frontend_attributes_header(self) -> str:
        return self.spec.frontend.attributes_header or f"hipdnn_frontend/attributes/{self.frontend_attributes}.hpp"

    @property
    def frontend_attributes_hpp(self) -> str:
        """The generated attributes header, as a path under projects/hipdnn/."""
        return f"frontend/include/{self.frontend_attributes_header}"

    @property
    def frontend_attributes_test_suite(self) -> str:
        return f"Test{self.frontend_attributes}"

    @property
    def frontend_attributes_test(self) -> str:
        """The generated attributes tests, as hipDNN keeps them (frontend/tests/Test<Class>.cpp)."""
        return f"frontend/tests/{self.frontend_attributes_test_suite}.cpp"

    @property
    def frontend_node(self) -> str:
        return self.spec.frontend.node_class or f"{self.spec.frontend_stem}Node"

    @property
    def frontend_node_header(self) -> str:
        return self.spec.frontend.node_header or f"hipdnn_frontend/node/{self.frontend_node}.hpp"

    @property
    def node_type(self) -> str:
        """The graph::NodeType enumerator: the spec's, else the frontend stem in upper snake case."""
        if self.spec.node_type is not None:
            return self.spec.node_type.name
        return "_".join(w.upper() for w in re.findall(r"[A-Z][a-z0-9]*", self.spec.frontend_stem))

    @property
    def node_type_word(self) -> str:
        """LAYERNORM_BACKWARD -> LayernormBackward (test names)."""
        return pascal(self.node_type.lower())

    @property
    def frontend_node_hpp(self) -> str:
        return f"frontend/include/{self.frontend_node_header}"

    @property
    def frontend_node_test_suite(self) -> str:
        return f"Test{self.frontend_node}"

    @property
    def frontend_node_test(self) -> str:
        return f"frontend/tests/{self.frontend_node_test_suite}.cpp"

    @property
    def graph_test_suite(self) -> str:
        return f"TestGraph{self.spec.frontend_stem}"

    @property
    def graph_test(self) -> str:
        return f"frontend/tests/{self.graph_test_suite}.cpp"

    @property
    def graph_method(self) -> str:
        return self.spec.frontend.graph_method or self.spec.op

    @property
    def cudnn_alias(self) -> str:
        """The cuDNN-style typedef of the attributes class (`Layernorm_backward_attributes`)."""
        if self.spec.frontend.cudnn_alias:
            return self.spec.frontend.cudnn_alias
        words = re.findall(r"[A-Z][a-z0-9]*", self.spec.frontend_stem)
        text = "_".join(w.lower() for w in words) + "_attributes"
        return text[:1].upper() + text[1:]

    @property
    def label(self) -> str:
        """Lower-cased op word used in frontend error labels, e.g. `layernormbackward`."""
        return self.spec.frontend_stem.lower()

    # --- test constants ----------------------------------------------------------------------
    @property
    def constants_hpp(self) -> str:
        return f"test_sdk/include/hipdnn_test_sdk/constants/{self.spec.stem}Constants.hpp"

    @property
    def constants_prefix(self) -> str:
        return self.spec.constants_prefix or f"K_{self.spec.stem.upper()}_"

    @property
    def shapes_prefix(self) -> str:
        """Prefix of the shared-shape constants: <prefix><SHAPE>_DIMS."""
        return self.spec.shapes_prefix or f"{self.constants_prefix}TENSOR_"

    @property
    def constants_namespace(self) -> str:
        """The C++ namespace of the test constants."""
        base = "hipdnn_tests::constants"
        return f"{base}::{self.spec.constants_namespace}" if self.spec.constants_namespace else base

    # --- Python mirror -----------------------------------------------------------------------
    @property
    def python_module(self) -> str:
        return self.spec.op

    # --- CPU reference (test_sdk) ---------------------------------------------------------------
    @property
    def reference_stem(self) -> str:
        assert self.spec.reference is not None
        return self.spec.reference.stem

    @property
    def signature_key(self) -> str:
        return f"{self.reference_stem}SignatureKey"

    @property
    def plan(self) -> str:
        return f"{self.reference_stem}Plan"

    @property
    def plan_builder(self) -> str:
        return f"{self.reference_stem}PlanBuilder"

    @property
    def plan_params(self) -> str:
        return f"{self.reference_stem}Params"

    @property
    def signature_key_hpp(self) -> str:
        return f"{CPU_EXECUTOR_DETAIL}/{self.signature_key}.hpp"

    @property
    def plan_hpp(self) -> str:
        return f"{CPU_EXECUTOR_DETAIL}/{self.plan}.hpp"

    @property
    def signature_key_test_suite(self) -> str:
        return f"Test{self.signature_key}"

    @property
    def signature_key_test(self) -> str:
        return f"test_sdk/tests/utilities/cpu_graph_executor/{self.signature_key_test_suite}.cpp"

    @property
    def golden_test_suite(self) -> str:
        assert self.spec.reference is not None
        return f"Test{self.spec.reference.cpp_class}{pascal(self.spec.reference.function)}Golden"

    @property
    def golden_test(self) -> str:
        return f"test_sdk/tests/utilities/{self.golden_test_suite}.cpp"


def tensor_member(t: Tensor) -> str:
    return t.backend.member or f"_{camel(t.name)}Desc"


def tensor_getter(t: Tensor) -> str:
    return t.backend.getter or f"get{pascal(t.name)}Desc"


def list_member(t: Tensor) -> str:
    """The backend member holding a tensor list's descriptors (hipDNN's `_peerStatsDescs`)."""
    return t.backend.member or f"_{camel(t.name)}Descs"


def list_getter(t: Tensor) -> str:
    return t.backend.getter or f"get{pascal(t.name)}Descs"


def frontend_list_member(t: Tensor) -> str:
    """A tensor list is a public vector member of the attributes class (hipDNN's `peer_stats`)."""
    return t.frontend.member or t.name


def frontend_list_getter(t: Tensor) -> str:
    return t.frontend.getter or f"get_{t.name}"


def frontend_list_setter(t: Tensor) -> str:
    return t.frontend.setter or f"set_{t.name}"


SCHEMA_DIR = "flatbuffers_sdk/schemas"


def json_include(table: str) -> str:
    """The JSON utility header of a FlatBuffers table (named after the table)."""
    return f"hipdnn_flatbuffers_sdk/utilities/json/{table}.hpp"


def schema_json_include(schema: str) -> str:
    """The JSON utility header of the table a shared schema defines (`sdpa_attributes.fbs` ->
    SdpaAttributes.hpp): where the enums that schema defines get their JSON names."""
    return json_include("".join(w.capitalize() for w in schema.removesuffix(".fbs").split("_")))


def json_enum_string(value: str) -> str:
    """An enum value's JSON spelling (hipDNN's newest enums use lower case: "gather")."""
    return value.lower()


def enum_json_name(enum: EnumDef, value: str) -> str:
    """How hipDNN's JSON utilities spell a value of `enum`: an enum the op's own schema defines is
    spelled by the generated utility (json_enum_string); one a shared schema defines keeps the
    spelling of that schema's utility, which for the shared enums specs use today is the
    FlatBuffers name (DiagonalAlignment: "TOP_LEFT", fork tfalders id 55107554717)."""
    return value if enum.schema is not None else json_enum_string(value)


def tensor_uid_field(t: Tensor) -> str:
    """The schema field holding a tensor's UID (a list's UIDs): the spec's uid_field, else derived."""
    if t.uid_field:
        return t.uid_field
    return f"{t.name}_tensor_uids" if t.list else f"{t.name}_tensor_uid"


def tensor_label(t: Tensor) -> str:
    return upper(t.name)


def frontend_getter(item: Tensor | Field) -> str | None:
    """The frontend getter, or None when the value is reached only as a public member."""
    a = item.frontend
    return a.getter or (None if a.member else f"get_{item.name}")


def frontend_setter(item: Tensor | Field) -> str | None:
    """The frontend setter of this one value, or None when it is written only as a public member."""
    a = item.frontend
    return a.setter or (None if a.member else f"set_{item.name}")


def frontend_enumerator(t: Tensor) -> str:
    """The tensor's InputNames/OutputNames enumerator: `INV_VARIANCE`, or hipDNN's own (`dO`)."""
    return t.frontend.enumerator or upper(t.name)


def frontend_names_enum(t: Tensor) -> str:
    """The attributes class's enum that names this tensor."""
    return "InputNames" if t.role == "input" else "OutputNames"


def frontend_slot(t: Tensor) -> str:
    """`InputNames::DY`: the key of the tensor in its attributes map."""
    return f"{frontend_names_enum(t)}::{frontend_enumerator(t)}"


def frontend_map(t: Tensor) -> str:
    """The attributes class's map that holds this tensor (`inputs` or `outputs`); hipDNN's JSON node
    object keeps the tensor's UID under the key of the same name."""
    return "inputs" if t.role == "input" else "outputs"


def frontend_base_call(t: Tensor, verb: str, *args: str) -> str:
    """Inside the attributes class: the base's getInput/setOutput/... call for this tensor."""
    kind = "Input" if t.role == "input" else "Output"
    return f"{verb}{kind}({', '.join([frontend_slot(t), *args])})"


def frontend_member(f: Field) -> str:
    """The public data member that stores a field in the frontend attributes class."""
    return f.frontend.member or f.name


def frontend_read(item: Tensor | Field, attributes: str = "attributes") -> str:
    """The C++ expression reading the value from a frontend attributes object (getter first)."""
    getter = frontend_getter(item)
    return f"{attributes}.{getter}()" if getter else f"{attributes}.{item.frontend.member}"


def frontend_write(item: Tensor | Field, value: str, attributes: str = "attributes") -> str:
    """The C++ statement (without `;`) storing `value` in a frontend attributes object (setter first,
    except for an optional field with a member: its setter takes a plain value, the member the optional)."""
    setter = frontend_setter(item)
    if isinstance(item, Field) and item.frontend_optional and item.frontend.member:
        setter = None
    return f"{attributes}.{setter}({value})" if setter else f"{attributes}.{item.frontend.member} = {value}"


def uid_constant(names: OpNames, t: Tensor) -> str:
    return f"{names.constants_prefix}TENSOR_{upper(t.name)}_UID"


def shape_constants(names: OpNames, shape: str) -> tuple[str, str]:
    """The dims and strides constants of a shared test shape."""
    return f"{names.shapes_prefix}{shape}_DIMS", f"{names.shapes_prefix}{shape}_STRIDES"


def _shape_of(names: OpNames, t: Tensor) -> str | None:
    return next((tt.shape for tt in names.spec.test_tensors if tt.name == t.name), None)


def dims_constant(names: OpNames, t: Tensor) -> str:
    shape = _shape_of(names, t)
    return shape_constants(names, shape)[0] if shape else f"{names.constants_prefix}TENSOR_{upper(t.name)}_DIMS"


def strides_constant(names: OpNames, t: Tensor) -> str:
    shape = _shape_of(names, t)
    return shape_constants(names, shape)[1] if shape else f"{names.constants_prefix}TENSOR_{upper(t.name)}_STRIDES"


def list_item_constants(names: OpNames, t: Tensor, index: int) -> tuple[str, str, str]:
    """UID, dims and strides constants of a tensor list's test entry `index` (dims and strides
    are the shared shape's when the entry names one)."""
    item = next(entry for entry in names.spec.test_lists if entry.name == t.name).items[index]
    word = f"{names.constants_prefix}TENSOR_{upper(t.name)}_{index}"
    if item.shape:
        dims, strides = shape_constants(names, item.shape)
    else:
        dims, strides = f"{word}_DIMS", f"{word}_STRIDES"
    return f"{word}_UID", dims, strides


def field_constant(names: OpNames, f: Field) -> str:
    return f"{names.constants_prefix}{upper(f.name)}"


def enum_cpp_value(f: Field, value_name: str) -> str:
    assert f.enum is not None
    return f"{f.enum.name}::{value_name}"


# --- words shared by every language the generator emits (C++ messages, Python mirror) -----------


def missing_tensor_message(t: Tensor) -> str:
    return f"{tensor_label(t)} tensor not set"


def sentinel_message(f: Field) -> str:
    return f"{upper(f.name)} not set"


COMPUTE_TYPE_MESSAGE = "compute data type not set"


def finalize_prefix(names: OpNames) -> str:
    return f"{names.cls}::finalize() failed: "


def attribute_setter(e: EnumDef) -> str:
    """DescriptorAttributeUtils' set<Enum> (the descriptor's setAttribute calls it)."""
    return f"set{e.name}"


def attribute_getter(e: EnumDef) -> str:
    return f"get{e.name}"


# --- enums a spec introduces to hipDNN (C header, type tag, conversions, frontend enum) ----------
# Spelled as hipDNN's newest enum (MoeGroupedMatmulMode: HipdnnMoeGroupedMatmulMode.h,
# HIPDNN_MOE_GROUPED_MATMUL_MODE_<VALUE>, HIPDNN_TYPE_MOE_GROUPED_MATMUL_MODE, toSdk/fromSdk,
# set/get<Enum>, frontend NOT_SET = 0 then the values from 1).

FRONTEND_NOT_SET = "NOT_SET"


def c_enum_type(e: EnumDef) -> str:
    return f"hipdnn{e.name}_t"


def c_enum_header(e: EnumDef) -> str:
    return f"Hipdnn{e.name}.h"


def c_enum_header_path(e: EnumDef) -> str:
    return f"backend/include/{c_enum_header(e)}"


def c_enum_value(e: EnumDef, v: EnumValue) -> str:
    if is_data_type(e):
        return f"HIPDNN_DATA_{v.name}"
    return f"HIPDNN_{upper_snake(e.name)}_{v.name}"


def new_type_tag(enum_name: str) -> str:
    """The type tag a new enum gets: HIPDNN_TYPE_<ENUM> (as HIPDNN_TYPE_MOE_GROUPED_MATMUL_MODE)."""
    return f"HIPDNN_TYPE_{upper_snake(enum_name)}"


def to_sdk(e: EnumDef) -> str:
    return f"toSdk{e.name}"


def from_sdk(e: EnumDef) -> str:
    return f"fromSdk{e.name}"


def frontend_enum_member(e: EnumDef, value_name: str) -> str:
    """The frontend enumerator for a spec value: an introduced enum's sentinel is its NOT_SET."""
    if (e.introduced or is_data_type(e)) and e.sentinel is not None and e.sentinel.name == value_name:
        return FRONTEND_NOT_SET
    return value_name


def conversion_test_suite(e: EnumDef) -> str:
    return f"Test{e.name}ConversionRoundTrip"


def function_test_name(function: str) -> str:
    """A gtest name built on a camelCase function: `toSdkThingMode` -> `ToSdkThingMode`."""
    return function[:1].upper() + function[1:]


def to_backend(e: EnumDef) -> str:
    return "toHipdnnDataType" if is_data_type(e) else f"toBackend{e.name}"


def from_hipdnn(e: EnumDef) -> str:
    return f"fromHipdnn{e.name}"  # fromHipdnnDataType for DataType too


def enum_name_function(f: Field) -> str:
    assert f.enum is not None
    return f"EnumName{f.enum.name}"


def local_variable(item: Tensor | Field) -> str:
    """A C++ local for an unpacked value; the suffix keeps names like `do` from being keywords."""
    if isinstance(item, Tensor):
        return camel(item.name) + ("Tensors" if item.list else "Tensor")
    return camel(item.name) + "Value"


# Names the Graph method's body (C++ and the Python mirror) already uses, besides keywords.
GRAPH_METHOD_NAMES = frozenset({"attributes", "graph_attributes", "i", "outputTensor", "self", "std"})
CAMEL_BACK = re.compile(r"[a-z][a-zA-Z0-9]*\Z")


def python_argument(tensor: str) -> str:
    """A Graph method's Python keyword for a tensor, on hipDNN's nanobind binding and on the mirror
    alike: the tensor's snake_case name (hipDNN's graph_bindings.cpp id 59019905965 binds
    `inv_variance`), with a trailing underscore where that is a Python keyword or the method's own
    `self` / `attributes` (`in` -> `in_`), so it can be passed by keyword."""
    return f"{tensor}_" if keyword.iskeyword(tensor) or tensor in ("self", "attributes") else tensor


def graph_parameters(spec: OpSpec) -> dict[str, str]:
    """The C++ Graph method's name for each required tensor: its inputs' parameters and its outputs'
    locals (Python's keywords are python_argument's). hipDNN names them after the tensor in camelBack
    (`dy`, `x`, `invVariance`; Graph.hpp id 58857684776). A name that is a C++ or Python keyword,
    one the method body uses, or one an earlier tensor took gets, in order: the tensor's own
    enumerator when it is camelBack (hipDNN's `dO` for SDPA's `do`), then `<name>Tensor`, then
    `<name>Tensor2`, `3`, ... (tensor order decides)."""
    taken: set[str] = set()
    names: dict[str, str] = {}

    def free(candidate: str) -> bool:
        return (
            bool(CAMEL_BACK.match(candidate))
            and candidate not in CPP_KEYWORDS
            and not keyword.iskeyword(candidate)
            and candidate not in GRAPH_METHOD_NAMES
            and candidate not in taken
        )

    returned = graph_returns(spec)
    for t in [*spec.required_tensors, *(t for t in spec.optional_tensors if t.name in returned)]:
        base = camel(t.name)
        candidates = [base, frontend_enumerator(t), base + "Tensor"]
        chosen = next((c for c in candidates if free(c)), None)
        number = 2
        while chosen is None:
            chosen = f"{base}Tensor{number}" if free(f"{base}Tensor{number}") else None
            number += 1
        taken.add(chosen)
        names[t.name] = chosen
    return names


def graph_returns(spec: OpSpec) -> tuple[str, ...]:
    """The outputs the Graph method returns, in order: the spec's `graph_returns`, else every
    required output in declaration order."""
    returns = spec.frontend.graph_returns
    if returns is None:
        return tuple(t.name for t in spec.required_tensors if t.role == "output")
    return (returns,) if isinstance(returns, str) else returns


def graph_params(spec: OpSpec) -> tuple[str, ...]:
    """The Graph method's tensor parameters, in order: the spec's `graph_params`, else every required
    input in declaration order."""
    if spec.frontend.graph_params is not None:
        return spec.frontend.graph_params
    return tuple(t.name for t in spec.required_tensors if t.role == "input")


def graph_returns_single(spec: OpSpec) -> bool:
    """The Graph method returns one std::shared_ptr<TensorAttributes>, not an array."""
    return isinstance(spec.frontend.graph_returns, str)


def sentence(snake: str) -> str:
    """`normalized_dim_count` -> `Normalized dim count`."""
    words = snake.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def test_case_name(*words: str) -> str:
    """gtest names are PascalCase words without underscores."""
    return "".join(pascal(w) if w.islower() or "_" in w else w for w in words)


# --- generated files ------------------------------------------------------------------------------

# Template (under templates/) -> output path (under generated/<op>/), for per-op C++ files.
# Registry fragment template stem -> file name; the name says which hipDNN file it goes into.
REGISTRY_FRAGMENTS = {
    "attribute_names.inc": "HipdnnBackendAttributeName.h.attributes.inc",
    "attribute_range.txt": "HipdnnBackendAttributeName.h.range-list.txt",
    "descriptor_type.inc": "HipdnnBackendDescriptorType.h.entry.inc",
    "operation_type.inc": "HipdnnOperationType.h.entry.inc",
    "string_attribute_names.inc": "BackendEnumStringUtils.hpp.attribute-names.inc",
    "string_descriptor_type.inc": "BackendEnumStringUtils.hpp.descriptor-type.inc",
    "string_operation_type.inc": "BackendEnumStringUtils.hpp.operation-type.inc",
    "descriptor_factory_include.inc": "DescriptorFactory.cpp.include.inc",
    "descriptor_factory_case.inc": "DescriptorFactory.cpp.case.inc",
    "node_factory_include.inc": "NodeFactory.cpp.include.inc",
    "node_factory_case.inc": "NodeFactory.cpp.case.inc",
    "operation_unpacker_include.inc": "OperationUnpacker.hpp.include.inc",
    "operation_unpacker_case.inc": "OperationUnpacker.hpp.case.inc",
    "cmake_backend_sources.txt": "backend-src-CMakeLists.txt.entries.txt",
    "cmake_backend_tests.txt": "backend-tests-CMakeLists.txt.entries.txt",
    "string_test_attribute_names.inc": "TestBackendEnumStringUtils.cpp.attribute-names.inc",
    "string_test_descriptor_type.inc": "TestBackendEnumStringUtils.cpp.descriptor-type.inc",
    "string_test_operation_type.inc": "TestBackendEnumStringUtils.cpp.operation-type.inc",
    "node_type.inc": "NodeType.hpp.entry.inc",
    "graph_include.inc": "Graph.hpp.include.inc",
    "graph_method.inc": "Graph.hpp.method.inc",
    "cmake_frontend_tests.txt": "frontend-tests-CMakeLists.txt.entries.txt",
    "cmake_integration_tests.txt": "tests-frontend-CMakeLists.txt.entries.txt",
    "schema_include.txt": "graph.fbs.include.txt",
    "schema_union_member.txt": "graph.fbs.union-member.txt",
    "cmake_schemas.txt": "flatbuffers_sdk-CMakeLists.txt.schemas.txt",
    "cmake_flatbuffers_tests.txt": "flatbuffers_sdk-tests-CMakeLists.txt.entries.txt",
    "json_graph_include.inc": "json-Graph.hpp.include.inc",
    "json_graph_enum_name.inc": "json-Graph.hpp.enum-name.inc",
    "json_graph_to_json_case.inc": "json-Graph.hpp.to-json-case.inc",
    "json_graph_from_json_case.inc": "json-Graph.hpp.from-json-case.inc",
}

# Fragments only an op that introduces an enum to hipDNN has (its type tag, conversions, tests).
ENUM_FRAGMENTS = {
    "enum_backend_include.inc": "hipdnn_backend.h.include.inc",
    "enum_type_tag.inc": "HipdnnBackendAttributeType.h.entry.inc",
    "enum_conversion_includes.inc": "DataTypeConversion.hpp.include.inc",
    "enum_conversion_declarations.inc": "DataTypeConversion.hpp.declarations.inc",
    "enum_conversion_definitions.inc": "DataTypeConversion.cpp.definitions.inc",
    "enum_attribute_utils_include.inc": "DescriptorAttributeUtils.hpp.include.inc",
    "enum_attribute_utils_declarations.inc": "DescriptorAttributeUtils.hpp.declarations.inc",
    "enum_attribute_utils_definitions.inc": "DescriptorAttributeUtils.cpp.definitions.inc",
    "enum_types_include.inc": "Types.hpp.include.inc",
    "enum_types.inc": "Types.hpp.enums.inc",
    "enum_test_conversion.inc": "TestDataTypeConversion.cpp.tests.inc",
    "enum_test_attribute_utils.inc": "TestDescriptorAttributeUtils.cpp.tests.inc",
    "enum_test_types.inc": "TestTypes.cpp.tests.inc",
}


# The fragments an op with a CPU reference adds to the test SDK's shared files.
REFERENCE_FRAGMENTS = {
    "plan_registry_key_include.inc": "PlanRegistrySignatureKey.hpp.include.inc",
    "plan_registry_key_member.inc": "PlanRegistrySignatureKey.hpp.variant-member.inc",
    "plan_builder_registry_include.inc": "PlanBuilderRegistry.hpp.include.inc",
    "cmake_test_sdk_tests.txt": "test_sdk-tests-CMakeLists.txt.entries.txt",
}


# the test SDK's FlatBuffers graph test utilities (FlatbufferGraphTestUtils.hpp): the op's
# createValid<Op>Graph() and the include of its test constants
GRAPH_TEST_UTILS_FRAGMENTS = {
    "function.inc": "FlatbufferGraphTestUtils.hpp.function.inc",
    "include.inc": "FlatbufferGraphTestUtils.hpp.include.inc",
}
GRAPH_TEST_UTILS = "test_sdk/include/hipdnn_test_sdk/utilities/FlatbufferGraphTestUtils.hpp"

# the FlatBuffers SDK's cache-key test (TestGraphContentKey.cpp): the op's cases and the include of
# the graph test utilities they build their graphs with
CACHE_KEY_TEST_FRAGMENTS = {
    "cache_key_cases.inc": "TestGraphContentKey.cpp.cases.inc",
    "cache_key_include.inc": "TestGraphContentKey.cpp.include.inc",
}
CACHE_KEY_TEST = "flatbuffers_sdk/tests/flatbuffer_utilities/TestGraphContentKey.cpp"

# the plugin SDK's engine-API version constants (PluginVersionConstants.hpp): the feature constants
# of an op or slot newer than hipDNN's baseline
VERSION_FRAGMENTS = {
    "api_version_constants.inc": "PluginVersionConstants.hpp.constants.inc",
    # computeMinimumEnginePluginApiVersion's new parameters, static versions and checks
    "api_version_parameters.inc": "PluginVersionConstants.hpp.parameters.inc",
    "api_version_versions.inc": "PluginVersionConstants.hpp.versions.inc",
    "api_version_checks.inc": "PluginVersionConstants.hpp.checks.inc",
    # the per-feature queries over the graph and their callers
    "graph_descriptor_query_declarations.inc": "GraphDescriptor.hpp.queries.inc",
    "graph_descriptor_queries.inc": "GraphDescriptor.cpp.queries.inc",
    "engine_plugin_resource_manager_flags.inc": "EnginePluginResourceManager.cpp.flags.inc",
}
GRAPH_DESCRIPTOR_HEADER = "backend/src/descriptors/GraphDescriptor.hpp"
GRAPH_DESCRIPTOR_SOURCE = "backend/src/descriptors/GraphDescriptor.cpp"
ENGINE_PLUGIN_RESOURCE_MANAGER = "backend/src/plugin/EnginePluginResourceManager.cpp"
PLUGIN_VERSION_CONSTANTS = "plugin_sdk/include/hipdnn_plugin_sdk/PluginVersionConstants.hpp"


# the plugin SDK's work model (hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp and its test): the
# op's nodeFlops overload and logicalFlops case, and its entry in the test of declared work
WORK_FRAGMENTS = {
    "node_flops.inc": "EngineFeatures.hpp.node-flops.inc",
    "logical_flops_case.inc": "EngineFeatures.hpp.logical-flops-case.inc",
    "work_test_case.inc": "TestEngineFeatures.cpp.declared-work-case.inc",
}
ENGINE_FEATURES = "plugin_sdk/include/hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp"
ENGINE_FEATURES_TESTS = "plugin_sdk/tests/heuristics/TestEngineFeatures.cpp"


def fragment_file(stem: str) -> str:
    """The file name under generated/<op>/registry/ of a fragment template stem."""
    return (REGISTRY_FRAGMENTS.get(stem) or ENUM_FRAGMENTS.get(stem) or REFERENCE_FRAGMENTS.get(stem) or GRAPH_TEST_UTILS_FRAGMENTS.get(stem)
            or CACHE_KEY_TEST_FRAGMENTS.get(stem) or VERSION_FRAGMENTS.get(stem) or WORK_FRAGMENTS[stem])


# --- the Python mirror (generated/python/, import package hipdnn_ops) ---------------------------

PYTHON_DIR = "python"
PYTHON_PACKAGE = "hipdnn_ops"

