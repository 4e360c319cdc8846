"""Every diagnostic rule the tool can report, with its stable ID and one line of purpose.

A rule is referenced in code only through the constants below, so this module is the complete
list; tests check that each rule has a negative test case pinning its message.
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen.diagnostics.diagnostics import Diagnostic, Fix, Loc, Note


@dataclass(frozen=True)
class Rule:
    id: str
    purpose: str
    severity: str = "error"
    doc: str = ""  # a longer explanation (what triggers it, how to fix it), where one was written

    def __call__(self, loc: Loc, message: str, *notes: Note, fix: Fix | None = None) -> Diagnostic:
        return Diagnostic(loc, self.id, message, self.severity, tuple(notes), fix)

    @property
    def family(self) -> str:
        """What the rules sharing this one's prefix check, and when (see FAMILIES)."""
        return next((text for prefix, text in FAMILIES.items() if self.id.startswith(prefix)), "")


ALL: dict[str, Rule] = {}


def _rule(rule_id: str, purpose: str, severity: str = "error", doc: str = "") -> Rule:
    rule = Rule(rule_id, purpose, severity, doc)
    assert rule_id not in ALL, rule_id
    ALL[rule_id] = rule
    return rule


# --- reading YAML -------------------------------------------------------------------------------
YAML_ENCODING = _rule("YAML-ENCODING", "the file is not valid UTF-8 text")
YAML_SYNTAX = _rule("YAML-SYNTAX", "the file is not well-formed YAML")
YAML_EMPTY = _rule("YAML-EMPTY", "the file holds no YAML document")
YAML_DUPLICATE_KEY = _rule(
    "YAML-DUPLICATE-KEY",
    "a mapping repeats a key (YAML would keep the last)",
    doc="Plain YAML loaders silently keep the last of two equal keys, so one of the values would be lost without a word. "
    "The message says where the key was first defined; delete or rename one of the two.",
)
YAML_ALIAS = _rule("YAML-ALIAS", "anchors and aliases are not allowed in specs")
YAML_KEY_TYPE = _rule("YAML-KEY-TYPE", "a mapping key is not a plain scalar")
YAML_TOO_DEEP = _rule("YAML-TOO-DEEP", "nesting deeper than any spec needs")
YAML_TOO_LARGE = _rule("YAML-TOO-LARGE", "more values in one document than any spec needs")
INPUT_FILE = _rule("INPUT-FILE", "a file that cannot be read: not a regular file, a link, too large or unreadable")
YAML_VALUE = _rule("YAML-VALUE", "a scalar cannot be read (bad binary, unknown tag, ...)")

# --- JSON Schema --------------------------------------------------------------------------------
SCHEMA_UNKNOWN_KEY = _rule(
    "SCHEMA-UNKNOWN-KEY",
    "a key the schema does not define",
    doc="Usually a misspelt key: the message suggests the closest allowed key (the finding carries it as a fix) "
    "or lists the allowed ones. Rename the key, or drop it if it belongs to another block.",
)
SCHEMA_MISSING_KEY = _rule("SCHEMA-MISSING-KEY", "a required key is absent")
SCHEMA_TYPE = _rule("SCHEMA-TYPE", "a value has the wrong type")
SCHEMA_ENUM = _rule(
    "SCHEMA-ENUM",
    "a value is not one of the allowed words",
    doc="The value must be one of the words the message lists; when one is close, the finding suggests it as a fix.",
)
SCHEMA_PATTERN = _rule("SCHEMA-PATTERN", "a name does not follow its naming pattern")
SCHEMA_RANGE = _rule("SCHEMA-RANGE", "a number is outside its allowed range")
SCHEMA_LENGTH = _rule("SCHEMA-LENGTH", "a list or mapping has too few or too many entries, or repeats one")
SCHEMA_FORBIDDEN_KEY = _rule("SCHEMA-FORBIDDEN-KEY", "a key that is not allowed in this context")

# --- one spec -----------------------------------------------------------------------------------
SPEC_OP_NAME = _rule("SPEC-OP-NAME", "the spec file name is not a valid op id, or ends in .yml")
SPEC_SKELETON = _rule(
    "SPEC-SKELETON",
    "the spec is add-op's unedited skeleton (skeleton: true), not yet the op",
    "error",
    "`hipdnn-codegen add-op NAME` without --from-fbs writes a skeleton marked `skeleton: true`: one input x and one "
    "output y, or for a backward op (NAME ending in _bwd or _backward) the output gradient dy and the forward input x "
    "in and the input gradient dx out; no fields, no rules, placeholder test dims. It is not the op, so while the "
    "marker is there the spec is an error: `check` fails, and `generate`, `apply` and `check --fix` write nothing. "
    "Replace the tensors with the op's own (optional ones with `optional: true`), add its fields, rules and real "
    "test_data, then delete the `skeleton: true` line and run `hipdnn-codegen add-op NAME` (or `check --fix`) to "
    "generate it. Being an error, it cannot be ignored in the configuration.",
)
SPEC_MODELINE = _rule(
    "SPEC-MODELINE",
    "an editor modeline names a schema file that is missing or differs from the tool's",
    "warning",
    "A `# yaml-language-server: $schema=PATH` line tells editors which JSON schema to validate the file with; PATH "
    "is resolved from the file's own directory. add-op writes `$schema=op_spec.schema.json` and keeps "
    "op_specs/op_spec.schema.json identical to the tool's schema (op_specs/registry.schema.json for the registry), "
    "so the modeline resolves wherever the workspace lives, also vendored into a hipDNN checkout without the tool. "
    "A modeline naming a file that does not exist, a URL, or a file that differs from `hipdnn-codegen schema` "
    "(an older or newer tool's) is reported; the fix writes the schema with `hipdnn-codegen schema --write PATH` "
    "(`--registry` for the registry), or points the modeline at the copy beside the specs. A file without a "
    "modeline is fine.",
)
SPEC_DUPLICATE_NAME = _rule("SPEC-DUPLICATE-NAME", "two tensors or fields share a name")
SPEC_DUPLICATE_ID = _rule("SPEC-DUPLICATE-ID", "two attributes of one spec share an ID")
SPEC_DUPLICATE_ATTRIBUTE = _rule(
    "SPEC-DUPLICATE-ATTRIBUTE", "two attributes of one spec share an enumerator name"
)
SPEC_RANGE_ORDER = _rule("SPEC-RANGE-ORDER", "attribute_range is empty (first > last)")
SPEC_ID_OUT_OF_RANGE = _rule("SPEC-ID-OUT-OF-RANGE", "an attribute ID lies outside attribute_range")
SPEC_RULE_UNKNOWN_TENSOR = _rule("SPEC-RULE-UNKNOWN-TENSOR", "a rule names a tensor the op lacks")
SPEC_RULE_REQUIRED_TENSOR = _rule(
    "SPEC-RULE-REQUIRED-TENSOR", "a presence rule names a required tensor, so it is always or never true"
)
SPEC_RULE_UNSATISFIABLE = _rule(
    "SPEC-RULE-UNSATISFIABLE", "the rules together forbid an optional tensor from ever being set"
)
SPEC_RULE_TENSOR_LIST = _rule(
    "SPEC-RULE-TENSOR-LIST", "a rule, inference, conformance or multi-value setter names a tensor list; they take single tensors"
)
SPEC_RULE_REPEATED_TENSOR = _rule("SPEC-RULE-REPEATED-TENSOR", "a rule names one tensor twice")
SPEC_RULE_FIELD = _rule(
    "SPEC-RULE-FIELD", "a field_range, conforms split or field inference names an unknown or non-integer field"
)
SPEC_EXPR_SYNTAX = _rule(
    "SPEC-EXPR-SYNTAX",
    "a check's or inference's expression is not well-formed",
    doc="Expressions (`requires:`, `when:`, inference `dims:`) follow the grammar in README 'The expression language'. "
    "The column points at the first token that does not fit; the fix says what was expected there ('==' not '=', "
    "'and' not '&&', '//' for division).",
)
SPEC_EXPR_NAME = _rule(
    "SPEC-EXPR-NAME",
    "an expression names a tensor, field, property, function or enum value the op lacks",
    doc="Names are the op's own tensors and fields, .rank/.dims/.strides, present()/set()/rank()/len() and "
    "Enum.VALUE. The fix offers the closest existing name.",
)
SPEC_EXPR_TYPE = _rule(
    "SPEC-EXPR-TYPE",
    "an expression combines values of the wrong types (a tensor in arithmetic, an integer as a condition, ...)",
    doc="Types are int, float, bool, dims and enum values; a tensor is read through .rank, .dims[i] or .strides. "
    "Conditions (requires, when) must be bool; an inference's dims formula must be dims.",
)
SPEC_EXPR_COMPLEX = _rule(
    "SPEC-EXPR-COMPLEX",
    "an expression is longer or nests deeper than the language allows (or holds a too large number)",
    doc="One expression is at most 400 characters and 24 levels deep, so reading it stays linear and bounded. "
    "Split a long condition into several checks, each with its own id and message.",
)
SPEC_EXPR_NEVER = _rule(
    "SPEC-EXPR-NEVER",
    "a condition reads nothing (always true or always false) or divides by zero",
    doc="A check whose condition is a constant can never fail, or always fails; name the tensor or field it is about.",
)
SPEC_WORK = _rule(
    "SPEC-WORK",
    "the op's work block is not one hipDNN's work model can publish",
    doc="`work:` declares the op's logical FLOPs as hipDNN's plugin SDK publishes them (EngineFeatures.hpp): either "
    "`flops`, a formula giving a number (a multiply-add is 2, an element-wise operation 1 per element) from required "
    "tensors' shapes and fields that always have a value, or `no_counting_convention` with the reason its logicalFlops "
    "case returns unknown; never both. `unknown_when` names optional single tensors whose presence leaves a formula's "
    "work unknown. The test graph (the required test tensors, fields at their defaults) must have a count, which "
    "the generated test entry pins. Fix: what the message says.",
)
SPEC_WORK_MISSING = _rule(
    "SPEC-WORK-MISSING",
    "the op declares no work: hipDNN's heuristic features would leave it unknown without a word",
    "warning",
    doc="hipDNN's plugin SDK publishes each node's logical work (EngineFeatures.hpp: `graph.nodes[i].flops`, "
    "`graph.flops`, `graph.flops_by_type.<Table>`) from a case per type in logicalFlops' NodeAttributes switch; a "
    "type with no case falls through to `default:` and its work is unknown, so every graph holding the op publishes "
    "no `graph.flops` at all. hipDNN's build and tests pass either way (its declared-work test lists the countable "
    "types only), which is why this is a warning and not an error: it keeps that loss from going unnoticed. A spec "
    "states the op's work on purpose: a formula, or the reason there is none. Fix: add `work: {flops: <formula>}` "
    "(by hipDNN's convention: a multiply-add is 2, an element-wise operation 1 per element, e.g. "
    "`2 * numel(x)`), or `work: {no_counting_convention: <why>}`.",
)
SPEC_CHECK_ID = _rule(
    "SPEC-CHECK-ID",
    "two checks share an id, or an id names the same generated test as another check",
    doc="A check's id names its generated negative test (PreValidateFails<Id>); ids are unique within the op.",
)
SPEC_CHECK_WHERE = _rule(
    "SPEC-CHECK-WHERE",
    "a check placed in the backend's finalize() reads more than which tensors are set (a shape or a field)",
    doc="A check placed in finalize() (`where: backend` or `both`) is compiled into the descriptor's finalize() and the "
    "mirror's; it may read only present(t). Keep shape and field checks `where: frontend`.",
)
SPEC_RULE_BOUNDS = _rule("SPEC-RULE-BOUNDS", "a field_range's constant bounds admit no value (min > max)")
SPEC_RULE_SAME_FORM = _rule(
    "SPEC-RULE-SAME-FORM", "same_form_as names a tensor that no conforms rule splits against the same tensor and field"
)
SPEC_INFER_CONFLICT = _rule("SPEC-INFER-CONFLICT", "a tensor or field is inferred twice, or from itself")
SPEC_RESERVED_IDENTIFIER = _rule(
    "SPEC-RESERVED-IDENTIFIER", "a name is a Python keyword or a name the generated code declares"
)
SPEC_ENUM_NAME = _rule(
    "SPEC-ENUM-NAME",
    "an enum is named like one of hipDNN's own types or a name the generated Python mirror defines",
    doc="The enum's name becomes a class of the Python mirror (hipdnn_ops.enums, imported into the op's module and the "
    "package) and a type of hipDNN's FlatBuffers data objects and frontend. A name those already define (DataType, "
    "Graph, Node, TensorAttributes, Status, OperationDescriptor, ..., or a Python built-in) would replace theirs: "
    "the mirror would stop importing and hipDNN would not build. Rename the enum, e.g. prefix it with the op's stem.",
)
SPEC_ENUM_DUPLICATE_NAME = _rule("SPEC-ENUM-DUPLICATE-NAME", "an enum table repeats a name")
SPEC_ENUM_DUPLICATE_VALUE = _rule("SPEC-ENUM-DUPLICATE-VALUE", "an enum table repeats a value")
SPEC_ENUM_SENTINEL = _rule("SPEC-ENUM-SENTINEL", "an enum table marks more than one sentinel")
SPEC_ENUM_NOT_SET = _rule(
    "SPEC-ENUM-NOT-SET", "an enum new to hipDNN has a non-sentinel NOT_SET (the frontend's 'not chosen' value) or only a sentinel"
)
SPEC_SCHEMA_LAYOUT = _rule(
    "SPEC-SCHEMA-LAYOUT", "flatbuffers.order does not list every tensor and field once, or an enum value does not fit the schema's byte"
)
SPEC_RETIRED = _rule(
    "SPEC-RETIRED",
    "a retired field (`retired: true`) carries what only a live field has: an enum, a default, frontend names or test data",
    doc="A retired field is a FlatBuffers slot kept as `(deprecated)` so graphs written before still read, and an "
    "attribute ID kept as a tombstone so no later attribute takes it; no API, JSON key, test or mirror entry is "
    "generated for it. It therefore keeps only name, type, attribute, id, optional and metadata. Fix: delete the key "
    "the finding names (an enum field is retired as `type: int32`).",
)
SPEC_OPERAND = _rule(
    "SPEC-OPERAND",
    "an operand mark hipDNN's header scripts refuse: work_data_dependent off a cache_uid tensor, cache_uid on a non-integer, two fields publishing one name",
    doc="hipDNN regenerates cachekey_generated.h and node_operands_generated.h from the schemas' marks with "
    "scripts/gen_cache_key.py and scripts/gen_node_operands.py, and both stop on a mark they cannot honour. The spec "
    "finds the same problems before apply: `work_data_dependent` (the tensor key, or the mark in metadata) needs the "
    "tensor's `cache_uid`; a field's `cache_uid` needs an integer or integer-vector type; and the operand visitor "
    "publishes a tensor under its UID field's name without `_tensor_uid`/`_tensor_uids` and a field under its own name, "
    "so two that come out the same would overwrite each other. Fix: keep cache_uid on a work_data_dependent tensor, "
    "drop the mark from the field, or rename one of the two.",
)
SPEC_SINCE = _rule(
    "SPEC-SINCE",
    "a tensor or field `since` earlier than its op's, or later than its op's on a required one",
    doc="hipDNN stamps min_required_engine_api_version into every serialized graph, from the features the graph uses "
    "(computeMinimumEnginePluginApiVersion in PluginVersionConstants.hpp), so an engine that predates a feature declines "
    "the graph instead of silently ignoring what it cannot read. A spec's `since` says which engine API version first "
    "reads the op (default 1.0.0, hipDNN's baseline) and each tensor or field (default: the op's). A slot cannot "
    "predate its op, and a slot newer than its op must be optional: a graph that leaves it out still reads on the "
    "engines before it, and one that sets it needs the newer engine (its version becomes a feature constant). Fix: "
    "raise the slot's `since` to the op's, or make the slot optional, or raise the op's `since`.",
)
SPEC_FIELD_VALUE = _rule(
    "SPEC-FIELD-VALUE", "a field default or test value does not fit the field's type"
)
SPEC_FRONTEND_NAME = _rule(
    "SPEC-FRONTEND-NAME", "a frontend setter names an unknown tensor or field, or two values share a getter or member"
)
SPEC_FRONTEND_OPTIONAL = _rule(
    "SPEC-FRONTEND-OPTIONAL",
    "frontend optional or required_to_pack on a tensor or a non-scalar field, or required_to_pack on a field that is not optional in the frontend or is optional in the schema",
    doc="`frontend: {optional: true}` keeps a scalar field (int64, int32, float, double, bool) in std::optional in the frontend "
    "while its schema field stays plain, as hipDNN's BlockScaleQuantizeAttributes::block_size is; `required_to_pack: true` "
    "then makes the packer refuse to pack while it is unset. A field that is `optional: true` (schema `= null`) may be left "
    "unset by definition, so it cannot be required. Remove the key, or change the field.",
)
SPEC_FRONTEND_FLAG = _rule(
    "SPEC-FRONTEND-FLAG",
    "a frontend flag or its alias reuses a name the attributes class already has, or creates something that is not an optional output",
    doc="A flag `name` becomes get_<name>()/set_<name>(bool) and a private member `name`; each alias is one more setter. "
    "None may repeat a tensor's or field's name or accessor, or another flag's. `creates` names optional single output "
    "tensors the Graph method creates when the flag is set, each named by one flag at most.",
)
SPEC_FRONTEND_FORM = _rule(
    "SPEC-FRONTEND-FORM",
    "frontend private, getter_returns or setter_forms on a tensor, private with a public member, or a setter form the field's type cannot take",
    doc="`private: true` keeps a field in a private member reached through its get_/set_ accessors (hipDNN's block-scale "
    "classes); `getter_returns: const_ref` makes the getter return `const T&`; `setter_forms` lists the setter overloads: "
    "value `set_x(T)`, const_ref `set_x(const T&)`, and for int32/int64 vectors element `set_x(E value, int32_t idx = 0)` and "
    "array `set_x(const E* values, int32_t len = 1)`, one of value or const_ref always among them. They apply to fields only.",
)
SPEC_FRONTEND_EQUALITY = _rule(
    "SPEC-FRONTEND-EQUALITY",
    "frontend equality names an unknown field, or a logical field that is not strict",
    doc="`equality: {logical: [...], strict: [...]}` generates hipDNN's CRTP hooks logicallyEqualsImpl and strictEqualsImpl "
    "comparing those fields. Each name must be a field of the op, and every logical field is strict too.",
)
SPEC_FRONTEND_COMPAT = _rule(
    "SPEC-FRONTEND-COMPAT",
    "a source-compatibility setter (frontend unsupported or forwards) reuses a name, misuses template or when, or forwards to no scalar field setter",
    doc="`unsupported` setters (hipDNN's cuDNN spellings) only record their reason with recordUnsupported; `template` names a "
    "callable's type parameter (takes: callable) and `when` makes a bool setter record only for that value. `forwards` setters "
    "call a scalar field's setter with another parameter type. Neither may reuse a name the attributes class has.",
)
SPEC_CUDNN_EXT_EXTRA = _rule(
    "SPEC-CUDNN-EXT-EXTRA",
    "a name carries _EXT although cuDNN defines the same name (the spec's cudnn key records it)",
    doc="hipDNN's names mirror cuDNN's: `_EXT` marks a name with no identical cuDNN counterpart. When the spec's `cudnn` key "
    "records a cuDNN descriptor or attribute whose text after CUDNN_ equals the hipDNN name's after HIPDNN_ (without _EXT), "
    "the hipDNN name drops _EXT. A name hipDNN gave _EXT before cuDNN defined it is listed in `cudnn.ext_predates_cudnn`.",
)
SPEC_CUDNN_EXT_MISSING = _rule(
    "SPEC-CUDNN-EXT-MISSING",
    "a name has no _EXT although cuDNN defines no name spelt like it (the spec's cudnn key records none or another name)",
    doc="A descriptor type or attribute without `_EXT` claims a cuDNN counterpart of the same name. When the spec's `cudnn` "
    "key records none for it, or a cuDNN name spelt differently, the hipDNN name ends in _EXT.",
)
SPEC_CUDNN_COMPUTE = _rule(
    "SPEC-CUDNN-COMPUTE",
    "the compute-type attribute is named MATH_PREC or COMP_TYPE against cuDNN's word for it",
    doc="cuDNN names an operation's compute type `..._MATH_PREC` (block-scale quantize and dequantize, MoE grouped matmul) or "
    "`..._COMP_TYPE` (matmul, reduction). hipDNN follows cuDNN's word where cuDNN has the attribute, and otherwise names it "
    "`HIPDNN_ATTR_<OP>_COMP_TYPE_EXT` (SDPA backward's was renamed from MATH_PREC).",
)
SPEC_CUDNN_NAME = _rule(
    "SPEC-CUDNN-NAME",
    "the cudnn key names a tensor or field the op does not have, lists a name needing no exception, or disagrees with the op's cuDNN alias",
    doc="`cudnn.backend` and `cudnn.ext_predates_cudnn` take the op's tensor and field names, `compute_type` and (the "
    "latter) `descriptor`. `cudnn.attributes` is the cudnn-frontend class the shim aliases, so it must equal the op's "
    "cuDNN-compatible alias (`frontend.cudnn_alias`, or the name derived from the stem).",
)
SPEC_GRAPH_PARAMS = _rule(
    "SPEC-GRAPH-PARAMS",
    "frontend graph_params names something other than a required single input tensor",
    doc="`graph_params` lists the Graph method's tensor parameters in order (hipDNN's batchnorm takes x, scale and bias; "
    "its epsilon is set on the attributes). Each must be a required input tensor; the rest are set by the caller.",
)
SPEC_GRAPH_CREATES = _rule(
    "SPEC-GRAPH-CREATES",
    "frontend graph_creates names something other than a returned optional output no flag creates, or graph_creates_when "
    "names an output graph_creates does not list or waits for something other than an optional input",
    doc="`graph_creates` lists optional outputs the Graph method always creates, as hipDNN's batchnorm creates mean and "
    "inv_variance. Each must be an optional single output the method returns (graph_returns) that no flag creates. "
    "`graph_creates_when: {output: [inputs]}` makes one of them conditional: the method creates it only when every "
    "listed optional input tensor is set in the attributes, and sets it to null otherwise, as hipDNN's batchnorm "
    "creates next_running_mean and next_running_variance only when prev_running_mean, prev_running_variance and "
    "momentum are set. Each output it names must be in graph_creates; each input must be an optional input tensor.",
)
SPEC_GRAPH_RETURNS = _rule(
    "SPEC-GRAPH-RETURNS",
    "frontend graph_returns names an unknown tensor, an input, a tensor list or one output twice, or leaves out a required output",
    doc="The Graph method returns its outputs: `graph_returns: y` returns that one tensor (the op must have no other "
    "required output), a list returns a std::array of the named outputs in that order, optional outputs included. "
    "Every required output is created by the method, so each must be returned.",
)
SPEC_DTYPE_GROUP = _rule(
    "SPEC-DTYPE-GROUP", "a dtypes group names an unknown tensor, repeats one, or a tensor is in no group; when_absent on or towards an unkeyed group; a key with no field; a member repeating its group's name or spelling two key fields alike"
)
SPEC_DTYPE_COMBINATION = _rule(
    "SPEC-DTYPE-COMBINATION", "a supported data-type combination misses a group, names an unknown one or type, repeats a row, or shares its key with another row (unkeyed groups)"
)
SPEC_DTYPE_KEY = _rule("SPEC-DTYPE-KEY", "the CPU reference's signature key cannot be laid out (no registry data types, or over 64 bits)")
SPEC_REFERENCE = _rule(
    "SPEC-REFERENCE", "the reference block names an unknown function, group, tensor or field, or lacks golden dims; a key_node naming the op's own table"
)
SPEC_TEST_UID_DUPLICATE = _rule("SPEC-TEST-UID-DUPLICATE", "two tensors of one op share a test UID")
SPEC_TEST_DATA_MISSING = _rule(
    "SPEC-TEST-DATA-MISSING", "a tensor or field has no test data, so tests would skip it"
)
SPEC_TEST_DATA_UNKNOWN = _rule("SPEC-TEST-DATA-UNKNOWN", "test data for a tensor or field the op lacks")
SPEC_TEST_SHAPE = _rule("SPEC-TEST-SHAPE", "test dims and strides differ in rank")
SPEC_TEST_SHAPE_RULE = _rule(
    "SPEC-TEST-SHAPE-RULE", "test data breaks the op's own same_shape, field_range or conforms rule"
)

# --- generation ---------------------------------------------------------------------------------
GEN_COVERAGE = _rule(
    "GEN-COVERAGE", "rendered code misses an attribute in a place every attribute must reach"
)
GEN_TEMPLATE = _rule("GEN-TEMPLATE", "a template fails to render (syntax error or undefined name)")

# --- across specs and the registry (hipdnn-codegen check) ------------------------------------
CHK_ATTRIBUTE_ID = _rule("CHK-ATTRIBUTE-ID", "an attribute ID is claimed twice (specs or registry)")
CHK_RANGE_OVERLAP = _rule("CHK-RANGE-OVERLAP", "two attribute ranges overlap")
CHK_SHARED_RANGE = _rule(
    "CHK-SHARED-RANGE",
    "a shared_ranges entry lies outside the op's range, names no known owner, shares nothing, or is not stated back",
    doc="hipDNN nests some blocks in others (block-scale dequantize's 2807-2899 in quantize's 2800-2899). A spec states "
    "such a share with `shared_ranges: [{with: OWNER, range: [a, b]}]`; the overlap inside it is then no CHK-RANGE-OVERLAP. "
    "The entry must lie inside the op's attribute_range, name another op (id or token) or a registry block owner whose range "
    "overlaps it, and an op named must state the share back. Fix: correct the range or the owner, add the entry to "
    "the other op, or drop it.",
)
CHK_RESERVED = _rule("CHK-RESERVED", "a number reuses a reserved or retired one")
CHK_ATTRIBUTE_NAME = _rule("CHK-ATTRIBUTE-NAME", "an attribute enumerator name is used twice")
CHK_DESCRIPTOR_TYPE = _rule("CHK-DESCRIPTOR-TYPE", "a descriptor-type value or name is used twice")
CHK_OPERATION_TYPE = _rule("CHK-OPERATION-TYPE", "an operation-type value or name is used twice")
CHK_NODE_TYPE = _rule("CHK-NODE-TYPE", "a frontend NodeType value or name is used twice")
CHK_FLATBUFFERS = _rule("CHK-FLATBUFFERS", "a FlatBuffers table name or union position is used twice")
CHK_ENUM_CONFLICT = _rule("CHK-ENUM-CONFLICT", "one enum is described differently by two specs")
CHK_TEST_UID = _rule("CHK-TEST-UID", "two ops' test tensors share a UID")
CHK_TYPE_TAG = _rule("CHK-TYPE-TAG", "a type tag a spec or the generator uses is not in the registry's type_tags")
CHK_GENERATED_NAME = _rule(
    "CHK-GENERATED-NAME", "two generated identifiers or files would clash (class, path, constant, module)"
)
CHK_NAMING_PREFIX = _rule(
    "CHK-NAMING-PREFIX", "an attribute or type name lacks the op's prefix", severity="warning"
)
CHK_EXT_SUFFIX = _rule("CHK-EXT-SUFFIX", "the _EXT suffix is used inconsistently within an op", severity="warning")
GEN_STALE = _rule(
    "GEN-STALE",
    "generated/ differs from what the specs produce",
    doc="check renders every op whose stamp no longer matches its spec and compares the result with generated/: "
    "a file is missing, differs (the text output shows the diff) or no spec produces it. "
    "Never edit generated files by hand; run `hipdnn-codegen generate` (the finding carries that command as its fix) and commit the result.",
)

# --- against a previous version (check --against REF) ------------------------------------------
BRK_VALUE_CHANGED = _rule("BRK-VALUE-CHANGED", "an attribute, descriptor-type or operation-type value or name changed")
BRK_ATTRIBUTE_REMOVED = _rule(
    "BRK-ATTRIBUTE-REMOVED", "an attribute disappeared without being moved to the registry's reserved list"
)
BRK_RESERVED_REMOVED = _rule("BRK-RESERVED-REMOVED", "a reserved entry was removed from the registry")
BRK_OPTIONAL_TO_REQUIRED = _rule("BRK-OPTIONAL-TO-REQUIRED", "an optional tensor became required")
BRK_FIELD_TYPE = _rule("BRK-FIELD-TYPE", "a field's type changed")
BRK_FLATBUFFERS_LAYOUT = _rule(
    "BRK-FLATBUFFERS-LAYOUT", "a FlatBuffers union position or field order changed, or a tensor turned into a list or back"
)
BRK_ENUM_VALUE = _rule(
    "BRK-ENUM-VALUE",
    "a value of an enum a field uses was renumbered, renamed or removed, or the enum was renamed",
    doc="An enum value's number is stored in serialized graphs and compiled into the C enum and the frontend's enum "
    "class; its name is the C and C++ spelling and, lower-cased, the JSON one. Graphs and code written before read a "
    "renumbered value as another one and a renamed or removed one not at all. Fix: keep the value as it was and add "
    "a new one, or waive the finding with a reason.",
)
BRK_TYPE_TAG = _rule(
    "BRK-TYPE-TAG",
    "the attribute type tag of an enum field changed (name, or the value of a tag the spec introduces)",
    doc="Callers pass the enum's HIPDNN_TYPE_* tag to hipdnnBackendSetAttribute/GetAttribute; code compiled against "
    "the old tag is refused or misread. Fix: keep the tag, or waive the finding with a reason.",
)
BRK_NODE_TYPE = _rule(
    "BRK-NODE-TYPE",
    "the op's graph::NodeType enumerator was renamed or renumbered",
    doc="The frontend's NodeType values are part of its API and of code that switches on them. Fix: keep the "
    "enumerator's name and value, or waive the finding with a reason.",
)
BRK_FIELD_DEFAULT = _rule(
    "BRK-FIELD-DEFAULT",
    "a field's default changed",
    doc="FlatBuffers does not store a scalar equal to its default, so a graph written before that left the field at "
    "its old default now reads the new one; the frontend's and backend's defaults change the same way. Fix: keep "
    "the default, or waive the finding with a reason.",
)
BRK_REQUIRED_TENSOR_ADDED = _rule(
    "BRK-REQUIRED-TENSOR-ADDED",
    "an op gained a required tensor",
    doc="Graphs serialized before have no UID for it, so fromNode and the node's pre-validation reject every one of "
    "them, and callers' code that never set it stops validating. Fix: make the new tensor `optional: true`, or waive "
    "the finding with a reason.",
)
BRK_JSON_KEY = _rule(
    "BRK-JSON-KEY",
    "a key hipDNN's JSON utilities write for the op is gone or moved (a tensor between inputs and outputs, a renamed field)",
    doc="hipDNN's JSON form keeps tensor UIDs under \"inputs\"/\"outputs\" by the UID field's name and the other "
    "fields beside them by name; json::to<Table> reads a required key with `at()`, so JSON written before throws. "
    "Fix: keep the name and role, or waive the finding with a reason.",
)
BRK_CACHE_KEY = _rule(
    "BRK-CACHE-KEY",
    "a schema field joined or left hipDNN's cache key, or its tensor reference mark changed",
    doc="hipDNN's cachekey_generated.h folds every field not marked (cache_ignore), and a (cache_uid) field as its "
    "tensor's ordinal instead of its value; a mark added or dropped changes every key computed for the op, so "
    "winner caches and tuned plans stored before no longer match. Fix: keep the marks, or waive the finding with a "
    "reason.",
)
BRK_WORK_FORMULA = _rule(
    "BRK-WORK-FORMULA",
    "an op's work formula changed without a bump of the registry's feature_semantics_revision",
    doc="hipDNN publishes each node's logical FLOPs (graph.nodes[i].flops, graph.flops, graph.flops_by_type.<Table>) "
    "as features its shipped heuristic models were trained on; a changed formula changes what those names mean, so "
    "hipDNN's FEATURE_SEMANTICS_REVISION (FeatureSemantics.hpp) must be bumped, which makes every model trained before "
    "refuse. Fix: raise `feature_semantics_revision` in op_specs/registry.yaml (and hipDNN's constant), or keep the formula.",
)
BRK_FEATURE_NAME = _rule(
    "BRK-FEATURE-NAME",
    "a feature name the work model publishes for an operand or field changed without a revision bump",
    doc="hipDNN's feature binder publishes every operand as graph.nodes[i].<name>.* and every scalar field as "
    "graph.nodes[i].<name>, named from the schema's field names, and the work per table as "
    "graph.flops_by_type.<Table>; shipped models read these names. Renaming one (same attribute, another name) "
    "needs a bump of FEATURE_SEMANTICS_REVISION. This rule reports an operand whose published name changed with "
    "its kind (a tensor that became a list under another name); a plain renamed tensor or field is "
    "BRK-FIELD-RENAMED's and a renamed table BRK-TABLE-RENAMED's, each with the feature as one of its notes. "
    "Fix: keep the name, or raise `feature_semantics_revision` in op_specs/registry.yaml.",
)
BRK_FIELD_RENAMED = _rule(
    "BRK-FIELD-RENAMED",
    "a tensor or field kept its attribute but its schema field has another name",
    doc="A FlatBuffers field is identified by its slot, so a renamed field (same attribute, same place) still reads "
    "from binary graphs written before; everything that knows it by name breaks: hipDNN's JSON form (json::to<Table> "
    "reads each key with `at()`, so JSON written before throws), the feature name hipDNN's binder publishes for it "
    "(graph.nodes[i].<name>, read by shipped models, unless FEATURE_SEMANTICS_REVISION goes up) and code that names "
    "the field (the FlatBuffers accessors, the frontend's setters and getters, the Python mirror's keyword). One "
    "finding per renamed field, its notes naming each of these it breaks. Fix: keep the name, or waive the finding "
    "with a reason (and raise `feature_semantics_revision` in op_specs/registry.yaml when the note says models read it).",
)
BRK_TABLE_RENAMED = _rule(
    "BRK-TABLE-RENAMED",
    "the op's FlatBuffers table has another name",
    doc="A union member is identified by its position, so a renamed table (same union position) still reads from "
    "binary graphs written before; everything that knows it by name breaks: the feature hipDNN publishes for the "
    "op's work (graph.flops_by_type.<Table>, read by shipped models, unless FEATURE_SEMANTICS_REVISION goes up) and "
    "code that names the table (the union's NodeAttributes::<Table> tag, the object API's <Table>T, the include of "
    "its generated header, the Python mirror's class). One finding, its notes naming each of these it breaks; a "
    "changed union position is BRK-FLATBUFFERS-LAYOUT's. Fix: keep the name, or waive the finding with a reason "
    "(and raise `feature_semantics_revision` in op_specs/registry.yaml when the note says models read it).",
)
BRK_FIELD_REMOVED = _rule(
    "BRK-FIELD-REMOVED",
    "a FlatBuffers field of the op's table was removed instead of retired",
    doc="FlatBuffers numbers a table's fields by declaration order, so dropping one renumbers every later field and "
    "graphs serialized before read the wrong values. Fix: keep the entry in `fields` with `retired: true` (a tensor's "
    "UID slot as `{name: <tensor>_tensor_uid, type: int64, metadata: [cache_uid], retired: true, ...}`): the schema "
    "keeps it as `(deprecated)` and its attribute ID stays taken.",
)
BRK_BASE_PARTIAL = _rule("BRK-BASE-PARTIAL", "a base-revision spec could only be compared in part (it no longer validates)", "warning")
BRK_WAIVER_EXPIRED = _rule("BRK-WAIVER-EXPIRED", "a waiver in op_specs/waivers.yaml is past its expiry date")

# --- against a hipDNN checkout (check --hipdnn-root DIR) ---------------------------------------
HDR_CONFLICT = _rule("HDR-CONFLICT", "a spec or registry number disagrees with the hipDNN checkout's headers")
HDR_REGISTRY_STALE = _rule(
    "HDR-REGISTRY-STALE",
    "a registry entry no spec owns disagrees with the hipDNN checkout given; the checkout wins",
    severity="warning",
    doc="op_specs/registry.yaml is written from one hipDNN commit; another checkout may spell or number an op that has "
    "no spec differently (resample backward's descriptor with or without _EXT). Such an entry defers to the checkout "
    "given to `check --hipdnn-root`: a warning, never an error. Fix: refresh the registry from the checkout with "
    "`hipdnn-codegen registry --hipdnn-root DIR` (the message names the command).",
)
HDR_VERSION_CEILING = _rule(
    "HDR-VERSION-CEILING",
    "the checkout's K_MAX_SUPPORTED_API_VERSION is not the highest of its engine-API feature constants",
    doc="hipDNN's plugin SDK (PluginVersionConstants.hpp) declares one engine-API version constant per "
    "feature a graph can use, and K_MAX_SUPPORTED_API_VERSION, the deserialize ceiling, which must equal the "
    "highest of them: below it, a graph using the newest feature is stamped with a version no engine is "
    "allowed to read; above it, the ceiling names a version no feature needs. `check --hipdnn-root` reports a "
    "checkout whose ceiling differs from its highest constant, at the ceiling's line (apply keeps the rule "
    "when it adds a constant, so this is a checkout edited by hand). Fix: point K_MAX_SUPPORTED_API_VERSION "
    "at the highest constant in the checkout.",
)
HDR_SCHEMA_DRIFT = _rule(
    "HDR-SCHEMA-DRIFT", "the checkout's schema of an op differs from its spec (field name, type, order, optionality, default, union position)"
)
DRIFT_API = _rule(
    "DRIFT-API",
    "a per-op file in the checkout differs at API level from what its spec generates (a class, member, accessor, method, enumerator or alias on one side only or different)",
    doc="`check --hipdnn-root DIR` reads every per-op C++ file a spec generates (the files `apply` copies) and the "
    "checkout's file at the same path with a C++ parser, and compares their public API: classes and their bases, "
    "public data members (type and default), accessors and methods (return type, parameter types, const, static; "
    "overloads told apart by their parameters), nested and namespace-scope enums with their enumerators' values, "
    "aliases, free functions and constants. Comments, formatting and declaration order are not compared, and a "
    "file the checkout does not have is not compared (it is new). The finding is on the spec; its notes give the "
    "checkout's file:line and the generated file's. It is an error: the checkout and the spec that claims to "
    "produce its files disagree, which is the drift hipDNN's CI should stop. Fix: when hipDNN's file is the truth "
    "(someone changed it by hand), change the spec until it generates that API (names, types, optionality, "
    "setters, frontend flags) and run `hipdnn-codegen generate OP`; when the spec is the truth, bring the "
    "checkout up to date with `hipdnn-codegen apply --hipdnn-root DIR OP`. `check --diff` also prints each "
    "drifted file's text diff.",
)
DRIFT_TEST = _rule(
    "DRIFT-TEST",
    "a gtest test case hipDNN's per-op test file has is missing from the generated one",
    doc="The drift gate compares the TEST/TEST_F/TEST_P/TYPED_TEST names (suite and test) of each generated test "
    "source with the checkout's file at the same path: a test hipDNN keeps that the generated file lacks would be "
    "lost by `apply`. Tests the generated file has beyond hipDNN's are not reported. An error, like DRIFT-API. "
    "Fix: give the spec what makes the generator emit that test (a rule, a tensor's optionality, test data), or "
    "keep the hand-written test in a file of its own that the generator does not own; then regenerate.",
)
DRIFT_UNREADABLE = _rule(
    "DRIFT-UNREADABLE",
    "a region of a checkout's per-op file the C++ reader cannot parse, so its API there was not compared",
    severity="warning",
    doc="The drift gate parses C++ with tree-sitter, which reads past what it does not understand; the regions it "
    "could not parse (unbalanced braces, macros that hide syntax, a file over 16 MiB or nested over 64 scopes) are "
    "named in the notes, and whatever they declare is missing from the comparison, so a DRIFT-API finding next to "
    "one may be a consequence of it. A warning: the rest of the file was compared. Fix: make the file plain C++ "
    "at those lines (hipDNN builds it, so this is usually a macro the reader does not expand), or ignore the "
    "rule for that op in the configuration once reviewed.",
)
GEN_NO_MIRROR = _rule(
    "GEN-NO-MIRROR",
    "the Python mirror is not generated: op_specs/registry.yaml lacks data_types or statuses",
    severity="warning",
)

# --- FlatBuffers schemas (add-op --from-fbs) -----------------------------------------------------
FBS_SYNTAX = _rule("FBS-SYNTAX", "the FlatBuffers schema cannot be read")
FBS_UNSUPPORTED = _rule("FBS-UNSUPPORTED", "a schema construct or field type the spec format cannot express")
FBS_INCLUDE = _rule(
    "FBS-INCLUDE", "an include that is not a bare schema file name in the schema's directory, or a chain of includes too deep to follow"
)
FBS_TABLE = _rule("FBS-TABLE", "the requested table is missing, or the schema has several and none was named")
FBS_TENSOR_ARRAY = _rule(
    "FBS-TENSOR-ARRAY", "a list of tensor UIDs is not `[long]`, or a single UID is named like a list (`*_tensor_uids`)"
)
FBS_NAME = _rule(
    "FBS-NAME", "a schema name the spec cannot use (upper case, a FlatBuffers keyword, reserved in C++ or Python, or clashing)"
)

# --- apply into a hipDNN checkout -----------------------------------------------------------------
APPLY_CONFLICT = _rule("APPLY-CONFLICT", "an entry in the checkout disagrees with the spec (same name or number, other value)")
APPLY_ENCODING = _rule("APPLY-ENCODING", "a checkout file is not UTF-8 or Latin-1 text, or cannot hold an entry's characters")
APPLY_HAND_WRITTEN = _rule(
    "APPLY-HAND-WRITTEN", "a hand-written file (without the tool's banner) sits where apply would write a generated file"
)
APPLY_STRUCTURE = _rule("APPLY-STRUCTURE", "a checkout file lacks the structure an entry is inserted into")
APPLY_SCRIPT = _rule(
    "APPLY-SCRIPT",
    "one of the checkout's header scripts (scripts/gen_cache_key.py, scripts/gen_node_operands.py) failed or ran out of time on the applied schemas",
    doc="When an apply changes a schema, hipDNN's cachekey_generated.h and node_operands_generated.h must be regenerated "
    "from graph.fbs, or the build stops at their static_assert on NodeAttributes::MAX. apply runs the checkout's own "
    "scripts on a staged copy of the schemas with the apply's changes, each within HIPDNN_CODEGEN_SCRIPT_TIMEOUT seconds "
    "(default 120), shows what they print, and writes their headers with the rest. When one fails nothing is written: "
    "its output above the finding says why (a schema mark it refuses, flatc missing or of another version). Fix that, "
    "or run the script by hand from hipDNN's directory to see it fail the same way.",
)

# --- serialized graphs (graph validate / graph convert) -----------------------------------------
GRAPH_MIRROR = _rule("GRAPH-MIRROR", "the workspace's Python mirror (generated/python) is missing or stale, so graphs cannot be read")
GRAPH_FORMAT = _rule("GRAPH-FORMAT", "the file is not a graph hipDNN could read: bad bytes (truncated, bad offsets) or JSON without a key or with a wrong type")
GRAPH_UNKNOWN_OP = _rule("GRAPH-UNKNOWN-OP", "a node holds a NodeAttributes member that is no op of this workspace")
GRAPH_STRUCTURE = _rule("GRAPH-STRUCTURE", "the graph as a whole is invalid: no nodes, or one UID on two tensors")
GRAPH_TENSOR = _rule("GRAPH-TENSOR", "a tensor its TensorDescriptor's finalize would reject (no dims, strides of another rank, UNSET data type)")
GRAPH_NODE = _rule("GRAPH-NODE", "a node its descriptor's fromNode or finalize rejects (a missing tensor, a broken pair, an unset compute type)")
GRAPH_PREVALIDATE = _rule("GRAPH-PREVALIDATE", "a node its frontend pre-validation rejects (shapes, ranges, presence)")
GRAPH_DTYPE = _rule("GRAPH-DTYPE", "a node's tensor data types match no combination its CPU reference supports (or differ within a group)")
GRAPH_JSON_NAME = _rule("GRAPH-JSON-NAME", "a value hipDNN's JSON utilities have no spelling for (they would write something else)")


# What each family of rules checks and which command reports it (`hipdnn-codegen rule ID` prints it).
FAMILIES: dict[str, str] = {
    "YAML-": "Reported while a spec or registry file is read, before anything else is checked; the file is skipped until it reads cleanly.",
    "INPUT-": "Reported while a spec or registry file is read, before anything else is checked; the file is skipped until it reads cleanly.",
    "SCHEMA-": "The JSON Schema of the spec format (codegen/schema) is checked first; the other checks of a file wait until its schema findings are fixed.",
    "SPEC-": "A check of one spec on its own, after the schema: names, numbers, rules, dtypes, the reference and test data must agree with each other.",
    "GEN-": "Reported while code is generated (generate, add-op) or while check compares generated/ with what the specs produce.",
    "CHK-": "A check across all specs and op_specs/registry.yaml, made by every command that loads the workspace: numbers and names must be unique workspace-wide.",
    "BRK-": "Reported by `check --against REF`: a change since git revision REF that breaks hipDNN's stored graphs or its API. An intended break is recorded in op_specs/waivers.yaml.",
    "HDR-": "Reported by `check --hipdnn-root DIR`: the specs disagree with the hipDNN checkout's headers or schemas.",
    "DRIFT-": "Reported by `check --hipdnn-root DIR`, the drift gate: a per-op C++ file in the checkout differs at API level from what its spec generates.",
    "FBS-": "Reported by `add-op NAME --from-fbs FILE`: the FlatBuffers schema cannot be turned into a spec as it stands.",
    "APPLY-": "Reported by `apply`: the hipDNN checkout cannot take the generated files or entries as they stand; nothing is written.",
    "GRAPH-": "Reported by `graph validate` and `graph convert`: the serialized graph is one hipDNN would reject.",
}
