"""add-op for a new op: derive names, allocate every number, write a spec that passes `check`.

A sequence of small named steps (names -> tensors and fields -> numbers -> YAML), each pure;
the CLI writes the result and then generates the op like any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codegen import fbs, model, naming, rules
from codegen.diagnostics import Diagnostic, Loc, SpecError
from codegen.numbering import BLOCK, NumberSpace

WORDS = {"bwd": "Backward", "fwd": "Forward"}  # op-id words whose stem spelling differs
GRADIENT_OF = {"bias", "scale", "weight", "w"}  # d<name> is an output gradient even without <name>
UID_OFFSET = 50  # test UIDs start this far into the op's attribute block (LN bwd: 3610)
# FlatBuffers type -> spec field type, from the model's one table of field types.
FBS_FIELD_TYPES = {t.fbs_type: t.name for t in model.FIELD_TYPES.values() if t.fbs_type}


def derive_stem(op: str) -> str:
    """`layernorm_bwd` -> `LayernormBackward`."""
    return "".join(WORDS.get(part, part[:1].upper() + part[1:]) for part in op.split("_"))


def op_token(stem: str) -> str:
    """`LayernormBackward` -> `LAYERNORM_BACKWARD`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", stem).upper()


def stem_snake(stem: str) -> str:
    return op_token(stem).lower()


@dataclass
class DraftEnum:
    name: str
    type_tag: str
    values: list[tuple[str, int]]


@dataclass
class DraftTensor:
    name: str
    role: str
    optional: bool
    note: str = ""  # a review comment written next to the entry
    attribute: str = ""
    id: int = 0
    uid: int = 0


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


@dataclass
class Draft:
    op: str
    stem: str
    source: str  # where tensors and fields came from
    tensors: list[DraftTensor] = field(default_factory=list)
    fields: list[DraftField] = field(default_factory=list)
    rules: list[tuple[str, list[str]]] = field(default_factory=list)
    range: tuple[int, int] = (0, 0)
    descriptor_type: tuple[str, int] = ("", 0)
    operation_type: tuple[str, int] = ("", 0)
    union_position: int = 0
    compute_attribute: str = ""
    compute_id: int = 0
    skeleton: bool = False

    @property
    def token(self) -> str:
        return op_token(self.stem)

    @property
    def table(self) -> str:
        return f"{self.stem}Attributes"

    @property
    def header(self) -> str:
        return f"{stem_snake(self.stem)}_attributes_generated.h"


# --- step 1: what the op holds ---------------------------------------------------------------


def skeleton(op: str, stem: str) -> Draft:
    draft = Draft(op, stem, "a skeleton: one input and one output; edit before use", skeleton=True)
    draft.tensors = [DraftTensor("x", "input", False), DraftTensor("y", "output", False)]
    return draft


def _guess_role(name: str, names: set[str]) -> str:
    rest = name[1:]
    if name.startswith("d") and (rest in names or rest in GRADIENT_OF):
        return "output"
    if name == "y" or name.startswith("out"):
        return "output"
    return "input"


def from_fbs(op: str, stem: str, path: Path, shown: str, table_name: str | None) -> Draft:
    schema = fbs.load(path, shown)
    table = fbs.pick_table(schema, table_name, shown)
    draft = Draft(op, stem, f"{shown}:{table.name}")
    problems: list[Diagnostic] = []
    live = [f for f in table.fields if "deprecated" not in f.attributes]
    tensor_names = {f.name.removesuffix("_tensor_uid") for f in live if f.name.endswith("_tensor_uid")}
    for f in live:
        if f.name.endswith("_tensor_uid"):
            if f.type != "long":
                problems.append(fbs.unsupported(f.loc, f"tensor UID field {f.name} must be 'long', not '{f.type}'"))
                continue
            name = f.name.removesuffix("_tensor_uid")
            role = _guess_role(name, tensor_names)
            draft.tensors.append(
                DraftTensor(name, role, f.default == "null", note=f"role '{role}' guessed from the name: review")
            )
        elif f.type in FBS_FIELD_TYPES:
            kind = FBS_FIELD_TYPES[f.type]
            draft.fields.append(DraftField(f.name, kind, default=_default(kind, f.default)))
        elif f.type in schema.enums:
            enum = schema.enums[f.type]
            tag = f"HIPDNN_TYPE_{op_token(enum.name)}"
            draft_enum = DraftEnum(enum.name, tag, enum.values)
            default = f.default if f.default in {n for n, _ in enum.values} else None
            draft.fields.append(
                DraftField(f.name, "enum", default=default, enum=draft_enum, note=f"new enum: check the type tag {tag} in HipdnnBackendAttributeType.h")
            )
        else:
            problems.append(fbs.unsupported(f.loc, f"field {f.name}: type '{f.type}' has no spec field type (long, int, float, double, bool, [long], or an enum)"))
    if not draft.tensors and not problems:
        problems.append(rules.FBS_UNSUPPORTED(table.loc, f"table {table.name} has no *_tensor_uid field; an operation needs tensors"))
    if problems:
        raise SpecError(problems)
    return draft


def _default(kind: str, text: str | None) -> Any:
    if text is None or text == "null":
        return None
    if kind == "bool":
        return text == "true"
    if kind in ("float", "double"):
        return float(text)
    if kind in ("int64", "int32"):
        return int(text)
    return None


# --- step 2: names and numbers --------------------------------------------------------------


def allocate(draft: Draft, space: NumberSpace) -> Draft:
    """Give every attribute, type, union member and test tensor a number nobody else holds."""
    low = space.next_block()
    draft.range = (low, low + BLOCK - 1)
    token = draft.token
    next_id = low
    for tensor in draft.tensors:  # declaration order, which is also the FlatBuffers field order
        tensor.attribute = f"HIPDNN_ATTR_OPERATION_{token}_{tensor.name.upper()}_EXT"
        tensor.id, next_id = next_id, next_id + 1
    for f in draft.fields:
        f.attribute = f"HIPDNN_ATTR_{token}_{f.name.upper()}_EXT"
        f.id, next_id = next_id, next_id + 1
        f.test_value = _test_value(f)
    draft.compute_attribute, draft.compute_id = f"HIPDNN_ATTR_{token}_COMP_TYPE_EXT", next_id
    draft.descriptor_type = (f"HIPDNN_BACKEND_OPERATION_{token}_DESCRIPTOR_EXT", space.next_value(space.descriptor_types))
    draft.operation_type = (f"HIPDNN_OPERATION_TYPE_{token}_EXT", space.next_value(space.operation_types))
    draft.union_position = space.next_value(space.union_positions | {0})
    uid = space.free_uid_block(low + UID_OFFSET, len(draft.tensors))
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
    return str(value)


def _test_value(f: DraftField) -> Any:
    """A value different from the default, so round-trip tests prove the field is carried."""
    if f.enum is not None:
        names = [n for n, _ in f.enum.values]
        return next((n for n in reversed(names) if n != f.default), names[0])
    if f.type == "bool":
        return not bool(f.default)
    if f.type in ("float", "double"):
        return 0.5 if f.default != 0.5 else 0.25
    if f.type == "int64_vector":
        return [1, 2]
    return 1 if f.default != 1 else 2


# --- step 3: the spec text ----------------------------------------------------------------------


def refusal(op: str, stem: str, existing: set[str], owners: dict[str, Loc]) -> str | None:
    """Why `add-op` must not create this op, or None."""
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
    return None


def render(draft: Draft, env: Any) -> str:
    return str(env.get_template("spec/op_spec.yaml.j2").render(draft=draft, yaml_value=yaml_value))
