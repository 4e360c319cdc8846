"""add-op for a new op: derive names, allocate every number, write a spec that passes `check`.

A sequence of small named steps (names -> tensors and fields -> numbers -> YAML), each pure;
the CLI writes the result and then generates the op like any other.
"""

from __future__ import annotations

import builtins

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping


from codegen.plumbing import escape, storage
from codegen.hipdnn import fbs
from codegen.views import fbsview, naming
from codegen.spec import model
from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc, SpecError
from codegen.checks.numbering import BLOCK, NumberSpace

WORDS = {"bwd": "Backward", "fwd": "Forward"}  # op-id words whose stem spelling differs
GRADIENT_OF = {"bias", "scale", "weight", "w", "x", "q", "k", "v"}  # d<name> is a gradient even without <name>
OUTPUT_LIKE = re.compile(r"(y|o|out|output)(_?[0-9]+)?")  # forward results: y, o, out, out_0, output
UID_OFFSET = 50  # test UIDs start this far into the op's attribute block (LN bwd: 3610)
# FlatBuffers type -> spec field type, from the model's one table of field types.
FBS_FIELD_TYPES = {t.fbs_type: t.name for t in model.FIELD_TYPES.values() if t.fbs_type}
SCALAR_TYPES = ("int64", "int32", "float", "double", "bool")  # the types a `= null` field may have
TENSOR_MARKS = ("cache_uid", "umd_input_tensor", "umd_output_tensor")
UMD_ROLES = {"umd_input_tensor": "input", "umd_output_tensor": "output"}
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
PASCAL = re.compile(r"[A-Z][A-Za-z0-9]*")
UPPER = re.compile(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*")
MAX_NAME, MAX_ATTRIBUTE = 64, 120  # the spec schema's limits
MAX_ENUM_VALUES = 256  # the spec schema's limit on an enum's values (a test keeps the two equal)
INT32 = (-(2**31), 2**31 - 1)  # an enum value's range in the spec schema
# Words FlatBuffers reserves for declarations and types; a schema name must not be one.
FBS_KEYWORDS = frozenset(
    "table struct enum union namespace include attribute root_type file_identifier file_extension rpc_service "
    "native_include bool byte ubyte short ushort int uint float long ulong double int8 uint8 int16 uint16 "
    "int32 uint32 int64 uint64 float32 float64 string".split()
)


def derive_stem(op: str) -> str:
    """`layernorm_bwd` -> `LayernormBackward`."""
    return "".join(WORDS.get(part, part[:1].upper() + part[1:]) for part in op.split("_"))


def stem_from_table(op: str, table: str) -> str | None:
    """hipDNN's own stem from a schema's table (`RMSNormBackwardAttributes` -> `RMSNormBackward`),
    when the table names the op (its words are the op id's, BWD/BACKWARD alike); else None."""
    stem = table.removesuffix("Attributes")
    if stem == table:
        return None
    return stem if stem_names_op(op, stem) else None


def stem_names_op(op: str, stem: str) -> bool:
    """A PascalCase stem whose words are the op id's, BWD/BACKWARD and FWD/FORWARD alike
    (`SdpaBwd` and `SdpaBackward` both name sdpa_bwd)."""
    if not PASCAL.fullmatch(stem):
        return False
    spelled = lambda token: "".join(WORDS.get(w.lower(), w).upper() for w in token.split("_"))  # noqa: E731
    return spelled(op_token(stem)) == spelled(op.upper())


def op_token(stem: str) -> str:
    """`LayernormBackward` -> `LAYERNORM_BACKWARD`."""
    return naming.upper_snake(stem)


def stem_snake(stem: str) -> str:
    return op_token(stem).lower()


@dataclass
class DraftEnum:
    name: str
    type_tag: str
    values: list[tuple[str, int]]
    loc: Loc | None = None
    sentinels: set[str] = field(default_factory=set)  # taken from another spec's identical enum
    tag_value: int | None = None  # allocated when hipDNN does not have the enum yet
    schema: str | None = None  # the shared schema defining it (None: the op's own schema)


@dataclass
class DraftTensor:
    name: str
    role: str
    optional: bool
    note: str = ""  # a review comment written next to the entry
    attribute: str = ""
    id: int = 0
    uid: int = 0
    loc: Loc | None = None  # the schema field it came from
    guessed: str = ""  # why the role was guessed (empty: the schema's metadata or the caller's roles gave it)
    given_by: str = ""  # who gave the role when it was passed in (e.g. "the checkout's Graph method")
    metadata: list[str] = field(default_factory=lambda: list(model.TENSOR_METADATA))
    list: bool = False  # a tensor list ([long] UIDs)
    uid_field: str = ""  # the schema's UID field name where it is not the derived one
    description: str = ""  # the checkout's doc comment on its accessor (cxx_api.doc_text)

    @property
    def work_data_dependent(self) -> bool:
        """The schema's (work_data_dependent) mark, which the spec writes as its own key."""
        return model.WORK_MARK in self.metadata

    @property
    def spec_metadata(self) -> "builtins.list[str]":
        """The UID field's metadata as the spec writes it: without the mark its own key gives."""
        return [m for m in self.metadata if m != model.WORK_MARK]

    @property
    def own_metadata(self) -> bool:
        """Whether the UID field's metadata differs from the default the spec leaves unsaid."""
        return tuple(self.spec_metadata) != model.TENSOR_METADATA


@dataclass
class DraftField:
    name: str
    type: str
    default: Any = None
    enum: DraftEnum | None = None
    note: str = ""
    attribute: str = ""
    id: int = 0
    test_value: Any = None
    optional: bool = False
    loc: Loc | None = None
    metadata: list[str] = field(default_factory=list)
    retired: bool = False  # a (deprecated) slot
    description: str = ""  # the checkout's doc comment on its member or accessor (cxx_api.doc_text)


@dataclass
class Draft:
    op: str
    stem: str
    source: str  # where tensors and fields came from
    tensors: list[DraftTensor] = field(default_factory=list)
    fields: list[DraftField] = field(default_factory=list)
    rules: list[tuple[str, list[str] | str]] = field(default_factory=list)  # kind, its tensors (or its flow mapping's text)
    proposed: list[tuple[str, list[str] | str]] = field(default_factory=list)  # the rules propose_checks added
    proposed_checks: list[dict[str, str]] = field(default_factory=list)  # the checks propose_checks added (minimum ranks)
    inferences: list[tuple[str, str, str]] = field(default_factory=list)  # (output, from, why)
    field_inferences: list[tuple[str, str]] = field(default_factory=list)  # (field, the tensor its conforms rule splits)
    formulas: list[dict[str, str]] = field(default_factory=list)  # infer: {tensor, when, dims, strides} from the checkout's node
    checks: list[dict[str, Any]] = field(default_factory=list)  # {id, requires, message} or {same_shape: [...]}: the checkout node's
    uninferred: list[str] = field(default_factory=list)  # outputs no inference rule gives dims
    range: tuple[int, int] = (0, 0)
    descriptor_type: tuple[str, int] = ("", 0)
    operation_type: tuple[str, int] = ("", 0)
    node_type: tuple[str, int] = ("", 0)
    union_position: int = 0
    compute_attribute: str = ""
    compute_id: int = 0
    skeleton: bool = False
    fbs_table: str = ""  # the schema's table name (default: <stem>Attributes)
    fbs_header: str = ""  # flatc's header for the schema file (default: <stem_snake>_attributes_generated.h)
    loc: Loc | None = None  # the schema table
    review: list[str] = field(default_factory=list)  # other guesses to review, one line each
    adopted_from: str = ""  # the checkout the numbers were adopted from (empty: allocated)
    includes: list[str] = field(default_factory=list)  # the schema's includes
    order: list[str] = field(default_factory=list)  # the table's order, when not tensors then fields
    table_metadata: list[str] = field(default_factory=list)
    shared: list[tuple[str, tuple[int, int]]] = field(default_factory=list)  # shared_ranges: (owner, range)
    cxx: Any = None  # adopt_cxx.Facts: the checkout's frontend names (None: all derived)
    constants_prefix: str | None = None  # the checkout's test constants prefix when not K_<STEM>_
    test_shapes: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)  # tensor -> (dims, strides)
    by_value: set[str] = field(default_factory=set)  # test tensors set by value (a node check asks it: validateScalarParameter)
    test_dtypes: dict[str, str] = field(default_factory=dict)  # test tensors of another data type than FLOAT (a node check asks it)
    constants_namespace: str | None = None  # the checkout's test constants namespace of the op's own
    shapes_prefix: str | None = None  # the checkout's shared-shape prefix when not <constants_prefix>TENSOR_
    shared_shapes: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)  # shape -> (dims, strides)
    shape_names: dict[str, str] = field(default_factory=dict)  # tensor -> the shared shape it takes
    field_constants: list[str] | None = None  # the fields with a header constant, when not every field has one
    backend_getters: dict[str, str] = field(default_factory=dict)  # tensor -> the backend descriptor's getter, where not derived
    from_node_missing_optional: str | None = None  # leave_null when the checkout's fromNode() leaves a missing optional tensor unset
    description: str = ""  # the checkout's doc comment on the Attributes class (cxx_api.doc_text)

    def shape(self, name: str) -> str:
        by_value = ", pass_by_value: true" if name in self.by_value else ""
        by_value += f", dtype: {self.test_dtypes[name]}" if name in self.test_dtypes else ""
        if name in self.shape_names:
            return f"shape: {self.shape_names[name]}{by_value}"
        dims, strides = self.test_shapes.get(name, ([2, 3], [3, 1]))
        return f"dims: [{', '.join(map(str, dims))}], strides: [{', '.join(map(str, strides))}]{by_value}"

    def access(self, name: str) -> str:
        """The `frontend: {...}` of a tensor or field the checkout names otherwise (empty: derived)."""
        given = self.cxx.access.get(name) if self.cxx is not None else None
        if not given:
            return ""
        return "{" + ", ".join(f"{k}: {yaml_value(v)}" for k, v in given.items()) + "}"

    @property
    def token(self) -> str:
        return op_token(self.stem)

    @property
    def table(self) -> str:
        return self.fbs_table or f"{self.stem}Attributes"

    @property
    def header(self) -> str:
        return self.fbs_header or f"{stem_snake(self.stem)}_attributes_generated.h"

    @property
    def backward(self) -> bool:
        return is_backward(self.op, self.stem)

    def name_attributes(self) -> None:
        """The enumerator names (pure functions of the op token and the tensor and field names)."""
        token = self.token
        for tensor in self.tensors:
            tensor.attribute = f"HIPDNN_ATTR_OPERATION_{token}_{tensor.name.upper()}_EXT"
        for f in self.fields:
            f.attribute = f"HIPDNN_ATTR_{token}_{f.name.upper()}_EXT"
        self.compute_attribute = f"HIPDNN_ATTR_{token}_COMP_TYPE_EXT"
        self.descriptor_type = (f"HIPDNN_BACKEND_OPERATION_{token}_DESCRIPTOR_EXT", self.descriptor_type[1])
        self.operation_type = (f"HIPDNN_OPERATION_TYPE_{token}_EXT", self.operation_type[1])
        self.node_type = (token, self.node_type[1])

    def summary(self) -> list[str]:
        """The closing review list: every guessed role and every other guess."""
        guessed = [t for t in self.tensors if t.guessed]
        lines: list[str] = []
        if guessed:
            lines.append(f"tensor roles guessed from names (the schema gives no umd_input_tensor/umd_output_tensor); review them:")
            lines += [f"  {t.name}: {t.role} ({t.guessed})" for t in guessed]
        given = [t for t in self.tensors if not t.guessed and not t.given_by]
        if given and not self.skeleton:
            lines.append("tensor roles from the schema's metadata: " + ", ".join(f"{t.name} {t.role}" for t in given))
        for source in sorted({t.given_by for t in self.tensors if t.given_by}):
            lines.append(f"tensor roles from {source}: " + ", ".join(f"{t.name} {t.role}" for t in self.tensors if t.given_by == source))
        if self.inferences:
            lines.append("output shapes inferred from names (the spec's inference:); review them:")
            lines += [f"  {target} from {source} ({why})" for target, source, why in self.inferences]
        if self.rules:
            lines.append("checks proposed (the spec's rules:, what hipDNN's nodes check of gradients); review them:")
            lines += [f"  {kind}: {tensors if isinstance(tensors, str) else '[' + ', '.join(tensors) + ']'}" for kind, tensors in self.rules]
        if self.proposed_checks:
            lines.append("checks proposed (the spec's checks:, the minimum rank hipDNN's nodes ask of required inputs); review them:")
            lines += [f"  {c['id']}: {c['requires']}" for c in self.proposed_checks]
        if self.uninferred:
            lines.append("outputs nothing infers: a graph must give them dims, or add an inference rule:")
            lines += [f"  {name}" for name in self.uninferred]
        if self.review:
            lines.append("also review:")
            lines += [f"  {line}" for line in self.review]
        return lines


def is_backward(op: str, stem: str) -> bool:
    return op.split("_")[-1] in ("bwd", "backward") or stem.endswith(("Backward", "Bwd"))


# --- step 1: what the op holds ---------------------------------------------------------------


def skeleton(op: str, stem: str) -> Draft:
    """A placeholder to edit. A backward op gets hipDNN's backward shape (RMSNorm, resample and
    convolution backward: the output gradient dy and forward tensors in, the input gradient dx out)."""
    if is_backward(op, stem):
        draft = Draft(op, stem, "a skeleton: the output gradient and forward input in, the input gradient out; edit before use", skeleton=True)
        draft.tensors = [
            DraftTensor("dy", "input", False, note="gradient of the forward output"),
            DraftTensor("x", "input", False, note="the forward input"),
            DraftTensor("dx", "output", False, note="gradient of the forward input"),
        ]
        return draft
    draft = Draft(op, stem, "a skeleton: one input and one output; edit before use", skeleton=True)
    draft.tensors = [DraftTensor("x", "input", False), DraftTensor("y", "output", False)]
    return draft


def _gradient_target(name: str, names: set[str]) -> str | None:
    """`dx` -> `x`, `d_o` -> `o`: the tensor a gradient name refers to, or None."""
    for prefix in ("d_", "d"):
        rest = name[len(prefix):]
        if name.startswith(prefix) and rest and (rest in names or rest in GRADIENT_OF or OUTPUT_LIKE.fullmatch(rest)):
            return rest
    return None


def guess_role(name: str, names: set[str], backward: bool) -> tuple[str, str]:
    """(role, why) from a tensor's name; `names` are the op's other tensors."""
    target = _gradient_target(name, names)
    if target is not None and OUTPUT_LIKE.fullmatch(target):
        return "input", f"gradient of the forward output {target}: a backward op reads it"
    if target is not None:
        return "output", f"gradient of the forward input {target}: a backward op produces it"
    if backward:
        return "input", "a forward tensor, which a backward op reads"
    if OUTPUT_LIKE.fullmatch(name):
        return "output", "named like an output"
    return "input", "not named like an output"


def _name_problem(kind: str, name: str, cpp_member: bool) -> str | None:
    """Why a schema name cannot become a spec name, or None."""
    if name in FBS_KEYWORDS:
        return f"{kind} name '{name}' is a FlatBuffers keyword; rename it in the schema"
    if any(c.isupper() for c in name):
        return f"{kind} name '{name}' has upper-case letters; spec names are lower snake_case (C++ and Python names are derived from them)"
    if not SNAKE.fullmatch(name):
        return f"{kind} name '{name}' is not snake_case (lower-case words joined by single underscores)"
    if len(name) > MAX_NAME:
        return f"{kind} name '{name}' is longer than {MAX_NAME} characters"
    reason = naming.reserved_reason(name, bare_in_cpp=cpp_member, bare_in_python=cpp_member)
    if reason is not None:
        return f"{kind} name '{name}' is reserved: {reason}"
    return None


def _is_tensor_uid(f: fbs.FbsField, marked_table: bool) -> bool:
    if any(mark in f.metadata for mark in TENSOR_MARKS) or f.name.endswith("_tensor_uids"):
        return True
    if marked_table:  # the table marks its UIDs, so an unmarked *_tensor_uid is a plain value
        return False
    return f.name.endswith(("_tensor_uid", "_tensor_uids"))


def from_fbs(
    op: str, stem: str, path: Path, shown: str, table_name: str | None, roles: Mapping[str, str] | None = None, roles_from: str = "the checkout's Graph method"
) -> Draft:
    """The draft spec of a schema's table. Tensor roles come from the schema's umd_input_tensor /
    umd_output_tensor marks, else from `roles` (tensor name -> "input"/"output", e.g. what the
    checkout's Graph method takes and returns; `roles_from` says so in the review list), else are
    guessed from the names."""
    schema = fbs.load(path, shown)
    table = fbs.pick_table(schema, table_name, shown)
    header = f"{path.name.rsplit('.', 1)[0]}_generated.h"
    draft = Draft(op, stem, f"{shown}:{table.name}", fbs_table=table.name, fbs_header=header, loc=table.name_loc or table.loc)
    problems: list[Diagnostic] = list(schema.problems)
    table_loc = table.name_loc or table.loc
    if not PASCAL.fullmatch(table.name) or len(table.name) > MAX_NAME:
        problems.append(rules.FBS_NAME(table_loc, f"table name '{table.name}' must be PascalCase (at most {MAX_NAME} characters): the spec uses it for C++ class names"))
    elif (reason := naming.reserved_reason(table.name)) is not None:
        problems.append(rules.FBS_NAME(table_loc, f"table name '{table.name}' is reserved: {reason}"))
    if not re.fullmatch(r"[a-z][a-z0-9_]*_generated\.h", header):
        problems.append(rules.FBS_NAME(Loc(shown), f"schema file name '{path.name}' gives flatc's header '{header}'; name the file in lower snake_case"))
    # a (deprecated) field is a retired slot: kept in the table (leaving it out would renumber every
    # later field), imported as a `retired: true` field whatever it held, a tensor UID included
    live = [f for f in table.fields if "deprecated" not in f.metadata]
    marked = any(mark in f.metadata for f in live for mark in TENSOR_MARKS)
    uid_fields = [f for f in live if _is_tensor_uid(f, marked)]
    tensor_names = {_tensor_name(f.name) for f in uid_fields}
    backward = is_backward(op, stem)
    seen: dict[str, Loc] = {}
    draft.includes = [name for name, _ in schema.includes]
    draft.table_metadata = _metadata(table.metadata_items, table_loc, problems)
    for f in table.fields:
        name: str | None = None
        if f not in live:
            item = _field(f, schema, problems)
            if item is not None:
                item.retired, item.default, item.note = True, None, "a retired slot (deprecated in the schema): no API, its attribute ID a tombstone"
                if item.enum is not None:  # its values would have nowhere to live: the slot keeps the number
                    item.enum, item.type = None, "int32"
                draft.fields.append(item)
                name = item.name
        elif f in uid_fields:
            tensor = _tensor(f, tensor_names, backward, problems, roles or {}, roles_from)
            if tensor is not None:
                draft.tensors.append(tensor)
                name = tensor.name
        else:
            item = _field(f, schema, problems)
            if item is not None:
                draft.fields.append(item)
                name = item.name
                if f.name.endswith("_tensor_uid") and item.type == "int64":
                    draft.review.append(
                        f"{f.name}: named like a tensor UID but has no (cache_uid) while the table's UIDs do; imported as an int64 field"
                    )
        if name is not None:
            if name in seen:
                problems.append(rules.FBS_NAME(f.loc, f"'{name}' is already a tensor or field name of this table (line {seen[name].line})"))
            seen[name] = f.loc
            (draft.tensors[-1] if f in uid_fields else draft.fields[-1]).metadata = [
                m for m in _metadata(f.metadata_items, f.loc, problems) if m != "deprecated"
            ]
    written = list(seen)
    if written != [t.name for t in draft.tensors] + [d.name for d in draft.fields]:
        draft.order = written  # the table interleaves tensors and fields
    if draft.tensors and all(t.role == "input" for t in draft.tensors) and all(t.guessed for t in draft.tensors):
        # an op needs an output and no name looked like one: hipDNN's tables list outputs last
        last = next((t for t in reversed(draft.tensors) if not t.optional and not t.list), draft.tensors[-1])
        last.role, last.guessed = "output", "no tensor is named like an output; the table's last required tensor is taken"
        last.note = "role 'output' guessed: no tensor is named like an output; review"
    infer_outputs(draft)
    draft.name_attributes()
    for drafted in draft.fields:
        if drafted.attribute == draft.compute_attribute:
            problems.append(rules.FBS_NAME(drafted.loc or table_loc, f"field name '{drafted.name}' would be named like the compute-type attribute {drafted.attribute}"))
    for attribute, loc in [(t.attribute, t.loc) for t in draft.tensors] + [(d.attribute, d.loc) for d in draft.fields]:
        if len(attribute) > MAX_ATTRIBUTE:
            problems.append(rules.FBS_NAME(loc or table_loc, f"attribute name {attribute} would be longer than {MAX_ATTRIBUTE} characters"))
    if len(draft.tensors) + len(draft.fields) + 1 > BLOCK:
        problems.append(rules.FBS_UNSUPPORTED(table_loc, f"table {table.name} has more attributes than a {BLOCK}-attribute block holds"))
    if not draft.tensors and not problems:
        problems.append(rules.FBS_UNSUPPORTED(table.loc, f"table {table.name} has no tensor UID field (*_tensor_uid or (cache_uid)); an operation needs tensors"))
    if not problems:
        size = _spec_size(draft)
        if size > storage.MAX_SPEC_BYTES:
            problems.append(
                rules.FBS_UNSUPPORTED(
                    table_loc,
                    f"the spec of table {table.name} would be about {size} bytes, past the limit of {storage.MAX_SPEC_BYTES} bytes of "
                    "a spec file (each enum field writes its enum's values); split the table or share fewer large enums",
                )
            )
    if problems:
        raise SpecError(problems)
    return draft


def _spec_size(draft: Draft) -> int:
    """The size of the spec `draft` renders to, measured on a copy numbered in an empty workspace
    with the built-in template (real numbers differ by a few digits: SIZE_MARGIN covers them), so an
    oversized spec is refused before anything is numbered or written."""
    import copy

    from codegen.pipeline import render as rendering
    from codegen.families import builtin_templates

    trial = allocate(copy.deepcopy(draft), NumberSpace([], None))
    return len(render(trial, rendering.environment([builtin_templates()])).encode("utf-8")) + SIZE_MARGIN


SIZE_MARGIN = 4096  # bytes: numbers of a busy workspace are longer than an empty one's


def infer_outputs(draft: Draft) -> None:
    """An inference rule for each single output whose shape its name gives: a gradient `dx` has
    the shape of `x` (dims and strides copied when empty, as hipDNN's backward nodes infer dx from
    x); `dbias` of an op without a bias tensor that of `scale` (a norm's bias is shaped like its
    scale, as layernorm backward infers it). Every other output is listed (and noted in the spec):
    a graph must give it dims, or the spec an inference rule, before a graph of it validates."""
    inputs = {t.name for t in draft.tensors if t.role == "input" and not t.list}
    names = {t.name for t in draft.tensors}
    for tensor in draft.tensors:
        if tensor.role != "output" or tensor.list:
            continue
        target = _gradient_target(tensor.name, names - {tensor.name})
        if target in inputs:
            draft.inferences.append((tensor.name, target, f"gradient of {target}"))
        elif target == "bias" and "bias" not in names and "scale" in inputs:
            draft.inferences.append((tensor.name, "scale", "gradient of a bias shaped like scale; the op has no bias tensor"))
        else:
            draft.uninferred.append(tensor.name)  # the spec notes it beside the tensor
    propose_checks(draft)


def propose_checks(draft: Draft) -> None:
    """The checks add-op can derive: a gradient has its tensor's shape (hipDNN's backward nodes
    refuse dx unlike x and dscale/dbias unlike scale), one same_shape rule per source tensor over
    the outputs inferred from it; each is listed for review."""
    groups: dict[str, list[str]] = {}
    for target, source, _ in draft.inferences:
        groups.setdefault(source, []).append(target)
    for source, targets in groups.items():
        if not any(kind == "same_shape" and source in tensors for kind, tensors in draft.rules):
            draft.rules.append(("same_shape", [source, *targets]))
            draft.proposed.append(draft.rules[-1])
    rank = minimum_rank(draft.op)
    if rank is None:
        return
    for tensor in draft.tensors:
        if tensor.role != "input" or tensor.optional or tensor.list or (draft.backward and _saved_statistic(tensor.name)):
            continue
        check = {"id": f"{tensor.name.replace('_', '-')}-min-rank", "requires": f"ndims({tensor.name}) >= {rank}",
                 "message": f"{tensor.name} must have at least {rank} dimensions"}
        if not any(c.get("id") == check["id"] for c in draft.checks):
            draft.checks.append(check)
            draft.proposed_checks.append(check)


def _saved_statistic(name: str) -> bool:
    """A statistic the forward op saved (mean, variance, inv_variance, inv_rms): hipDNN's backward
    norm nodes ask no minimum rank of it (RMSNormBackwardNode, id 55559800251, leaves inv_rms out)."""
    return name.startswith("inv_") or name in ("mean", "variance")


def minimum_rank(op: str) -> int | None:
    """The minimum rank hipDNN's nodes ask of every required input of an op of this kind but a
    backward op's saved statistics (outputs are inferred and optional inputs checked only when
    set, so neither gets one): 2 for the normalizations over a channel or a normalized shape
    beside a batch (BatchnormInferenceNode, id 56306661018: x, scale, bias, mean and variance;
    RMSNormBackwardNode, id 55559800251: x, dy and scale). LayerNormNode (id 55065081562) and the block-scale nodes (ids 55314973148,
    55181828366) ask 1 of x, which a check cannot fail (one reading empty dims holds): None."""
    words = op.lower().split("_")
    if any(w.endswith("norm") and w != "layernorm" for w in words):
        return 2
    return None


def _metadata(items: list[str], loc: Loc, problems: list[Diagnostic]) -> list[str]:
    """Metadata as the spec holds it (schema syntax); an item it cannot hold is reported."""
    for item in items:
        if not fbsview.METADATA_ITEM.match(item):
            problems.append(fbs.unsupported(loc, f"metadata '{item}' has no spec form (a flag, a number or a quoted string of letters, digits and _ .,:/+-)"))
    return [i for i in items if fbsview.METADATA_ITEM.match(i)]


def _tensor_name(uid_field: str) -> str:
    """The spec name of a tensor (or tensor list) from its UID field: peer_stats_tensor_uid -> peer_stats."""
    return uid_field.removesuffix("_tensor_uids").removesuffix("_tensor_uid")


def _tensor(
    f: fbs.FbsField, names: set[str], backward: bool, problems: list[Diagnostic], given: Mapping[str, str], given_by: str
) -> DraftTensor | None:
    listed = f.type.startswith("[")
    if listed and f.type != "[long]":
        problems.append(rules.FBS_TENSOR_ARRAY(f.loc, f"field {f.name}: a list of tensor UIDs must be '[long]', not '{f.type}'"))
        return None
    if not listed and f.type != "long":
        problems.append(fbs.unsupported(f.loc, f"tensor UID field {f.name} must be 'long', not '{f.type}'"))
        return None
    if not listed and f.name.endswith("_tensor_uids"):
        problems.append(rules.FBS_TENSOR_ARRAY(f.loc, f"field {f.name} is named like a list of tensor UIDs but holds one; declare it '[long]' or name it <tensor>_tensor_uid"))
        return None
    if not f.name.endswith(("_tensor_uid", "_tensor_uids") if listed else "_tensor_uid"):
        suffix = "<tensor>_tensor_uids (or _tensor_uid)" if listed else "<tensor>_tensor_uid"
        problems.append(rules.FBS_NAME(f.loc, f"tensor UID field {f.name} must be named {suffix}: the generated code reads that field"))
        return None
    name = _tensor_name(f.name)
    if (problem := _name_problem("tensor", name, cpp_member=False)) is not None:
        problems.append(rules.FBS_NAME(f.loc, problem))
        return None
    roles = [UMD_ROLES[m] for m in UMD_ROLES if m in f.metadata]
    if len(roles) > 1:
        problems.append(fbs.unsupported(f.loc, f"field {f.name} is marked both umd_input_tensor and umd_output_tensor"))
        return None
    optional = f.default == "null"
    uid_field = f.name if listed and f.name != f"{name}_tensor_uids" else ""
    if roles:
        return DraftTensor(name, roles[0], optional, loc=f.loc, list=listed, uid_field=uid_field)
    if given.get(name) in model.ROLES:
        return DraftTensor(name, given[name], optional, loc=f.loc, list=listed, uid_field=uid_field, given_by=given_by)
    role, why = guess_role(name, names - {name}, backward)
    return DraftTensor(name, role, optional, note=f"role '{role}' guessed from the name: review", loc=f.loc, guessed=why,
                       list=listed, uid_field=uid_field)


def _field(f: fbs.FbsField, schema: fbs.Schema, problems: list[Diagnostic]) -> DraftField | None:
    if (problem := _name_problem("field", f.name, cpp_member=True)) is not None:
        problems.append(rules.FBS_NAME(f.loc, problem))
        return None
    optional = f.default == "null"
    if f.type in FBS_FIELD_TYPES:
        kind = FBS_FIELD_TYPES[f.type]
        if optional and kind not in SCALAR_TYPES:
            problems.append(fbs.unsupported(f.loc, f"field {f.name}: an optional (= null) {f.type} has no spec form; only scalars can be optional"))
            return None
        try:
            default = None if optional else _default(kind, f.default)
        except ValueError as exc:
            problems.append(fbs.unsupported(f.loc, f"field {f.name}: default {f.default}: {exc}"))
            return None
        return DraftField(f.name, kind, default=default, optional=optional, loc=f.loc)
    if f.type in schema.enums:
        enum = schema.enums[f.type]
        bad = [n for n, _ in enum.values if not UPPER.fullmatch(n)]
        if not PASCAL.fullmatch(enum.name) or bad:
            what = f"value names {', '.join(bad)} are" if bad else f"name {enum.name} is"
            problems.append(rules.FBS_NAME(enum.loc, f"enum {enum.name}: {what} not in the spec's form (PascalCase enum, UPPER_SNAKE_CASE values)"))
            return None
        data_type = enum.name == naming.DATA_TYPE and enum.file == naming.DATA_TYPE_SCHEMA  # hipDNN's own DataType
        if not data_type and (reason := naming.enum_name_clash(enum.name)) is not None:
            if enum.file is not None:  # an included schema's enum: hipDNN's own, not the schema's to rename
                problems.append(
                    fbs.unsupported(
                        f.loc,
                        f"field {f.name}: its type {enum.name} ({enum.file}) is {reason}; a spec's enum field defines its "
                        f"own enum, so a field of that type cannot be held",
                    )
                )
            else:
                problems.append(rules.FBS_NAME(enum.loc, f"enum name '{enum.name}' is {reason}; rename the enum in the schema"))
            return None
        if len(enum.values) > MAX_ENUM_VALUES:
            problems.append(fbs.unsupported(enum.loc, f"enum {enum.name} has {len(enum.values)} values; a spec's enum holds at most {MAX_ENUM_VALUES}"))
            return None
        wide = [n for n, v in enum.values if not INT32[0] <= v <= INT32[1]]
        if wide:
            problems.append(fbs.unsupported(enum.loc, f"enum {enum.name}: values {', '.join(wide[:8])}{' ...' if len(wide) > 8 else ''} are outside the 32-bit range of hipDNN's C enums"))
            return None
        if optional:
            problems.append(fbs.unsupported(f.loc, f"field {f.name}: an optional (= null) enum has no spec form; give it a default value"))
            return None
        tag = naming.new_type_tag(enum.name)
        names = [n for n, _ in enum.values]
        default = f.default
        if default is not None and default not in names:
            by_value = {str(v): n for n, v in enum.values}
            if default not in by_value:
                problems.append(fbs.unsupported(f.loc, f"field {f.name}: default {default} is not a value of enum {enum.name}"))
                return None
            default = by_value[default]
        return DraftField(
            f.name,
            "enum",
            default=default,
            enum=DraftEnum(enum.name, tag, enum.values, enum.loc, schema=enum.file,
                           sentinels={naming.DATA_TYPE_SENTINEL} if data_type else set()),
            loc=f.loc,
        )
    known = ", ".join(FBS_FIELD_TYPES)
    hint = ""
    if schema.missing_includes and not f.type.startswith("["):
        hint = "; it may be defined in " + ", ".join(sorted({i for i, _ in schema.missing_includes})) + ", which is not next to the schema"
    problems.append(fbs.unsupported(f.loc, f"field {f.name}: type '{f.type}' has no spec field type ({known}, or an enum){hint}"))
    return None


def _default(kind: str, text: str | None) -> Any:
    """The spec default for a schema default; ValueError when the text does not fit the type."""
    if text is None:
        return None
    if kind == "bool":
        if text not in ("true", "false", "0", "1"):
            raise ValueError("expected true or false")
        return text in ("true", "1")
    if kind in ("float", "double"):
        value = float(text)
        if not math.isfinite(value):
            raise ValueError("the spec holds finite numbers only")
        return value
    value_range = model.FIELD_TYPES[kind].value_range
    if value_range is not None:
        value = int(text, 0)
        if not value_range[0] <= value <= value_range[1]:
            raise ValueError(f"does not fit in {kind}")
        return value
    if kind == "string":
        return text[1:-1] if text.startswith('"') else text
    raise ValueError(f"a {kind} field takes no default")


# --- step 2: names and numbers --------------------------------------------------------------


def allocate(draft: Draft, space: NumberSpace) -> Draft:
    """Give every attribute, type, union member and test tensor a number nobody else holds."""
    draft.name_attributes()
    low = space.next_block()
    draft.range = (low, low + BLOCK - 1)
    next_id = low
    for tensor in draft.tensors:  # declaration order, which is also the FlatBuffers field order
        tensor.id, next_id = next_id, next_id + 1
    for f in draft.fields:
        f.id, next_id = next_id, next_id + 1
    draft.compute_id = next_id
    draft.descriptor_type = (draft.descriptor_type[0], space.next_value(space.descriptor_types))
    draft.operation_type = (draft.operation_type[0], space.next_value(space.operation_types))
    draft.node_type = (draft.node_type[0], space.next_value(space.node_types))
    draft.union_position = space.next_value(space.union_positions | {0})
    return test_numbers(draft, space)


def test_numbers(draft: Draft, space: NumberSpace) -> Draft:
    """Test values for the fields and a free run of test UIDs inside the op's block."""
    for f in draft.fields:
        f.test_value = _test_value(f)
    uid = space.free_uid_block(draft.range[0] + UID_OFFSET, len(draft.tensors))
    for offset, tensor in enumerate(draft.tensors):
        tensor.uid = uid + offset
    return draft


def yaml_value(value: Any) -> str:
    """A scalar or list as YAML 1.1 reads it back (floats always carry a '.', e.g. 1.0e-05)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = repr(value)
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + (f"e{exponent}" if e else "")
    if isinstance(value, list):
        return "[" + ", ".join(yaml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return escape.yaml_string(value)
    return str(value)


def _test_value(f: DraftField) -> Any:
    """A value different from the default, so round-trip tests prove the field is carried."""
    if f.enum is not None:
        names = [n for n, _ in f.enum.values]
        if f.enum.name == naming.DATA_TYPE and f.enum.schema == naming.DATA_TYPE_SCHEMA and f.default != "HALF" and "HALF" in names:
            return "HALF"  # a DataType every side names alike (hipDNN's own SdpaFwd test sets it, id 55412860728)
        return next((n for n in reversed(names) if n != f.default), names[0])
    if f.type == "bool":
        return not bool(f.default)
    if f.type in ("float", "double"):
        return 0.5 if f.default != 0.5 else 0.25
    if f.type.endswith("_vector"):
        return [1, 2]
    if f.type == "string":
        return "value" if f.default != "value" else "other"
    return 1 if f.default != 1 else 2


# --- step 3: the spec text ----------------------------------------------------------------------


def refusal(op: str, stem: str, existing: dict[str, str], owners: dict[str, Loc]) -> str | None:
    """Why `add-op` must not create this op, or None. `existing` maps op ids to their stems."""
    if not naming.OP_ID.match(op):
        return f"op name '{op}' must be snake_case, e.g. layernorm_bwd"
    if op in naming.RESERVED_OP_IDS or op in naming.MIRROR_MODULES:
        return f"'{op}' is a reserved name; pick another"
    if op in existing:
        return f"op '{op}' already exists"
    for word in {op.upper(), op_token(stem)}:
        if word in owners:
            return f"'{op}' clashes with the registry owner {word} ({owners[word]})"
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", stem):
        return f"stem '{stem}' must be PascalCase"
    for other, other_stem in sorted(existing.items()):
        if other_stem.casefold() == stem.casefold():
            same = "is" if other_stem == stem else f"differs only in letter case from {other_stem},"
            return f"stem '{stem}' {same} the stem of op '{other}' (its class and file names would collide); pass another --stem"
    return None


def render(draft: Draft, env: Any) -> str:
    text = str(env.get_template("spec/op_spec.yaml.j2").render(draft=draft, yaml_value=yaml_value, s=escape.yaml_string))
    return _with_exact_api(text, draft)


def _test_data_keys(draft: Draft) -> list[str]:
    """test_data's keys for the checkout's constants namespace, shared shapes and field constants."""
    lines: list[str] = []
    if draft.constants_namespace:
        lines.append(f"  constants_namespace: {escape.yaml_string(draft.constants_namespace)}")
    if draft.shapes_prefix:
        lines.append(f"  shapes_prefix: {escape.yaml_string(draft.shapes_prefix)}")
    if draft.shared_shapes:
        lines.append("  shapes:")
        for name, (dims, strides) in draft.shared_shapes.items():
            lines.append(f"    {escape.yaml_string(name)}: {{dims: {yaml_value(dims)}, strides: {yaml_value(strides)}}}")
    if draft.field_constants is not None:
        lines.append(f"  field_constants: [{', '.join(escape.yaml_string(f) for f in draft.field_constants)}]")
    return lines


def _with_exact_api(text: str, draft: Draft) -> str:
    """The checkout's exact-API keys (constructor, graph_params, graph_creates, equality) appended
    to the spec's frontend block, which is opened when the names left none."""
    lines = text.split("\n")
    keys = _test_data_keys(draft)
    if keys and "test_data:" in lines:  # after its comment and constants_prefix lines
        at = lines.index("test_data:") + 1
        while at < len(lines) and (lines[at].startswith("  #") or lines[at].startswith("  constants_prefix:")):
            at += 1
        lines[at:at] = keys
    exact = list(draft.cxx.exact) if draft.cxx is not None else []
    if not exact:
        return "\n".join(lines)
    if "frontend:" in lines:
        at = lines.index("frontend:") + 1
        while at < len(lines) and lines[at].startswith("  "):
            at += 1
        return "\n".join(lines[:at] + exact + lines[at:])
    at = lines.index("tensors:")
    block = ["", "# hipDNN's frontend names where they differ from the derived ones (read from the checkout)", "frontend:", *exact]
    while at > 0 and lines[at - 1] == "":
        at -= 1  # the block goes after the blank line before tensors:, one blank line each side
    return "\n".join(lines[:at] + block + lines[at:])
