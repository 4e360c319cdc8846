"""The work model (codegen/spec/work.py, codegen/views/workview.py, codegen/hipdnn/apply_work.py):
every op's nodeFlops overload, logicalFlops case and declared-work test entry, placed into the
plugin SDK's stand-ins as apply places them, compile in one unit and the test entries pass; the
values come from the spec's formula evaluated in Python."""

from __future__ import annotations

import re

import pytest

from codegen.pipeline.workspace import load
from codegen.spec import work
from conftest import REPO
from cpp_harness import build_and_run, include_flags, write_stubs
from work_harness import place_work

WS = load(REPO)
SPECS = sorted(WS.specs, key=lambda s: s.op)
GENERATED = REPO / "generated"

# hipDNN's counts per element of x (EngineFeatures.hpp, fork rdoshi-amd, id 70308080706) and the
# shipped specs' test shapes: every op of op_specs/ declares its work as hipDNN does.
EXPECTED = {
    "batchnorm": ("5 * numel(x)", 5 * 2 * 3),  # x [2, 3], the test data add-op derives
    "batchnorm_bwd": ("8 * numel(x)", 8 * 2 * 3),
    "batchnorm_inference": ("2 * numel(x)", 2 * 65536),
    "block_scale_dequantize": ("2 * numel(x)", 2 * 64 * 128),
    "block_scale_quantize": ("2 * numel(x)", 2 * 64 * 128),
    "layernorm_bwd": ("8 * numel(x)", 8 * 16 * 64 * 32 * 32),
    "rmsnorm_bwd": ("6 * numel(x)", 6 * 64 * 32 * 32),
    # 2.5 x dense attention: 2 * batch 2 * heads 4 * 128 * 128 pairs * (64 + 64)
    "sdpa_bwd": ("2.5 * attention_flops()", 2.5 * 2 * 2 * 4 * 128 * 128 * (64 + 64)),
}


def test_every_shipped_op_declares_hipdnns_work_and_its_test_value():
    found = {}
    for spec in SPECS:
        compiled = work.compiled(spec)
        assert compiled is not None, spec.op
        found[spec.op] = (spec.work.flops, work.test_value(spec, compiled))
    assert found == {op: (formula, float(value)) for op, (formula, value) in EXPECTED.items()}
    sdpa = next(s for s in SPECS if s.op == "sdpa_bwd")
    assert sdpa.work.unknown_when == ("dbias", "dropout_scale_inv")


def test_attention_count_follows_the_causal_masks():
    """hipDNN's own test values for its attention graph (TestEngineFeatures.cpp id 70214944343):
    q [2, 8, 3, 16], k [2, 2, 7, 16], v [2, 2, 7, 32], o [2, 8, 3, 32]."""
    shapes = {"q": (2, 8, 3, 16), "k": (2, 2, 7, 16), "v": (2, 2, 7, 32), "o": (2, 8, 3, 32)}
    assert work.attention_flops(shapes, {}) == 32256.0
    assert work.attention_flops(shapes, {"causal_mask": True}) == 9216.0
    assert work.attention_flops(shapes, {"causal_mask_bottom_right": True}) == 27648.0
    assert work.attention_flops(shapes, {"right_bound": -1}) == 32256.0
    for refused in ({"padding_mask": True}, {"dropout_probability": 0.1}, {"left_bound": 4}, {"right_bound": 2}):
        with pytest.raises(work._Unknown):
            work.attention_flops(shapes, refused)


# the two ops the fixture tree registers, hipDNN's own entries taken out so the generated ones land
HIPDNNS = ("LayernormBackwardAttributes", "SdpaBackwardAttributes")


def test_work_fragments_placed_in_the_plugin_sdk_build_and_every_declared_count_holds(tmp_path):
    """One unit for all ops: the fixture's EngineFeatures.hpp and TestEngineFeatures.cpp (without
    its own entries of the two ops it registers) with every op's overload, case and test entry
    placed, built with -Wall -Wextra -Werror against flatc's headers of the generated schemas; the
    declared-work test runs every entry, each comparing logicalFlops with the value the spec computes."""
    include, test_source = place_work(WS, SPECS, tmp_path / "tree", without=HIPDNNS)
    features = (include / "hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp").read_text()
    tests = test_source.read_text()
    for spec in SPECS:
        table = spec.flatbuffers.table
        assert len(re.findall(rf"data_objects::{table}& op\)", features)) == 1, table
        assert len(re.findall(rf"case NodeAttributes::{table}:", features)) == 1, table
        assert len(re.findall(rf"\b{table}T \w+;", tests)) == 1, table
    for op, (_, value) in EXPECTED.items():
        assert f"{float(value)}}}," in tests, op
    assert "attentionFlops(graph, op);" in features and "4096.0}," not in tests  # the generated entries, not hipDNN's
    stubs = tmp_path / "stubs"
    write_stubs(SPECS, GENERATED, stubs)
    assert build_and_run(tmp_path / "work", [*include_flags(SPECS, GENERATED, stubs), f"-I{include}"], [test_source]) == 1


def test_the_fixtures_own_entries_are_kept_and_its_two_ops_get_nothing(tmp_path):
    """hipDNN's own overloads, cases and test entries of the ops the tree registers count as theirs."""
    include, test_source = place_work(WS, SPECS, tmp_path)
    tests = test_source.read_text()
    assert "4096.0}," in tests and "23040.0}," in tests and "83886080.0}," not in tests
    features = (include / "hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp").read_text()
    assert "return perElement(tensor(graph, op.x_tensor_uid()), 8.0);" in features and "*attention" not in features


def test_placing_again_changes_nothing(tmp_path):
    """Every fragment is found in the placed files: a second placement leaves both byte-identical."""
    from codegen.hipdnn import apply, apply_work
    from codegen.views.naming import ENGINE_FEATURES, ENGINE_FEATURES_TESTS

    place_work(WS, SPECS, tmp_path)
    placed = {key: (tmp_path / rel).read_bytes() for key, rel in (("engine_features", ENGINE_FEATURES), ("engine_features_tests", ENGINE_FEATURES_TESTS))}
    sources = {key: apply.Source.read(key, data) for key, data in placed.items()}
    for spec in SPECS:
        apply_work.register(WS, spec, sources)
    assert {key: s.encode() for key, s in sources.items()} == placed
    assert all(not line.added for s in sources.values() for line in s.lines)


def test_an_op_without_a_counting_convention_gets_its_case_before_default_and_nothing_else(tmp_path):
    """A spec declaring no counting convention generates only the logicalFlops case, with its reason
    as the comment; it lands among the uncounted cases, before `default:`, and the op gets no
    nodeFlops overload and no declared-work test entry."""
    import shutil

    from conftest import run_cli

    shutil.copytree(REPO / "op_specs", tmp_path / "op_specs")
    spec_file = tmp_path / "op_specs" / "rmsnorm_bwd.yaml"
    text = spec_file.read_text()
    assert 'flops: "6 * numel(x)"' in text
    spec_file.write_text(text.replace('flops: "6 * numel(x)"', "no_counting_convention: its rows follow the routing offsets' contents"))
    result = run_cli("generate", "rmsnorm_bwd", cwd=tmp_path)
    assert result.code == 0, result.out + result.err
    registry = tmp_path / "generated" / "rmsnorm_bwd" / "registry"
    assert sorted(p.name for p in registry.glob("*Engine*")) == ["EngineFeatures.hpp.logical-flops-case.inc"]
    ws = load(tmp_path)
    spec = next(s for s in ws.specs if s.op == "rmsnorm_bwd")
    include, test_source = place_work(ws, [spec], tmp_path / "tree")
    lines = (include / "hipdnn_plugin_sdk/heuristics/EngineFeatures.hpp").read_text().splitlines()
    at = lines.index("    case NodeAttributes::RMSNormBackwardAttributes:")
    assert lines[at - 1] == "    // RMSNormBackwardAttributes: its rows follow the routing offsets' contents"
    assert lines[at + 1] == "    default:"
    assert not any("data_objects::RMSNormBackwardAttributes& op)" in line for line in lines)
    assert "RMSNormBackwardAttributesT" not in test_source.read_text()


def test_apply_leaves_the_work_files_of_registered_ops_alone_and_adds_only_lines_for_a_new_one(tmp_path):
    """`apply` itself: the fixture tree already has hipDNN's work entries of layernorm_bwd and
    sdpa_bwd, so applying them leaves both work files byte-identical; applying rmsnorm_bwd only adds
    lines: its overload before flopsOf, its case after the counted ones, its test entry last."""
    import difflib
    import shutil

    from codegen.views.naming import ENGINE_FEATURES, ENGINE_FEATURES_TESTS
    from conftest import run_cli
    from work_harness import FIXTURE

    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    before = {rel: (root / rel).read_text() for rel in (ENGINE_FEATURES, ENGINE_FEATURES_TESTS)}
    result = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", "sdpa_bwd", cwd=REPO)
    assert result.code == 0, result.out + result.err
    assert {rel: (root / rel).read_text() for rel in before} == before
    result = run_cli("apply", "--force", "--hipdnn-root", str(root), "rmsnorm_bwd", cwd=REPO)
    assert result.code == 0, result.out + result.err
    for rel, old in before.items():
        new = (root / rel).read_text()
        diff = [d for d in difflib.ndiff(old.splitlines(), new.splitlines()) if d[:1] in "+-"]
        assert diff and all(d.startswith("+") for d in diff), rel
    features = (root / ENGINE_FEATURES).read_text()
    assert features.index("data_objects::RMSNormBackwardAttributes& op)") < features.index("std::optional<double> flopsOf(")
    assert features.index("case NodeAttributes::RMSNormBackwardAttributes:") < features.index("    default:")
    tests = (root / ENGINE_FEATURES_TESTS).read_text()
    assert tests.index("RMSNormBackwardAttributesT attributes;") > tests.index("LayernormBackwardAttributesT norm;")
    assert "393216.0}," in tests


def test_apply_onto_a_hipdnn_from_before_the_work_model_leaves_its_engine_features_alone(tmp_path):
    """ROCm/rocm-libraries' EngineFeatures.hpp (id 68162096859) predates the per-type overloads: no
    flopsOf, no logicalFlops. apply places everything else and leaves that file as it was, as it
    does when the file is absent, instead of refusing the op."""
    import shutil

    from codegen.views.naming import ENGINE_FEATURES
    from conftest import run_cli
    from work_harness import FIXTURE

    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    old = "#pragma once\n\nnamespace hipdnn_plugin_sdk\n{\n} // namespace hipdnn_plugin_sdk\n"
    (root / ENGINE_FEATURES).write_text(old)
    result = run_cli("apply", "--force", "--hipdnn-root", str(root), "rmsnorm_bwd", cwd=REPO)
    assert result.code == 0, result.out + result.err
    assert (root / ENGINE_FEATURES).read_text() == old
    assert "RMSNormBackwardAttributes" in (root / "flatbuffers_sdk/schemas/graph.fbs").read_text()
