"""The serialized form of an op, derived from its spec: the FlatBuffers table (field names, types,
defaults, metadata, order), the enums its schema defines, the schemas it includes and the
attributes it declares, plus what the JSON utilities read and write.

The schema template, the JSON utility templates, the drift check against a checkout's schema and
the round-trip tests all read this one view, so the layout is decided in one place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from codegen.views import naming
from codegen.spec.model import EnumDef, Field, OpSpec, Tensor

# Metadata flatc knows without an `attribute` declaration (a schema must not declare these).
BUILTIN_ATTRIBUTES = frozenset(
    "id deprecated required key hash force_align bit_flags nested_flatbuffer flexbuffer original_order "
    "shared native_inline native_default native_custom_alloc native_type cpp_type cpp_ptr_type cpp_str_type".split()
)
METADATA_NAME = re.compile(r"^([a-z_][a-z0-9_]*)")
# One metadata item the spec can hold (its schema's fbs_metadata pattern): a flag, a number or a
# quoted string of plain characters.
METADATA_ITEM = re.compile(r'^[a-z_][a-z0-9_]{0,63}(: (-?[0-9]{1,19}|"[A-Za-z0-9_ .,:/+-]{0,120}"))?$')


@dataclass(frozen=True)
class FbsFieldView:
    name: str  # the schema field name (a tensor's is <tensor>_tensor_uid)
    type: str  # "long", "[int]", "string", an enum name
    default: str | None  # the text after `=` ("null" for optional values), None for none
    metadata: tuple[str, ...]
    source: str  # the spec tensor or field name
    tensor: Tensor | None = None
    field: Field | None = None
    retired: bool = False  # a (deprecated) slot: in the table, read and written by nothing

    @property
    def optional(self) -> bool:
        return self.default == "null"

    @property
    def kind(self) -> str:
        """How the JSON utility moves the value: scalar, enum, vector or string."""
        if self.field is None:
            return "vector" if self.tensor is not None and self.tensor.list else "scalar"
        if self.field.enum is not None:
            return "enum"
        if self.field.type.is_vector:
            return "vector"
        return "string" if self.field.type.name == "string" else "scalar"

    @property
    def value_type(self) -> str:
        """The C++ value type (enums unqualified: they live in the schema's namespace)."""
        if self.field is None:
            return "std::vector<int64_t>" if self.tensor is not None and self.tensor.list else "int64_t"
        return self.field.enum.name if self.field.enum is not None else self.field.type.cpp_type

    @property
    def json_object(self) -> str:
        """The JSON object holding the value: a tensor's under "inputs" or "outputs"."""
        if self.tensor is None:
            return "entry"
        return naming.frontend_map(self.tensor)

    @property
    def line(self) -> str:
        """The field as the schema declares it, without indentation."""
        text = f"{self.name}: {self.type}"
        if self.default is not None:
            text += f" = {self.default}"
        if self.metadata:
            text += f" ({', '.join(self.metadata)})"
        return text + ";"


@dataclass(frozen=True)
class FbsEnumView:
    name: str
    values: tuple[tuple[str, int], ...]

    @property
    def json_names(self) -> tuple[tuple[str, str], ...]:
        """(value, its JSON spelling) for the JSON utility's enum map."""
        return tuple((name, naming.json_enum_string(name)) for name, _ in self.values)


@dataclass(frozen=True)
class SchemaView:
    file: str  # e.g. layernorm_backward_attributes.fbs
    table: str
    includes: tuple[str, ...]
    attributes: tuple[str, ...]  # the `attribute "x";` declarations the metadata needs
    metadata: tuple[str, ...]  # the table's
    enums: tuple[FbsEnumView, ...]  # the enums this schema defines
    fields: tuple[FbsFieldView, ...]  # in table order
    json_includes: tuple[str, ...]  # JSON utilities naming the enums of included schemas

    @property
    def inputs(self) -> tuple[FbsFieldView, ...]:
        return tuple(f for f in self.fields if f.tensor is not None and f.tensor.role == "input")

    @property
    def outputs(self) -> tuple[FbsFieldView, ...]:
        return tuple(f for f in self.fields if f.tensor is not None and f.tensor.role == "output")

    @property
    def required_tensors(self) -> tuple[FbsFieldView, ...]:
        """Single required tensors: a JSON reader must find each of them."""
        return tuple(f for f in (*self.inputs, *self.outputs) if not f.optional and f.kind != "vector")

    @property
    def tensor_lists(self) -> tuple[FbsFieldView, ...]:
        return tuple(f for f in self.fields if f.tensor is not None and f.tensor.list)

    @property
    def vectors(self) -> tuple[FbsFieldView, ...]:
        """Fields the JSON reader builds before the table: vectors, tensor lists among them."""
        return tuple(f for f in self.fields if f.kind == "vector")

    @property
    def values(self) -> tuple[FbsFieldView, ...]:
        """The non-tensor fields (written at the top level of the node's JSON object)."""
        return tuple(f for f in self.fields if f.field is not None)


def number_text(value: float | int | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return repr(float(value))


def _field_default(f: Field) -> str | None:
    if f.optional:
        return "null"
    if f.default is None or f.type.is_vector or f.type.name == "string":
        # a vector's or string's default lives in the frontend: flatc's object API ignores a string
        # default, and flatc copies its text unescaped into the C++ it writes
        return None
    if f.enum is not None:
        return str(f.default)
    return number_text(f.default)


def field_type(f: Field) -> str:
    return f.enum.name if f.enum is not None else f.type.fbs_type


def _entries(spec: OpSpec) -> dict[str, FbsFieldView]:
    entries: dict[str, FbsFieldView] = {}
    for t in spec.all_tensors:
        kind = "[long]" if t.list else "long"  # a list is never `= null`: empty is absent
        entries[t.name] = FbsFieldView(naming.tensor_uid_field(t), kind, "null" if t.optional else None, t.metadata, t.name, tensor=t)
    for f in spec.fields:
        entries[f.name] = FbsFieldView(f.name, field_type(f), _field_default(f), f.metadata, f.name, field=f)
    if spec.retired and not spec.flatbuffers.order:  # each slot where the spec lists it
        placed = dict(spec.retired_after)
        ordered: dict[str, FbsFieldView] = {}
        first = [f.name for f in spec.retired if placed[f.name] == ""]
        names = list(entries)
        split = len(spec.all_tensors)
        sequence = names[:split] + first
        for name in names[split:]:
            sequence.append(name)
            sequence += [f.name for f in spec.retired if placed[f.name] == name]
        retired_names = {f.name for f in spec.retired}
        # a slot after another retired slot follows it
        for f in spec.retired:
            if placed[f.name] in retired_names:
                sequence.insert(sequence.index(placed[f.name]) + 1, f.name)
        for name in sequence:
            ordered[name] = entries.get(name) or _retired_view(spec, name)
        return ordered
    for f in spec.retired:
        entries[f.name] = _retired_view(spec, f.name)
    return entries


def _retired_view(spec: OpSpec, name: str) -> FbsFieldView:
    f = next(r for r in spec.retired if r.name == name)
    default = "null" if f.optional else None
    return FbsFieldView(f.name, f.type.fbs_type, default, (*f.metadata, "deprecated"), f.name, retired=True)


def _enums(spec: OpSpec, defined_here: bool) -> tuple[EnumDef, ...]:
    """The enums the op's own schema defines (no `schema` of their own), or those a shared schema
    it includes defines; once each, in field order."""
    seen: dict[str, EnumDef] = {}
    for f in spec.fields:
        if f.enum is not None and (f.enum.schema is None) == defined_here:
            seen.setdefault(f.enum.name, f.enum)
    return tuple(seen.values())


def build(spec: OpSpec) -> SchemaView:
    entries = _entries(spec)
    order = spec.flatbuffers.order or tuple(entries)
    fields = tuple(entries[name] for name in order if name in entries)
    includes = list(spec.flatbuffers.includes)
    shared = [e.schema for e in _enums(spec, defined_here=False) if e.schema is not None]
    includes += [s for s in dict.fromkeys(shared) if s not in includes]
    used = {m.group(1) for item in (*spec.flatbuffers.metadata, *(m for f in fields for m in f.metadata)) if (m := METADATA_NAME.match(item))}
    return SchemaView(
        file=spec.flatbuffers.schema,
        table=spec.flatbuffers.table,
        includes=tuple(includes),
        attributes=tuple(sorted(used - BUILTIN_ATTRIBUTES)),
        metadata=spec.flatbuffers.metadata,
        enums=tuple(FbsEnumView(e.name, tuple((v.name, v.value) for v in e.values)) for e in _enums(spec, defined_here=True)),
        fields=fields,
        # DataType's JSON names are in json/Common.hpp, always included (id 65504244315)
        json_includes=tuple(sorted({naming.schema_json_include(s) for s in shared if s != naming.DATA_TYPE_SCHEMA})),
    )
