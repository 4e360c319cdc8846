"""The cache-key cases (the cache_key family): every shipped op's TestGraphContentKey cases, placed by
apply's own registrar into the fixture's TestGraphContentKey.cpp (a stand-in of hipDNN's, beside a
stand-in of its ContentCarryingTestGraph.hpp), build with -Wall -Wextra -Werror against flatc's
headers for the generated schemas and run with the fixture's own non-JSON test: each case's keys
compare as the schema marks say. The key is the stand-in GraphContentKey.hpp (tests/cpp_interface)
over the cachekey_generated.h that the fixture's stand-in of hipDNN's scripts/gen_cache_key.py writes
from those schemas, so a mark the spec writes wrongly, or a case expecting the wrong outcome, fails
here. The cases start from each op's createValid<Op>Graph(), read from the fixture's
FlatbufferGraphTestUtils.hpp with every op's function placed the same way."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.hipdnn import apply
from codegen.pipeline.workspace import builtin_templates
from codegen.plumbing import formatting
from codegen.pipeline.workspace import load
from codegen.views import cache_key, cpp, naming
from conftest import REPO
from cpp_harness import build_and_run, include_flags, write_stubs

WS = load(REPO)
SPECS = sorted(WS.specs, key=lambda s: s.op)
GENERATED = REPO / "generated"
FIXTURE = REPO / "tests/fixtures/hipdnn_tree"
SCRIPT = FIXTURE / "scripts/gen_cache_key.py"
HEADERS = "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/data_objects"


def _key_tree(stubs: Path, root: Path, domain: bool = True) -> subprocess.CompletedProcess:
    """A checkout holding the stand-in script and the schemas the stubs were compiled from (graph.fbs
    with the real one's cache_uid_domain mark on Graph.tensors, id 70092043752); runs the script."""
    (root / "scripts").mkdir(parents=True)
    shutil.copy(SCRIPT, root / "scripts" / SCRIPT.name)
    shutil.copytree(stubs / "schemas", root / "flatbuffers_sdk/schemas")
    graph = root / "flatbuffers_sdk/schemas/graph.fbs"
    text = graph.read_text()
    assert "\ttensors: [TensorAttributes];\n" in text
    if domain:
        text = text.replace("\ttensors: [TensorAttributes];\n", "\ttensors: [TensorAttributes] (cache_uid_domain);\n")
        text = text.replace('attribute "cache_ignore";\n', 'attribute "cache_ignore";\nattribute "cache_uid_domain";\n')
    graph.write_text(text)
    return subprocess.run([sys.executable, str(root / "scripts" / SCRIPT.name)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def stubs(tmp_path_factory):
    out = tmp_path_factory.mktemp("cache_key") / "stubs"
    write_stubs(SPECS, GENERATED, out)
    return out


def test_every_ops_cache_key_cases_build_and_pass(stubs, tmp_path):
    run = _key_tree(stubs, tmp_path / "tree")
    assert run.returncode == 0, run.stderr
    header = (tmp_path / "tree" / HEADERS / "cachekey_generated.h").read_text()
    for spec in SPECS:  # every op's table is keyed, its UIDs through the canon
        assert f"inline bool logicallyEqual(const {spec.flatbuffers.table}* a, const {spec.flatbuffers.table}* b, const UidCanon& aCanon" in header
    # the graph test utilities the cases start from: the fixture's FlatbufferGraphTestUtils.hpp with
    # every op's createValid<Op>Graph() placed by apply's own registrar (then clang-format, as apply does)
    utils = stubs / "hipdnn_test_sdk" / "utilities"
    utils.mkdir(parents=True)
    graph_utils = apply.Source.read(naming.GRAPH_TEST_UTILS, (FIXTURE / naming.GRAPH_TEST_UTILS).read_bytes())
    for spec in SPECS:
        apply._register_graph_test_utils(WS, spec, {"graph_test_utils": graph_utils})
    apply._format_added(graph_utils, builtin_templates() / formatting.STYLE_FILE, "FlatbufferGraphTestUtils.hpp")
    placed = graph_utils.encode().decode()
    assert all(f"{naming.OpNames(spec).graph_test_utility}(" in placed for spec in SPECS)
    (utils / "FlatbufferGraphTestUtils.hpp").write_text(placed)
    # the fixture's TestGraphContentKey.cpp with every op's cases placed by apply's registrar; its own
    # JSON test is left out (the stand-in key has no JSON form), its other test runs beside the cases
    test = apply.Source.read(naming.CACHE_KEY_TEST, (FIXTURE / naming.CACHE_KEY_TEST).read_bytes())
    for spec in SPECS:
        apply._register_cache_key_tests(WS, spec, {"cache_key_test": test})
    apply._format_added(test, builtin_templates() / formatting.STYLE_FILE, "TestGraphContentKey.cpp")
    source = tmp_path / "TestGraphContentKey.cpp"
    source.write_bytes(test.encode())
    shutil.copy(FIXTURE / Path(naming.CACHE_KEY_TEST).parent / "ContentCarryingTestGraph.hpp", tmp_path)
    flags = ["-DHIPDNN_FLATBUFFERS_SDK_SKIP_JSON_LIB", f"-I{tmp_path / 'tree' / 'flatbuffers_sdk' / 'include'}", *include_flags(SPECS, GENERATED, stubs)]
    expected = sum(len(cpp.build(spec).cache_key_cases) for spec in SPECS)
    assert expected + 2 == len(re.findall(r"^TEST\(TestGraphContentKey, ", source.read_text(), re.M))  # and the fixture's two
    assert build_and_run(tmp_path / "cache_key", flags, [source]) == expected + 1


def test_the_stand_in_script_refuses_cache_uid_without_a_domain(stubs, tmp_path):
    """As hipDNN's script does: a (cache_uid) field has nothing to resolve against."""
    run = _key_tree(stubs, tmp_path / "tree", domain=False)
    assert run.returncode == 1
    assert re.search(r"^ERROR: cache_uid on '\w+\.\w+' needs a cache_uid_domain field to resolve against$", run.stderr, re.M)


def _case_names(spec) -> dict[str, bool]:
    return {c.name: c.equal for c in cpp.build(spec).cache_key_cases}


def test_cases_follow_the_marks_the_spec_writes():
    """A field is keyed unless its metadata says cache_ignore; a tensor UID folds as a position only
    with cache_uid; an optional tensor the test graph leaves out gets a presence case."""
    import dataclasses

    sdpa = next(s for s in SPECS if s.op == "sdpa_bwd")
    names = _case_names(sdpa)
    assert names["RenumberedGraphComparesEqual"] is True
    assert names["DropoutProbabilityDifferenceComparesUnequal"] is False
    assert names["DiagonalAlignmentDifferenceComparesUnequal"] is False
    batchnorm = _case_names(next(s for s in SPECS if s.op == "batchnorm"))
    assert batchnorm["PeerStatsRewiredComparesUnequal"] is False
    field = sdpa.fields[0]
    ignored = dataclasses.replace(sdpa, fields=(dataclasses.replace(field, metadata=("cache_ignore",)), *sdpa.fields[1:]))
    assert _case_names(ignored)[f"{naming.pascal(field.name)}DifferenceComparesEqual"] is True
    raw = dataclasses.replace(sdpa, tensors=(dataclasses.replace(sdpa.tensors[0], metadata=()), *sdpa.tensors[1:]))
    assert _case_names(raw)["RenumberedGraphComparesUnequal"] is False
    absent = [t for t in cpp.build(sdpa).optional if t not in cpp.build(sdpa).everything]
    assert absent and all(names[f"{t.pascal}PresentComparesUnequal"] is False for t in absent)
