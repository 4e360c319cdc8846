"""The spec is the single source of the serialized form: a schema generated from a spec, imported
again with the `add-op --from-fbs` code path, gives the same spec facts and the same schema; and
each of hipDNN's own op schemas (tests/schema_cases, modelled field for field on the real files)
survives import -> generate unchanged: names, types, defaults, `= null`, metadata, enums,
includes and order."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.hipdnn import adopt, fbs, scaffold
from codegen.views import fbsview, naming
from codegen.pipeline import render
from codegen.diagnostics.diagnostics import Loc, SpecError
from codegen.spec.model import OpSpec
from codegen.pipeline.workspace import builtin_templates, load, load_spec
from conftest import REPO
from cpp_harness import SCHEMAS

CASES = REPO / "tests" / "schema_cases"
SHARED_CASES = sorted(p for p in CASES.glob("*.fbs") if "_attributes" not in p.name)  # shared schemas: no table


def case_op(name: str) -> str:
    """`batchnorm_inference_attributes_variance_ext.fbs` -> `batchnorm_inference_variance_ext_codegen`."""
    return name.removesuffix(".fbs").replace("_attributes", "") + "_codegen"
WS = load(REPO)
ENV = render.environment([builtin_templates()])


def schema_text(spec: OpSpec) -> str:
    (text,) = [t for path, t in render.render_op(ENV, spec).items() if path.endswith(".fbs")]
    return text


def import_schema(directory: Path, name: str, text: str, op: str) -> OpSpec:
    """The spec `add-op OP --from-fbs` writes for a schema (numbers allocated against this repo)."""
    for shared in [*SCHEMAS.glob("*.fbs"), *SHARED_CASES]:
        shutil.copy(shared, directory / shared.name)
    path = directory / name
    path.write_text(text)
    draft = scaffold.from_fbs(op, scaffold.derive_stem(op), path, name, None)
    # the table is hipDNN's or a repo spec's: number it as if it were new (no other holder of the name)
    others = [s for s in WS.specs if s.flatbuffers.table != draft.table]
    registry = dataclasses.replace(WS.registry, union_members=tuple(m for m in WS.registry.union_members if m.name != draft.table))
    adopt.number(draft, others, registry, None, str, Loc(f"op_specs/{op}.yaml"))
    spec, problems = load_spec(f"op_specs/{op}.yaml", op, scaffold.render(draft, ENV).encode())
    # a draft from a schema alone has no work block: its SPEC-WORK-MISSING warning is expected here
    problems = [d for d in problems if d.rule != "SPEC-WORK-MISSING"]
    assert spec is not None and not problems, problems
    return spec


def facts(text: str) -> tuple:
    """Everything a schema says about its op's table: includes, the enums it defines, the table's
    metadata, and each field's name, type, default and metadata in order (comments, formatting
    and attribute declarations aside)."""
    schema = fbs.parse("schema.fbs", text)
    (table,) = schema.tables.values()
    fields = tuple((f.name, f.type, f.default, tuple(f.metadata_items)) for f in table.fields)
    enums = tuple((e.name, e.base, tuple(e.values)) for e in schema.enums.values())
    return (table.name, tuple(i for i, _ in schema.includes), enums, tuple(table.metadata_items), fields)


def spec_facts(spec: OpSpec) -> tuple:
    """What of a spec its schema holds (a tensor's role and a string's default are not in it, nor the
    spec's own tensor order where flatbuffers.order gives the schema another: `order` is compared)."""
    tensors = tuple(sorted((t.name, t.optional, t.metadata, t.list, naming.tensor_uid_field(t)) for t in spec.all_tensors))
    fields = tuple(
        (
            f.name,
            f.type.name,
            f.optional,
            None if f.type.name == "string" else f.default,
            f.metadata,
            None if f.enum is None else (f.enum.name, tuple((v.name, v.value) for v in f.enum.values), f.enum.schema),
        )
        for f in spec.fields
    )
    order = spec.flatbuffers.order or tuple(x.name for x in (*spec.all_tensors, *spec.fields))
    return (spec.flatbuffers.table, fbsview.build(spec).includes, spec.flatbuffers.metadata, order, tensors, fields)


def _specs() -> list[OpSpec]:
    specs = list(WS.specs)
    for case in ("valid-enum", "valid-minimal"):
        specs += load(REPO / "tests" / "cases" / case).specs
    return sorted(specs, key=lambda s: (s.path, s.op))


@pytest.mark.parametrize("spec", _specs(), ids=lambda s: s.path)
def test_every_spec_survives_schema_then_import(tmp_path, spec):
    text = schema_text(spec)
    again = import_schema(tmp_path, spec.flatbuffers.schema, text, "roundtrip_" + spec.op)
    assert spec_facts(again)[1:] == spec_facts(spec)[1:]
    assert facts(schema_text(again)) == facts(text)


HIPDNN_SCHEMAS = sorted(p.name for p in CASES.glob("*_attributes*.fbs"))


@pytest.mark.parametrize("name", HIPDNN_SCHEMAS)
def test_hipdnn_schema_survives_import_then_generate(tmp_path, name):
    original = (CASES / name).read_text()
    spec = import_schema(tmp_path, name, original, case_op(name))
    assert facts(schema_text(spec)) == facts(original)


def test_every_hipdnn_schema_is_held():
    """Every hipDNN op schema is held; SDPA forward's, the last, once its mma_core_mode could take
    hipDNN's own DataType (data_types.fbs) as its enum."""
    assert len(HIPDNN_SCHEMAS) == 24


def test_sdpa_forward_mma_core_mode_is_hipdnns_data_type(tmp_path):
    """The field keeps data_types.fbs's DataType (not an enum of the op's own), UNSET its sentinel,
    and the tag hipDNN gives DataType attributes."""
    spec = import_schema(tmp_path, "sdpa_attributes.fbs", (CASES / "sdpa_attributes.fbs").read_text(), "sdpa_codegen")
    field = next(f for f in spec.fields if f.name == "mma_core_mode")
    assert field.enum is not None and naming.is_data_type(field.enum)
    assert (field.enum.schema, field.enum.type_tag, field.default) == ("data_types.fbs", "HIPDNN_TYPE_DATA_TYPE", "UNSET")
    assert [v.name for v in field.enum.values if v.sentinel] == ["UNSET"]
    assert '"data_types.fbs"' in schema_text(spec)


def test_a_field_typed_with_another_of_hipdnns_own_types_is_refused_at_the_field(tmp_path):
    """Only DataType, from data_types.fbs, is taken: an included schema's enum named like another of
    hipDNN's own types (the frontend's ErrorCode) cannot be held, and is refused at the field."""
    (tmp_path / "codes.fbs").write_text("namespace hipdnn_flatbuffers_sdk.data_objects;\n\nenum ErrorCode : byte {\n    OK = 0,\n    BAD = 1,\n}\n")
    text = (
        'include "codes.fbs";\n\nnamespace hipdnn_flatbuffers_sdk.data_objects;\n\n'
        "table ThingAttributes {\n    x_tensor_uid: long;\n    y_tensor_uid: long;\n    code: ErrorCode = OK;\n}\n"
    )
    with pytest.raises(SpecError) as caught:
        import_schema(tmp_path, "thing_attributes.fbs", text, "thing")
    assert [(d.rule, d.loc.line) for d in caught.value.diagnostics] == [("FBS-UNSUPPORTED", 8)]
    assert "field code: its type ErrorCode (codes.fbs) is one of hipDNN's own types" in caught.value.diagnostics[0].message


# --- generated random tables --------------------------------------------------------------------

NAMES = st.sampled_from(["alpha", "beta", "gamma", "delta", "eps", "zeta", "theta", "kappa", "lam", "sigma"])
TENSOR_METADATA = st.sampled_from([("cache_uid",), ("cache_uid", "work_data_dependent"), ("cache_uid", 'umd_name: "t"')])
SCALARS = {"long": st.integers(-(2**40), 2**40).map(str), "int": st.integers(-1000, 1000).map(str), "float": st.sampled_from(["0.5", "1e-05", "-2.25"]), "double": st.sampled_from(["0.125", "3.0"]), "bool": st.sampled_from(["true", "false"])}


@st.composite
def tables(draw):
    names = draw(st.lists(NAMES, min_size=2, max_size=7, unique=True))
    tensor_count = draw(st.integers(2, len(names)))  # the first two required: an op has an input and an output
    lines, attributes = [], {"cache_uid"}
    enum_used = False
    for index, name in enumerate(names):
        if index < tensor_count:
            metadata = draw(TENSOR_METADATA)
            attributes |= {m.split(":")[0] for m in metadata}
            form = draw(st.sampled_from(["single", "optional", "list", "list named _uid"])) if index >= 2 else "single"
            if form.startswith("list"):  # a tensor list, under hipDNN's two spellings of its field
                suffix = "_tensor_uid" if form == "list named _uid" else "_tensor_uids"
                lines.append(f"    {name}{suffix}: [long] ({', '.join(metadata)});")
                continue
            null = " = null" if form == "optional" else ""
            lines.append(f"    {name}_tensor_uid: long{null} ({', '.join(metadata)});")
            continue
        kind = draw(st.sampled_from(["long", "int", "float", "double", "bool", "[long]", "[int]", "[ubyte]", "string", "enum"]))
        if kind == "enum":
            enum_used = True
            default = draw(st.sampled_from(["", " = LOW", " = HIGH"]))
            lines.append(f"    {name}: RandomMode{default};")
        elif kind in SCALARS:
            default = draw(st.sampled_from(["", " = null", " = " + draw(SCALARS[kind])]))
            lines.append(f"    {name}: {kind}{default};")
        else:
            lines.append(f"    {name}: {kind};")
    order = draw(st.permutations(lines))
    head = "".join(f'attribute "{a}";\n' for a in sorted(attributes - {"umd_name"}) + (["umd_name"] if "umd_name" in attributes else []))
    enum = "enum RandomMode : byte {\n    LOW = 0,\n    HIGH = 1,\n}\n\n" if enum_used else ""
    return f"{head}\nnamespace hipdnn_flatbuffers_sdk.data_objects;\n\n{enum}table RandomAttributes {{\n" + "\n".join(order) + "\n}\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=tables())
def test_random_tables_survive_import_then_generate(tmp_path, text):
    spec = import_schema(tmp_path, "random_attributes.fbs", text, "random_codegen")
    assert facts(schema_text(spec)) == facts(text)
