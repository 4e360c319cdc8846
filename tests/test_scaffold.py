"""add-op for new ops: allocation that check accepts, --from-fbs cases, refusals, dry runs."""

from __future__ import annotations

import json

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.hipdnn import hipdnn_headers
from codegen.views import naming
from codegen.checks.numbering import NumberSpace
from codegen.pipeline.workspace import load
from conftest import REPO, UPDATE, run_cli
from cpp_harness import LINK_STUBS, build_and_run, compile_all, declared_tests, op_units

FBS_CASES = Path(__file__).resolve().parent / "fbs_cases"
FBS_DIRS = sorted(p for p in FBS_CASES.iterdir() if (p / "input.fbs").is_file())


@pytest.mark.parametrize("case", FBS_DIRS, ids=[p.name for p in FBS_DIRS])
def test_from_fbs_case(case, workspace):
    """`add-op OP --from-fbs input.fbs[:TABLE] --dry-run` prints exactly expected.txt.

    OP is groupnorm_bwd, or the op id in op.txt; TABLE comes from table.txt; every other .fbs file of
    the case is copied next to input.fbs (an include)."""
    for schema in case.glob("*.fbs"):
        shutil.copy(schema, workspace / schema.name)
    table = (case / "table.txt").read_text().strip() if (case / "table.txt").exists() else ""
    op = (case / "op.txt").read_text().strip() if (case / "op.txt").exists() else "groupnorm_bwd"
    source = "input.fbs" + (f":{table}" if table else "")
    result = run_cli("add-op", op, "--from-fbs", source, "--dry-run", cwd=workspace)
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(result.out + result.err)
        pytest.fail(f"rewrote {expected}")
    assert result.out + result.err == expected.read_text()
    assert result.code == (0 if "error[" not in result.out else 1)
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert not (workspace / "op_specs" / f"{op}.yaml").exists()


def test_new_op_from_fbs_passes_check_compiles_and_mirrors(workspace):
    shutil.copy(FBS_CASES / "layernorm-like" / "input.fbs", workspace / "input.fbs")
    before = load(workspace)
    space = NumberSpace(before.specs, before.registry)  # the numbers add-op must allocate
    low = space.next_block()
    first = run_cli("add-op", "groupnorm_bwd", "--from-fbs", "input.fbs", cwd=workspace)
    assert first.code == 0, first.out + first.err
    assert "created  op_specs/groupnorm_bwd.yaml" in first.out
    second = run_cli("add-op", "groupnorm_bwd", cwd=workspace)
    assert second.code == 0 and "generated/ is up to date (1 op(s) and the Python mirror)" in second.out
    check = run_cli("check", cwd=workspace)
    assert check.code == 0, check.out
    ws = load(workspace)
    spec = ws.spec("groupnorm_bwd")
    assert spec.attribute_range == (low, low + 99)
    assert spec.descriptor_type.value == space.next_value(space.descriptor_types)
    assert spec.operation_type.value == space.next_value(space.operation_types)
    assert [t.uid for t in spec.test_tensors] == list(range(low + 50, low + 58))
    # The generated C++ of the new op compiles against the interface headers ...
    generated = workspace / "generated"
    sources, flags = op_units(sorted(ws.specs, key=lambda s: s.op), generated, workspace / "stubs", ["groupnorm_bwd"])
    for result in compile_all(sources, flags):
        assert result.returncode == 0, result.stderr[:3000]
    # ... and its Python mirror passes its own generated tests.
    env = dict(os.environ, PYTHONPATH=str(generated / "python"), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-p", "test_groupnorm_bwd.py"],
        cwd=generated / "python",
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]


SKELETON_BWD = Path(__file__).resolve().parent / "golden" / "skeleton_groupnorm_bwd.yaml"


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_backward_skeleton_is_backward_shaped_and_says_to_edit_then_check(workspace):
    """add-op on a _bwd name: dy and x in, dx out (hipDNN's backward ops), marked skeleton; only the
    spec (and the schema its modeline names) is written, and the hint says edit, then check."""
    forward = run_cli("add-op", "groupnorm", "--dry-run", cwd=workspace).out  # a forward op keeps x -> y
    assert "{name: x," in forward and "{name: y," in forward and "name: dy" not in forward
    before = _tree(workspace / "generated")
    result = run_cli("add-op", "groupnorm_bwd", cwd=workspace)
    assert result.code == 0, result.out + result.err
    assert result.out == (
        "created  op_specs/groupnorm_bwd.yaml\n"
        "next:\n"
        "  edit op_specs/groupnorm_bwd.yaml: the op's own tensors, fields, rules and test_data; then delete its `skeleton: true` line\n"
        "  hipdnn-codegen check --fix op_specs/groupnorm_bwd.yaml    (generates the op once the spec is no longer a skeleton)\n"
    )
    assert "apply" not in result.out
    text = (workspace / "op_specs" / "groupnorm_bwd.yaml").read_text()
    if UPDATE:
        SKELETON_BWD.write_text(text)
        pytest.fail(f"rewrote {SKELETON_BWD}")
    assert text == SKELETON_BWD.read_text()
    assert _tree(workspace / "generated") == before  # nothing generated from a placeholder
    spec = load(workspace).spec("groupnorm_bwd")
    assert [(t.name, t.role) for t in spec.all_tensors] == [("dy", "input"), ("x", "input"), ("dx", "output")]


SKELETON_FINDING = (
    "op_specs/groupnorm_bwd.yaml:8:11: error[SPEC-SKELETON]: an unedited skeleton from add-op, not yet the op "
    "(nothing is generated or applied from it): replace its tensors (dy, x, dx) with the op's own and fill in fields, "
    "rules and test_data; it has no fields or rules yet; then delete the `skeleton: true` line\n"
)


def test_an_unedited_skeleton_fails_check_generate_and_apply_writing_nothing(workspace, tmp_path):
    assert run_cli("add-op", "groupnorm_bwd", cwd=workspace).code == 0
    generated = _tree(workspace / "generated")
    check = run_cli("check", cwd=workspace)
    assert (check.code, check.out) == (1, SKELETON_FINDING)
    found = json.loads(run_cli("check", "--format", "json", cwd=workspace).out)
    fixes = [d["fix"] for d in found["findings"] if d["rule"] == "SPEC-SKELETON"]
    assert fixes == [{"description": "edit the spec's tensors, fields, rules and test_data into the op's own, then delete the `skeleton: true` line", "command": None, "replacement": None, "edits": []}]
    for args in (["check", "--fix"], ["generate"], ["generate", "groupnorm_bwd"], ["add-op", "groupnorm_bwd"]):
        refused = run_cli(*args, cwd=workspace)
        assert refused.code == 1 and refused.out == SKELETON_FINDING, args
    assert _tree(workspace / "generated") == generated
    checkout = tmp_path / "hipdnn"
    shutil.copytree(REPO / "tests" / "fixtures" / "hipdnn_tree", checkout)
    pristine = _tree(checkout)
    for ops in (["groupnorm_bwd"], [], ["layernorm_bwd"]):
        applied = run_cli("apply", "--hipdnn-root", str(checkout), *ops, cwd=workspace)
        assert applied.code == 1 and applied.out == SKELETON_FINDING, ops
    assert _tree(checkout) == pristine


def test_once_edited_and_unmarked_the_skeleton_generates_and_passes_check(workspace):
    assert run_cli("add-op", "groupnorm_bwd", cwd=workspace).code == 0
    path = workspace / "op_specs" / "groupnorm_bwd.yaml"
    text = path.read_text()
    edited = text.replace("skeleton: true\n", "").replace("# rules: presence and shape rules, e.g.\n", "rules:\n  - same_shape: [dy, x, dx]\n# ")
    assert edited != text and "skeleton" not in yaml_keys(edited)
    path.write_text(edited)
    fixed = run_cli("check", "--fix", str(path), cwd=workspace)
    assert fixed.code == 0, fixed.out + fixed.err
    assert (workspace / "generated" / "groupnorm_bwd").is_dir()
    check = run_cli("check", cwd=workspace)
    assert check.code == 0 and "SPEC-SKELETON" not in check.out, check.out


def yaml_keys(text: str) -> list[str]:
    import yaml

    return list(yaml.safe_load(text))


def test_new_specs_modeline_resolves_from_the_spec_in_any_workspace(workspace):
    """The modeline names a path relative to the spec; add-op keeps the schema there, identical to
    `hipdnn-codegen schema`, so an editor finds it wherever the workspace lives."""
    assert run_cli("add-op", "groupnorm_bwd", cwd=workspace).code == 0
    spec = workspace / "op_specs" / "groupnorm_bwd.yaml"
    first = spec.read_text().splitlines()[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    target = (spec.parent / first[len(prefix):]).resolve()
    assert target.is_file()
    assert target.read_text() == run_cli("schema", cwd=workspace).out == (REPO / "codegen" / "spec" / "schema" / "op_spec.schema.json").read_text()
    import jsonschema
    import yaml

    jsonschema.validate(yaml.safe_load(spec.read_text()), json.loads(target.read_text()))


def test_schema_write_is_write_if_changed(tmp_path):
    target = tmp_path / "deep" / "op_spec.schema.json"
    assert run_cli("schema", "--write", str(target), cwd=tmp_path).out == f"wrote {target}\n"
    stamp = target.stat().st_mtime_ns
    assert run_cli("schema", "--write", str(target), cwd=tmp_path).out == f"{target} is up to date\n"
    assert target.stat().st_mtime_ns == stamp
    registry = run_cli("schema", "--registry", cwd=tmp_path)
    assert registry.code == 0 and json.loads(registry.out)["$schema"]


def test_numbers_avoid_a_hipdnn_checkout(workspace):
    fixture = REPO / "tests" / "fixtures" / "hipdnn"
    result = run_cli("add-op", "groupnorm_bwd", "--hipdnn-root", str(fixture), "--dry-run", cwd=workspace)
    assert result.code == 0, result.err
    ws = load(workspace)
    space = NumberSpace(ws.specs, ws.registry)
    numbers = hipdnn_headers.numbers(fixture)
    space.add_header_numbers(numbers["attribute"], numbers["descriptor type"], numbers["operation type"])
    low = space.next_block()
    assert f"attribute_range: [{low}, {low + 99}]" in result.out
    value = space.next_value(space.operation_types)
    assert f"HIPDNN_OPERATION_TYPE_GROUPNORM_BACKWARD_EXT, value: {value}}}" in result.out
    assert not any(n in range(low, low + 100) for n in numbers["attribute"])


@pytest.mark.parametrize(
    ("name", "extra", "message"),
    [
        ("GroupNorm", [], "must be snake_case"),
        ("layernorm_bwd", ["--stem", "Other"], "exists; --from-fbs and --stem only apply to new ops"),
        ("matmul", [], "clashes with the registry owner MATMUL"),
        ("python", [], "reserved name"),
        ("group_norm", ["--stem", "group_norm"], "must be PascalCase"),
    ],
)
def test_refusals(workspace, name, extra, message):
    result = run_cli("add-op", name, *extra, cwd=workspace)
    assert result.code == 2
    assert message in result.err
    assert sorted(p.name for p in (workspace / "op_specs").iterdir()) == sorted(p.name for p in (REPO / "op_specs").iterdir())


def test_stem_override(workspace):
    result = run_cli("add-op", "gn_bwd", "--stem", "GroupNormBwd", "--dry-run", cwd=workspace)
    assert "stem: GroupNormBwd" in result.out
    assert "HIPDNN_BACKEND_OPERATION_GROUP_NORM_BWD_DESCRIPTOR_EXT" in result.out


def test_op_of_tensor_lists_only_from_fbs_builds_and_its_tests_pass(workspace, tmp_path):
    """A custom-op-like table whose only tensors are UID lists: add-op, check, every generated file
    compiles, its frontend and JSON gtests build and pass, and its mirror passes its tests."""
    shutil.copy(FBS_CASES / "list-only" / "input.fbs", workspace / "input.fbs")
    assert run_cli("add-op", "plugin_call", "--from-fbs", "input.fbs", cwd=workspace).code == 0
    check = run_cli("check", cwd=workspace)
    assert check.code == 0, check.out
    ws = load(workspace)
    spec = ws.spec("plugin_call")
    assert [(t.name, t.role) for t in spec.tensor_lists] == [("input", "input"), ("output", "output")] and not spec.tensors
    generated = workspace / "generated"
    sources, flags = op_units(sorted(ws.specs, key=lambda s: s.op), generated, workspace / "stubs", ["plugin_call"])
    for result in compile_all(sources, flags, objects=True):  # each .cpp to the object its gtest build links
        assert result.returncode == 0, result.stderr[:3000]
    names = naming.OpNames(spec)
    frontend = [generated / "plugin_call" / r for r in (names.frontend_attributes_test, names.frontend_node_test, names.graph_test)]
    json_test = [generated / "plugin_call" / names.json_test]
    assert declared_tests(frontend) >= 10 and declared_tests(json_test) >= 4
    assert build_and_run(tmp_path / "frontend", flags, [*frontend, LINK_STUBS]) == declared_tests(frontend)
    assert build_and_run(tmp_path / "json", flags, json_test) == declared_tests(json_test)
    env = dict(os.environ, PYTHONPATH=str(generated / "python"), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.run(
        [sys.executable, "-m", "unittest", "discover", "-s", "tests", "-p", "test_plugin_call.py"],
        cwd=generated / "python", env=env, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0 and "Ran 0 tests" not in proc.stderr, proc.stderr[-3000:]


SCHEMA_CASES = REPO / "tests" / "schema_cases"


def test_outputs_of_a_real_schema_get_inference_rules_and_its_graphs_validate(workspace, tmp_path):
    """add-op --from-fbs on hipDNN's batchnorm backward schema (tests/schema_cases, modelled on
    index id 58658521940) writes an inference rule for each output, as hipDNN's node infers them
    (BatchnormBackwardNode.hpp, index id 59915920651: dx from x, dscale/dbias shaped like the
    per-channel scale), so a graph giving only the inputs is written and validates (issue 40,
    item 3). The table is renamed: the registry already holds BatchnormBackwardAttributes."""
    from test_graph_formats import _packed, mirror_of

    text = (SCHEMA_CASES / "batchnorm_backward_attributes.fbs").read_text()
    (workspace / "groupnorm_backward_attributes.fbs").write_text(text.replace("BatchnormBackwardAttributes", "GroupnormBackwardAttributes"))
    created = run_cli("add-op", "groupnorm_bwd", "--from-fbs", "groupnorm_backward_attributes.fbs", cwd=workspace)
    assert created.code == 0, created.out + created.err
    assert (
        "output shapes inferred from names (the spec's inference:); review them:\n"
        "  dx from x (gradient of x)\n"
        "  dscale from scale (gradient of scale)\n"
        "  dbias from scale (gradient of a bias shaped like scale; the op has no bias tensor)\n"
    ) in created.out
    assert "outputs nothing infers" not in created.out
    spec = load(workspace).spec("groupnorm_bwd")
    assert [(i.kind, i.target, i.source) for i in spec.inferences] == [("tensor", "dx", "x"), ("tensor", "dscale", "scale"), ("tensor", "dbias", "scale")]
    with mirror_of(workspace) as mirror:
        graph = mirror.Graph(name="gn", compute_data_type=mirror.DataType.FLOAT)
        x, dy = (mirror.TensorAttributes(n, (2, 3, 4, 4), _packed((2, 3, 4, 4))) for n in ("x", "dy"))
        scale = mirror.TensorAttributes("scale", (1, 3, 1, 1), _packed((1, 3, 1, 1)))
        dx, dscale, dbias = getattr(graph, naming.OpNames(spec).graph_method)(dy, x, scale, mirror.NodeAttributes(name="gn_bwd"))
        (tmp_path / "g.bin").write_bytes(graph.to_binary())
        assert (dx.dims, dscale.dims, dbias.dims) == ((2, 3, 4, 4), (1, 3, 1, 1), (1, 3, 1, 1))
    result = run_cli("graph", "validate", "g.bin", "--root", str(workspace), cwd=tmp_path)
    assert (result.code, result.out) == (0, "ok: g.bin: 1 node(s), 6 tensor(s), no findings\n"), result.err


def test_outputs_no_name_gives_a_shape_are_listed_for_review(tmp_path):
    """hipDNN's RMSNorm forward schema (tests/schema_cases, modelled on index id 58546353354): y and
    is no gradient, so no rule is guessed; the spec notes it beside the tensor and add-op's closing
    list names it, instead of silently yielding graphs that cannot validate."""
    from codegen.pipeline import render
    from codegen.hipdnn import scaffold
    from codegen.pipeline.workspace import builtin_templates
    from cpp_harness import SCHEMAS

    for shared in SCHEMAS.glob("*.fbs"):
        shutil.copy(shared, tmp_path / shared.name)
    shutil.copy(SCHEMA_CASES / "rmsnorm_attributes.fbs", tmp_path / "rmsnorm_attributes.fbs")
    draft = scaffold.from_fbs("rmsnorm_codegen", "RmsnormCodegen", tmp_path / "rmsnorm_attributes.fbs", "rmsnorm_attributes.fbs", None)
    assert (draft.inferences, draft.uninferred) == ([], ["y"])
    assert draft.summary()[-2:] == ["outputs nothing infers: a graph must give them dims, or add an inference rule:", "  y"]
    text = scaffold.render(draft, render.environment([builtin_templates()]))
    note = "  # no inference rule gives this output dims: add one under inference:, or set them in every graph\n"
    assert text.count(note) == 1 and note + "  - {name: y," in text
    assert "\ninference:" not in text


def _include_chain(workspace: Path, length: int) -> None:
    """input.fbs includes chain_0001.fbs, which includes chain_0002.fbs, ... up to chain_<length>.fbs,
    the last one defining the enum the table's field uses."""
    (workspace / "input.fbs").write_text(
        'include "chain_0001.fbs";\n\ntable FooAttributes {\n    x_tensor_uid: long;\n    y_tensor_uid: long;\n    mode: Mode;\n}\n'
    )
    for n in range(1, length):
        (workspace / f"chain_{n:04d}.fbs").write_text(f'include "chain_{n + 1:04d}.fbs";\n')
    (workspace / f"chain_{length:04d}.fbs").write_text("enum Mode : byte { MODE_A = 0, MODE_B = 1 }\n")


def test_an_include_chain_of_2000_schemas_is_a_finding_at_the_include_past_the_limit(workspace):
    """Issue 35 item 7: 2,000 schemas each including the next exited 3 (Python's recursion limit);
    the chain is followed 64 schemas deep and the include past that is FBS-INCLUDE."""
    _include_chain(workspace, 2000)
    result = run_cli("add-op", "foo_fwd", "--from-fbs", "input.fbs", "--dry-run", cwd=workspace)
    assert (result.code, result.err) == (1, "")
    assert result.out == (
        'chain_0063.fbs:1:9: error[FBS-INCLUDE]: include "chain_0064.fbs" is more than 64 schemas deep in a chain of '
        "includes; flatten the chain\n"
        "input.fbs:6:5: error[FBS-UNSUPPORTED]: field mode: type 'Mode' has no spec field type (long, int, float, double, "
        "bool, [long], [int], [ubyte], string, or an enum)\n"
    )


def test_an_include_chain_within_the_limit_is_followed_to_its_end(workspace):
    _include_chain(workspace, 63)  # input.fbs and 63 included schemas: 64 deep
    result = run_cli("add-op", "foo_fwd", "--from-fbs", "input.fbs", "--dry-run", cwd=workspace)
    assert result.code == 0, result.out + result.err
    assert "      schema: chain_0063.fbs\n" in result.out  # the enum, found at the chain's end


def test_a_spec_past_the_size_limit_is_refused_before_anything_is_written(workspace):
    """Issue 35 item 8: 64 fields of one 256-value enum (a 17 KB schema) give a spec of about 1.1 MB,
    past the 1 MiB a spec file may hold; add-op exited 3 (its own spec failed to load). It is refused
    at the table and nothing is written."""
    values = "".join(f"    MODE_VALUE_WITH_A_RATHER_LONG_NAME_{i:03d},\n" for i in range(256))
    fields = "".join(f"    mode_{i}: Mode;\n" for i in range(64))
    (workspace / "input.fbs").write_text(f"enum Mode : int {{\n{values}}}\n\ntable FooAttributes {{\n    x_tensor_uid: long;\n    y_tensor_uid: long;\n{fields}}}\n")
    before = {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file() and p.name != "input.fbs"}
    result = run_cli("add-op", "foo_fwd", "--from-fbs", "input.fbs", cwd=workspace)
    assert (result.code, result.err) == (1, "")
    assert result.out == (
        "input.fbs:260:7: error[FBS-UNSUPPORTED]: the spec of table FooAttributes would be about 1143277 bytes, past the "
        "limit of 1048576 bytes of a spec file (each enum field writes its enum's values); split the table or share fewer "
        "large enums\n"
    )
    assert {p: p.read_bytes() for p in workspace.rglob("*") if p.is_file() and p.name != "input.fbs"} == before


def test_the_enum_value_limit_is_the_spec_schemas():
    from codegen.hipdnn import scaffold

    schema = json.loads((REPO / "codegen" / "spec" / "schema" / "op_spec.schema.json").read_text())
    values = schema["$defs"]["enum_definition"]["properties"]["values"]
    assert values["maxItems"] == scaffold.MAX_ENUM_VALUES
    value = values["items"]["properties"]["value"]
    assert (value["minimum"], value["maximum"]) == scaffold.INT32


# hipDNN's block_scale_quantize_attributes.fbs (search index id 58575129845), its table transcribed
# field for field: three (cache_uid) UIDs, block_size: int, axis: long = null, transpose: bool = false.
# Its Graph method returns [y, scale] (BlockScaleQuantizeAttributes.hpp id 57278527370; Python
# binding id 59019905965), so scale is an output although nothing in the schema or its name says so.
BLOCK_SCALE_QUANTIZE_TABLE = """attribute "cache_uid";
{marks}
namespace hipdnn_flatbuffers_sdk.data_objects;

table BlockScaleQuantizeAttributes {{
    x_tensor_uid: long (cache_uid{x});
    y_tensor_uid: long (cache_uid{y});
    scale_tensor_uid: long (cache_uid{scale});
    block_size: int;
    axis: long = null;
    transpose: bool = false;
}}
"""


def _block_scale_quantize(tmp_path: Path, marked: bool) -> Path:
    marks = 'attribute "umd_input_tensor";\nattribute "umd_output_tensor";\n' if marked else ""
    tags = {"x": ", umd_input_tensor", "y": ", umd_output_tensor", "scale": ", umd_output_tensor"} if marked else {"x": "", "y": "", "scale": ""}
    path = tmp_path / "block_scale_quantize_attributes.fbs"
    path.write_text(BLOCK_SCALE_QUANTIZE_TABLE.format(marks=marks, **tags))
    return path


def test_roles_come_from_the_schema_marks_then_the_roles_passed_in_then_the_names(tmp_path):
    """Issue 33 item 8: block-scale quantize's scale is an output. Unmarked and without roles, the
    name guess takes it for an input (listed for review); the checkout's Graph method's roles passed
    in make it an output, as the schema's umd_output_tensor mark does (which wins over roles passed in)."""
    from codegen.hipdnn import scaffold

    path = _block_scale_quantize(tmp_path, marked=False)
    guessed = scaffold.from_fbs("block_scale_quantize", "BlockScaleQuantize", path, path.name, None)
    assert [(t.name, t.role, bool(t.guessed)) for t in guessed.tensors] == [("x", "input", True), ("y", "output", True), ("scale", "input", True)]
    roles = {"x": "input", "y": "output", "scale": "output"}
    given = scaffold.from_fbs("block_scale_quantize", "BlockScaleQuantize", path, path.name, None, roles=roles)
    assert [(t.name, t.role, t.guessed, t.given_by) for t in given.tensors] == [
        ("x", "input", "", "the checkout's Graph method"),
        ("y", "output", "", "the checkout's Graph method"),
        ("scale", "output", "", "the checkout's Graph method"),
    ]
    assert "tensor roles from the checkout's Graph method: x input, y output, scale output" in given.summary()
    assert not any(line.startswith("tensor roles guessed") for line in given.summary())
    marked = _block_scale_quantize(tmp_path, marked=True)
    schema_roles = scaffold.from_fbs("block_scale_quantize", "BlockScaleQuantize", marked, marked.name, None, roles={"scale": "input"})
    assert [(t.name, t.role, t.given_by) for t in schema_roles.tensors] == [("x", "input", ""), ("y", "output", ""), ("scale", "output", "")]
    assert "tensor roles from the schema's metadata: x input, y output, scale output" in schema_roles.summary()
