"""apply: copying generated files and registering ops in a hipDNN checkout (the fixture tree
tests/fixtures/hipdnn_tree). Cases under tests/apply_cases change that tree (`patches/<path>.diff`:
a unified diff against the fixture file; `overrides/<path>`: a whole file, for new files and
byte-level encodings; `removed.txt`: files to delete), run `apply` with the arguments in args.txt and pin the output in
expected.txt."""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from codegen.plumbing import formatting
from codegen.pipeline.workspace import builtin_templates
import shipped_files
from conftest import REPO, UPDATE, run_cli, tree
from shipped_files import SHIPPED_HAND_WRITTEN

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
CASES = REPO / "tests" / "apply_cases"
CASE_DIRS = sorted(p for p in CASES.iterdir() if (p / "args.txt").is_file())



@pytest.fixture
def checkout(tmp_path):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    return root


def apply_patch(original: str, diff: str) -> str:
    """Apply a unified diff (exact context, hunks in order) to `original`."""
    lines = original.splitlines(keepends=True)
    out: list[str] = []
    position = 0
    patch = diff.splitlines(keepends=True)
    index = 0
    while index < len(patch):
        header = patch[index]
        index += 1
        if not header.startswith("@@"):
            continue
        start = int(header.split()[1].split(",")[0].lstrip("-")) - 1
        out += lines[position:start]
        position = start
        while index < len(patch) and not patch[index].startswith("@@"):
            tag, text = patch[index][:1], patch[index][1:]
            index += 1
            if tag in (" ", "-"):
                assert lines[position] == text, f"patch context differs at line {position + 1}: {text!r}"
                position += 1
            if tag in (" ", "+"):
                out.append(text)
    return "".join(out + lines[position:])


# hipDNN's own files of the two shipped ops the fixture holds for the drift gate (OPS.md, one list in
# tests/shipped_files.py): the apply cases add those ops to a checkout that lacks them, as before the
# fixture held them. Their schemas (hipDNN's, in the fixture): a case removes the ones of the ops it
# applies (every op when it names none), so the others stay for the checkout's header scripts to
# read, as in hipDNN.
SHIPPED_SCHEMAS = shipped_files.SCHEMAS


def applied_schemas(args: list[str]) -> list[str]:
    """The shipped ops' schemas an apply with `args` writes."""
    ops = [arg for arg in args if not arg.startswith("-")]
    return [rel for op, rel in SHIPPED_SCHEMAS.items() if op in ops or not ops]


def prepare(case: Path, root: Path) -> None:
    """Put a case's whole-file overrides and patches onto a copy of the fixture tree at `root`
    (without the shipped ops' hand-written files, SHIPPED_HAND_WRITTEN), and delete the files its
    removed.txt lists (one path a line)."""
    removed = case / "removed.txt"
    listed = removed.read_text().split() if removed.is_file() else []
    args = case / "args.txt"  # a case without one runs its own apply (of other ops)
    schemas = [rel for rel in applied_schemas(args.read_text().split()) if rel not in listed] if args.is_file() else []
    for rel in SHIPPED_HAND_WRITTEN + schemas + listed:
        (root / rel).unlink()
    if (case / "overrides").is_dir():
        shutil.copytree(case / "overrides", root, dirs_exist_ok=True)
    for diff in sorted((case / "patches").rglob("*.diff")) if (case / "patches").is_dir() else []:
        target = root / diff.relative_to(case / "patches").as_posix().removesuffix(".diff")
        target.write_text(apply_patch(target.read_text(encoding="utf-8"), diff.read_text(encoding="utf-8")), encoding="utf-8")


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_apply_case(case, checkout):
    prepare(case, checkout)
    before = tree(checkout)
    args = (case / "args.txt").read_text().split()
    result = run_cli("apply", "--hipdnn-root", str(checkout.parent.parent), *args, cwd=REPO)
    output = (result.out + result.err).replace(os.path.relpath(checkout, REPO), "CHECKOUT")
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(output)
        pytest.fail(f"rewrote {expected}")
    assert output == expected.read_text()
    if "--dry-run" in args or result.code != 0:
        assert tree(checkout) == before, "nothing may be written"


# The fixture tree holds hipDNN's own (hand-written) schema, Attributes class and test constants of
# the ops op_specs/ adopted from it, so the drift gate has hipDNN's API to compare with; apply
# replaces them only with --force (test_apply_refuses_the_fixtures_hand_written_files_of_adopted_ops).
HAND_WRITTEN = sorted(
    [f"flatbuffers_sdk/schemas/{schema}_attributes.fbs" for schema in ("batchnorm", "batchnorm_backward", "batchnorm_inference", "block_scale_dequantize", "block_scale_quantize", "layernorm_backward", "rmsnorm_backward", "sdpa_backward")]
    + [f"frontend/include/hipdnn_frontend/attributes/{cls}Attributes.hpp" for cls in ("Batchnorm", "BatchnormBackward", "BatchnormInference", "BlockScaleDequantize", "BlockScaleQuantize", "LayernormBackward", "RMSNormBackward", "SdpaBackward")]
    + [f"test_sdk/include/hipdnn_test_sdk/constants/{cls}Constants.hpp" for cls in ("BatchnormInference", "BlockScaleDequantize", "BlockScaleQuantize", "LayernormBackward", "RMSNormBackward", "SdpaBwd")]
    + ["frontend/tests/TestLayernormBackwardAttributes.cpp"]
    + ["frontend/include/hipdnn_frontend/detail/BlockScaleQuantizePacker.hpp"]
    + [f"frontend/include/hipdnn_frontend/node/{cls}Node.hpp" for cls in ("Batchnorm", "BatchnormBackward", "BatchnormInference", "BlockScaleDequantize", "BlockScaleQuantize", "LayernormBackward", "RMSNormBackward", "SdpaBwd")]
    + [f"test_sdk/include/hipdnn_test_sdk/utilities/cpu_graph_executor/detail/LayernormBprop{part}.hpp" for part in ("Plan", "SignatureKey")]
)


def test_apply_refuses_the_fixtures_hand_written_files_of_adopted_ops(checkout):
    """Without --force, apply replaces none of hipDNN's own files for the adopted ops: one
    APPLY-HAND-WRITTEN per file, exit 1, and the tree byte-identical."""
    before = tree(checkout)
    result = run_cli("apply", "--hipdnn-root", str(checkout), cwd=REPO)
    assert result.code == 1, result.out + result.err
    refused = re.findall(r"^\S*?projects/hipdnn/(\S+):1:1: error\[APPLY-HAND-WRITTEN\]: this file was not written by hipdnn-codegen", result.out, re.M)
    assert refused == HAND_WRITTEN
    assert result.out.count("error[") == len(HAND_WRITTEN)
    assert result.err.endswith("nothing was written\n")
    assert tree(checkout) == before


def test_apply_then_apply_again_changes_nothing(checkout):
    first = run_cli("apply", "--force", "--hipdnn-root", str(checkout), cwd=REPO)
    assert first.code == 0, first.out + first.err
    after = tree(checkout)
    assert "backend/src/descriptors/LayernormBackwardOperationDescriptor.cpp" in after
    assert "backend/src/descriptors/SdpaBwdOperationDescriptor.hpp" in after
    assert not any("registry/" in p or p.endswith(".stamp") for p in after)
    second = run_cli("apply", "--hipdnn-root", str(checkout), cwd=REPO)
    assert second.code == 0
    assert second.out.endswith("already has everything; nothing changed\n")
    assert tree(checkout) == after


def test_applied_files_are_left_alone_by_clang_format(checkout):
    """Every edited C++ file was clang-format clean before, and still is after the apply. Headers
    the checkout's own scripts and flatc write (`*_generated.h`) are theirs, not the tool's."""
    assert run_cli("apply", "--force", "--hipdnn-root", str(checkout), cwd=REPO).code == 0
    style = builtin_templates() / formatting.STYLE_FILE
    changed = []
    for path in sorted(checkout.rglob("*")):
        if path.suffix in (".h", ".hpp", ".cpp") and not path.name.endswith("_generated.h"):
            text = path.read_text()
            whole = [(1, text.count("\n") + 1)]
            if formatting.format_ranges(text, whole, style, path.name) != text:
                changed.append(path.relative_to(checkout).as_posix())
    assert not changed


SHARED = [
    "backend/include/HipdnnBackendAttributeName.h",
    "backend/include/HipdnnBackendDescriptorType.h",
    "backend/include/HipdnnOperationType.h",
    "backend/src/BackendEnumStringUtils.hpp",
    "backend/src/descriptors/DescriptorFactory.cpp",
    "backend/src/descriptors/NodeFactory.cpp",
    "frontend/include/hipdnn_frontend/detail/OperationUnpacker.hpp",
    "backend/src/CMakeLists.txt",
    "backend/tests/CMakeLists.txt",
    "backend/tests/TestBackendEnumStringUtils.cpp",
    "flatbuffers_sdk/schemas/graph.fbs",
    "flatbuffers_sdk/CMakeLists.txt",
    "flatbuffers_sdk/tests/CMakeLists.txt",
    "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/utilities/json/Graph.hpp",
]
JSON_TESTS_CMAKE = "flatbuffers_sdk/tests/CMakeLists.txt"


def test_applying_ops_the_tree_already_holds_leaves_every_shared_file_byte_identical(checkout):
    """The fixture tree registers layernorm_bwd and sdpa_bwd as hipDNN does: apply adds nothing but
    the generated JSON round-trip tests hipDNN does not have, to the flatbuffers tests' list."""
    for rel in SHIPPED_HAND_WRITTEN + applied_schemas([]):  # their per-op files are not what this test is about
        (checkout / rel).unlink()
    before = {rel: (checkout / rel).read_bytes() for rel in SHARED}
    result = run_cli("apply", "--hipdnn-root", str(checkout), "layernorm_bwd", "sdpa_bwd", cwd=REPO)
    assert result.code == 0, result.out + result.err
    after = {rel: (checkout / rel).read_bytes() for rel in SHARED}
    assert {k: v for k, v in after.items() if k != JSON_TESTS_CMAKE} == {k: v for k, v in before.items() if k != JSON_TESTS_CMAKE}
    added = [line[1:] for line in difflib.unified_diff(before[JSON_TESTS_CMAKE].decode().splitlines(), after[JSON_TESTS_CMAKE].decode().splitlines(), lineterm="", n=0) if line.startswith("+") and not line.startswith("+++")]
    assert added == ["    utilities/TestJsonSdpaBackwardAttributes.cpp", "    utilities/TestJsonLayernormBackwardAttributes.cpp"]  # by union position


@pytest.fixture(scope="module")
def new_op_workspace(tmp_path_factory):
    """A workspace with this repository's specs plus a new op made by add-op (from a schema: a
    skeleton is refused until edited)."""
    ws = tmp_path_factory.mktemp("ws")
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    shutil.copy(REPO / "tests" / "fbs_cases" / "layernorm-like" / "input.fbs", ws / "input.fbs")
    # numbers allocated around the fixture tree's own, whatever op_specs/registry.yaml lists today
    result = run_cli("add-op", "groupnorm_bwd", "--from-fbs", "input.fbs", "--hipdnn-root", str(FIXTURE), cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


def test_a_new_op_only_adds_lines_and_a_second_apply_changes_nothing(checkout, new_op_workspace):
    from codegen.hipdnn.hipdnn_headers import parse_enums, parse_range_list

    before = {rel: (checkout / rel).read_text() for rel in SHARED}
    first = run_cli("apply", "--hipdnn-root", str(checkout), "groupnorm_bwd", cwd=new_op_workspace)
    assert first.code == 0, first.out + first.err
    for rel in SHARED:
        after = (checkout / rel).read_text()
        assert after != before[rel], f"{rel} was not edited"
        diff = [line for line in difflib.ndiff(before[rel].splitlines(), after.splitlines()) if line[:1] in "+-"]
        removed = [d[2:] for d in diff if d.startswith("-")]
        # the one edit besides added lines: the enum's last enumerator gains the comma it lacked
        assert all(f"+ {line}," in diff for line in removed), (rel, removed)
        assert diff and len(removed) <= 1, (rel, removed)
    header = (checkout / SHARED[0]).read_text()
    assert {e.name: e.value for e in parse_enums(header, "h")}["HIPDNN_ATTR_TENSOR_CONSTANT_VALUE"] == 1306
    ranges = [(r.first, r.last) for r in parse_range_list(header, "h")]
    assert len(ranges) == 45 and sorted(ranges[:-5]) == ranges[:-5]  # the new item sits in order
    again = {rel: (checkout / rel).read_bytes() for rel in SHARED}
    second = run_cli("apply", "--hipdnn-root", str(checkout), "groupnorm_bwd", cwd=new_op_workspace)
    assert second.code == 0 and second.out.endswith("already has everything; nothing changed\n")
    assert {rel: (checkout / rel).read_bytes() for rel in SHARED} == again


def test_fixture_tree_is_clean_under_hipdnn_clang_format():
    """Every fixture file is what hipDNN's own clang-format produces, so an edit that re-aligns or
    re-wraps a neighbour shows up in the apply tests."""
    style = builtin_templates() / formatting.STYLE_FILE
    for path in sorted(FIXTURE.rglob("*")):
        if path.suffix in (".h", ".hpp", ".cpp"):
            text = path.read_text()
            assert formatting.format_ranges(text, [(1, text.count("\n") + 1)], style, path.name) == text, path


def _case_checkout(tmp_path, case):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    prepare(CASES / case, root)
    return root


def test_crlf_file_keeps_crlf(tmp_path):
    root = _case_checkout(tmp_path, "crlf")
    assert run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO).code == 0
    data = (root / "backend/include/HipdnnOperationType.h").read_bytes()
    assert b"HIPDNN_OPERATION_TYPE_LAYERNORM_BACKWARD_EXT = 20, ///< Layernorm backward\r\n" in data
    assert data.count(b"\n") == data.count(b"\r\n")


def test_latin1_file_stays_latin1(tmp_path):
    root = _case_checkout(tmp_path, "latin1")
    original = (root / "backend/src/descriptors/NodeFactory.cpp").read_bytes()
    assert run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO).code == 0
    data = (root / "backend/src/descriptors/NodeFactory.cpp").read_bytes()
    assert b"Andr\xe9" in data and b"case NodeAttributes::LayernormBackwardAttributes:" in data
    kept = [line for line in data.split(b"\n") if b"LayernormBackwardOperationDescriptor" not in line and b"LayernormBackwardAttributes:" not in line]
    assert kept == original.split(b"\n")


@pytest.mark.parametrize("case", ["last-no-comma", "if-block", "crlf", "latin1", "enum-spelling", "node-factory-alias"])
def test_unusual_files_are_idempotent(tmp_path, case):
    root = _case_checkout(tmp_path, case)
    assert run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO).code == 0
    after = tree(root)
    second = run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO)
    assert second.code == 0 and tree(root) == after


def test_apply_refuses_stale_generated(tmp_path, checkout):
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    result = run_cli("apply", "--hipdnn-root", str(checkout), cwd=ws)
    assert result.code == 1 and "generated/ is out of date" in result.err


def test_a_new_op_from_a_schema_applied_to_the_fixture_tree_builds_and_its_frontend_tests_pass(tmp_path, checkout):
    """The issue's bar: `add-op --from-fbs` plus `apply` on the fixture tree leaves the op's backend
    and frontend files, tests and registrations in the tree, and every frontend file of the new op,
    read from the applied tree, builds with -Wall -Wextra -Werror and its tests pass."""
    import re

    from codegen import families
    from codegen.views import naming
    from codegen.pipeline.workspace import load
    from cpp_harness import LINK_STUBS, build_and_run, include_flags, write_stubs

    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    schema = REPO / "tests" / "fbs_cases" / "backward-roles-ln" / "input.fbs"
    made = run_cli("add-op", "groupnorm_bwd", "--from-fbs", str(schema), "--hipdnn-root", str(FIXTURE), cwd=ws)
    assert made.code == 0, made.out + made.err
    applied = run_cli("apply", "--hipdnn-root", str(checkout), "groupnorm_bwd", cwd=ws)
    assert applied.code == 0, applied.out + applied.err
    spec = next(s for s in load(ws).specs if s.op == "groupnorm_bwd")
    names = naming.OpNames(spec)
    for rel in families.planned_files_in_op(naming.OpNames(spec)):
        if not rel.startswith("registry/") and not rel.endswith(".stamp"):
            assert (checkout / rel).is_file(), rel
    graph = (checkout / "frontend/include/hipdnn_frontend/Graph.hpp").read_text()
    assert f"{names.graph_method}(" in graph and f"<{names.frontend_node_header}>" in graph
    assert re.search(rf"^\s+{names.node_type} = {spec.node_type.value}", (checkout / "frontend/include/hipdnn_frontend/node/NodeType.hpp").read_text(), re.M)
    cmake = (checkout / "frontend/tests/CMakeLists.txt").read_text()
    assert all(f"    {t}.cpp\n" in cmake for t in (names.frontend_attributes_test_suite, names.frontend_node_test_suite, names.graph_test_suite))

    assert run_cli("generate", cwd=ws).code == 0  # the other ops' headers, for the shared stand-ins
    specs = sorted(load(ws).specs, key=lambda s: s.op)
    stubs = tmp_path / "stubs"
    write_stubs(specs, ws / "generated", stubs)
    # the new op's headers come from the applied tree (after the stand-ins, so the fixture's real-format
    # Graph.hpp gives way to the compilable stand-in); the generated dirs of the other ops follow
    other = [s for s in specs if s.op != "groupnorm_bwd"]
    flags = [*include_flags(other, ws / "generated", stubs), f"-I{checkout / 'frontend/include'}", f"-I{checkout / 'test_sdk/include'}"]
    sources = [checkout / names.frontend_attributes_test, checkout / names.frontend_node_test, checkout / names.graph_test]
    build_and_run(tmp_path / "tests_binary", flags, [*sources, LINK_STUBS])


def test_a_new_op_from_a_schema_gets_its_schema_layer_and_its_json_round_trip_passes(tmp_path, checkout):
    """The schema issue's bar: after `add-op --from-fbs` plus `apply`, the op's schema, its include
    and NodeAttributes member (at the allocated position) in graph.fbs, its SCHEMAS and test CMake
    entries, its JSON utility and the three json/Graph.hpp entries are in the tree with no hand
    edit; flatc compiles the applied schema; and the applied JSON utility and round-trip test build
    against flatc's headers and pass."""
    from codegen.views import naming
    from codegen.hipdnn.hipdnn_headers import union_members
    from codegen.pipeline.workspace import load
    from cpp_harness import FLATC_FLAGS, SCHEMAS, build_and_run, flatc, include_flags, write_stubs

    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    schema = REPO / "tests" / "fbs_cases" / "backward-roles-ln" / "input.fbs"
    assert run_cli("add-op", "groupnorm_bwd", "--from-fbs", str(schema), "--hipdnn-root", str(FIXTURE), cwd=ws).code == 0
    applied = run_cli("apply", "--hipdnn-root", str(checkout), "groupnorm_bwd", cwd=ws)
    assert applied.code == 0, applied.out + applied.err
    spec = next(s for s in load(ws).specs if s.op == "groupnorm_bwd")
    names = naming.OpNames(spec)
    table = spec.flatbuffers.table
    graph_fbs = (checkout / "flatbuffers_sdk/schemas/graph.fbs").read_text()
    members = union_members(graph_fbs, "graph.fbs")
    assert members[table].position == spec.flatbuffers.union_position == len(members) == 24
    assert f'include "{spec.flatbuffers.schema}";\n' in graph_fbs
    assert f"            schemas/{spec.flatbuffers.schema}\n" in (checkout / "flatbuffers_sdk/CMakeLists.txt").read_text()
    assert f"    utilities/{names.json_test_suite}.cpp\n" in (checkout / "flatbuffers_sdk/tests/CMakeLists.txt").read_text()
    json_graph = (checkout / "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/utilities/json/Graph.hpp").read_text()
    assert f"#include <{names.json_include}>" in json_graph
    assert f'{{NodeAttributes::{table}, "{table}"}},' in json_graph
    assert f"nodeJson = *node.attributes_as_{table}();" in json_graph
    assert f"return to<data_objects::{table}>(builder, entry).Union();" in json_graph
    # flatc compiles the applied schema beside hipDNN's shared schemas (the stand-ins)
    out = tmp_path / "flatc"
    proc = subprocess.run([flatc(), *FLATC_FLAGS, "-o", str(out), "-I", str(SCHEMAS), str(checkout / names.fbs_schema)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (out / spec.flatbuffers.header).is_file()
    # the applied JSON utility and test build against flatc's output for every op, and pass
    assert run_cli("generate", cwd=ws).code == 0
    specs = sorted(load(ws).specs, key=lambda s: s.op)
    stubs = tmp_path / "stubs"
    write_stubs(specs, ws / "generated", stubs)
    flags = [f"-I{checkout / 'flatbuffers_sdk/include'}", *include_flags([s for s in specs if s.op != "groupnorm_bwd"], ws / "generated", stubs), f"-I{checkout / 'test_sdk/include'}"]
    flags.insert(0, f"-I{stubs}")  # the compilable json/Graph.hpp stand-in before the tree's real-format one
    assert build_and_run(tmp_path / "tests_binary", flags, [checkout / names.json_test]) == 4


def test_a_new_op_with_a_new_enum_applied_to_the_fixture_tree_registers_the_enum_everywhere(tmp_path, checkout):
    """The enum issue's bar: an op whose schema has an enum hipDNN lacks gets, from `add-op
    --from-fbs` plus `apply`, the enum's C header, an allocated type tag, its conversions, set/get
    helpers, frontend enum and tests in the files hipDNN keeps them in, each added where hipDNN's
    newest enum went, nothing else in those files changed; a second apply changes nothing; and the
    op's frontend tests and the enum's tests, read from the applied tree, build and pass."""
    from codegen.views import fragments, naming
    from codegen.families.registry import ENUM_SHARED_FILES
    from codegen.pipeline.workspace import load
    from cpp_harness import BACKEND_LINK_STUBS, LINK_STUBS, build_and_run, enum_units, include_flags, write_stubs

    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    schema = REPO / "tests" / "fbs_cases" / "unregistered-enum" / "input.fbs"
    made = run_cli("add-op", "expert_matmul", "--from-fbs", str(schema), "--hipdnn-root", str(FIXTURE), cwd=ws)
    assert made.code == 0, made.out + made.err
    spec = next(s for s in load(ws).specs if s.op == "expert_matmul")
    (enum,) = spec.new_enums
    assert (enum.name, enum.type_tag, enum.new_tag.value) == ("ExpertRouting", "HIPDNN_TYPE_EXPERT_ROUTING", 32)

    originals = {rel: (checkout / rel).read_text() for rel in ENUM_SHARED_FILES.values()}
    applied = run_cli("apply", "--hipdnn-root", str(checkout), "expert_matmul", cwd=ws)
    assert applied.code == 0, applied.out + applied.err
    assert (checkout / naming.c_enum_header_path(enum)).read_text() == (ws / "generated/expert_matmul" / naming.c_enum_header_path(enum)).read_text()
    for key, rel in ENUM_SHARED_FILES.items():
        before, after = originals[rel].splitlines(), (checkout / rel).read_text().splitlines()
        changes = [tag for tag, *_ in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes() if tag != "equal"]
        assert changes and set(changes) == {"insert"}, (rel, changes)  # only additions, nothing moved
    tags = (checkout / "backend/include/HipdnnBackendAttributeType.h").read_text()
    assert re.search(r"HIPDNN_TYPE_PADDING_MODE = 30,\n\n    /\*\* @brief .*\*/\n    HIPDNN_TYPE_EXPERT_ROUTING = 32,\n\n    /\*\*\n     \* @name Extension", tags)
    for rel, include in (("backend/include/hipdnn_backend.h", '#include "HipdnnExpertRouting.h"\n#include "HipdnnMoeGroupedMatmulMode.h"'),
                         ("frontend/include/hipdnn_frontend/Types.hpp", "#include <HipdnnExpertRouting.h>\n#include <HipdnnMoeGroupedMatmulMode.h>")):
        assert include in (checkout / rel).read_text(), rel
    utils = (checkout / "backend/src/descriptors/DescriptorAttributeUtils.cpp").read_text()
    assert utils.endswith("        *elementCount = 1;\n    }\n}\n} // namespace hipdnn_backend\n")  # the file's own closing style
    types_tests = (checkout / "frontend/tests/TestTypes.cpp").read_text()
    pasted = fragments.split((ws / "generated/expert_matmul/registry" / naming.fragment_file("enum_test_types.inc")).read_text())[1]
    assert types_tests.endswith("\n\n" + pasted)
    after = {rel: (checkout / rel).read_bytes() for rel in ENUM_SHARED_FILES.values()}
    assert run_cli("apply", "--hipdnn-root", str(checkout), "expert_matmul", cwd=ws).code == 0
    assert {rel: (checkout / rel).read_bytes() for rel in ENUM_SHARED_FILES.values()} == after

    assert run_cli("generate", cwd=ws).code == 0  # the other ops' headers, for the shared stand-ins
    specs = sorted(load(ws).specs, key=lambda s: s.op)
    stubs = tmp_path / "stubs"
    write_stubs(specs, ws / "generated", stubs)
    other = [s for s in specs if s.op != "expert_matmul"]
    flags = [*include_flags(other, ws / "generated", stubs), f"-I{checkout / 'frontend/include'}",
             f"-I{checkout / 'test_sdk/include'}", f"-I{checkout / 'backend/include'}"]
    names = naming.OpNames(spec)
    frontend = [checkout / names.frontend_attributes_test, checkout / names.frontend_node_test, checkout / names.graph_test]
    assert build_and_run(tmp_path / "tests_binary", flags, [*frontend, *enum_units(specs, ws / "generated", stubs), LINK_STUBS, BACKEND_LINK_STUBS]) > 40


FIXTURE_DRIFT = REPO / "tests" / "golden" / "check_fixture_tree.txt"


def test_check_against_the_fixture_tree_reports_nothing():
    """The fixture tree and the repository's specs and registry agree (issue 40, item 10; issue 33):
    every shipped op's per-op files match hipDNN's API as the fixture transcribes it (Attributes
    classes, constants headers, attribute test names), with no error and no warning."""
    result = run_cli("check", "--hipdnn-root", str(FIXTURE), cwd=REPO)
    output = result.out + result.err
    if UPDATE:
        FIXTURE_DRIFT.write_text(output)
        pytest.fail(f"rewrote {FIXTURE_DRIFT}")
    assert output == FIXTURE_DRIFT.read_text()
    assert result.code == 0 and not re.findall(r"^\S+: (\w+)\[([A-Z-]+)\]", result.out, re.M)


def _without_drift(output: str) -> str:
    """`output` without its DRIFT-API findings (each line and the notes indented under it)."""
    kept: list[str] = []
    dropping = False
    for line in output.splitlines(keepends=True):
        if not line.startswith(" "):
            dropping = "error[DRIFT-API]" in line
        if not dropping:
            kept.append(line)
    return "".join(kept)


@pytest.mark.parametrize("dry_run", [False, True], ids=["apply", "dry-run"])
def test_apply_refuses_what_check_hipdnn_root_rejects(tmp_path, dry_run):
    """An error `check --hipdnn-root` reports stops apply before it plans anything: exit 1, the
    finding as check prints it, and the checkout byte-identical."""
    root = _case_checkout(tmp_path, "checkout-conflict")
    before = tree(root)
    check = run_cli("check", "--no-stale", "--hipdnn-root", str(root), cwd=REPO)
    assert check.code == 1
    result = run_cli("apply", "--hipdnn-root", str(root), *(["--dry-run"] if dry_run else []), cwd=REPO)
    assert result.code == 1, result.out + result.err
    finding = (
        "op_specs/layernorm_bwd.yaml:15:92: error[HDR-CONFLICT]: descriptor type HIPDNN_BACKEND_OPERATION_LAYERNORM_BACKWARD_DESCRIPTOR_EXT"
        " is 35 here but 45 in the checkout\n"
        f"    {os.path.relpath(root, REPO)}/backend/include/HipdnnBackendDescriptorType.h:145:5: note: defined here\n"
    )
    # check also reports the known drift of the adopted ops (FIXTURE_DRIFT), which apply leaves to check
    assert result.out == _without_drift(check.out) == finding
    assert result.err == "1 error(s) in op_specs\nnothing was written\n"
    assert tree(root) == before


INCLUDING = [  # every shared file an op without enums or a CPU reference adds an #include to
    "frontend/include/hipdnn_frontend/Graph.hpp",
    "frontend/include/hipdnn_frontend/detail/OperationUnpacker.hpp",
    "backend/src/descriptors/DescriptorFactory.cpp",
    "backend/src/descriptors/NodeFactory.cpp",
    "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/utilities/json/Graph.hpp",
]


@pytest.fixture(scope="module")
def two_op_workspace(tmp_path_factory):
    """This repository's specs plus two new ops whose includes sort just after the SDPA ones."""
    ws = tmp_path_factory.mktemp("ws2")
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    for op in ("softmax", "swiglu"):
        result = run_cli("add-op", op, "--hipdnn-root", str(FIXTURE), cwd=ws)
        assert result.code == 0, result.out + result.err
        spec = ws / "op_specs" / f"{op}.yaml"  # reviewed: the skeleton's x -> y is the op's shape
        spec.write_text(spec.read_text().replace("skeleton: true\n", "", 1))
    result = run_cli("check", "--fix", cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


def test_includes_of_new_ops_never_land_in_a_conditional_block(tmp_path, two_op_workspace):
    """Issue 40, item 1: each include goes among the unconditional ones at its sorted place, after
    the `#ifdef HIPDNN_ENABLE_SDPA` block whose includes sort before it; a conditional wrapping a
    whole header is not a block."""
    root = _case_checkout(tmp_path, "conditional-includes")
    result = run_cli("apply", "--hipdnn-root", str(root), "softmax", "swiglu", cwd=two_op_workspace)
    assert result.code == 0, result.out + result.err
    shown = []
    for rel in INCLUDING:
        lines = (root / rel).read_text().splitlines()
        end = next(i for i, line in enumerate(lines) if line.startswith("namespace"))
        shown += [f"== {rel}"] + [line for line in lines[:end] if line.startswith("#")]
    expected = CASES / "conditional-includes" / "expected.txt"
    if UPDATE:
        expected.write_text("\n".join(shown) + "\n")
        pytest.fail(f"rewrote {expected}")
    assert "\n".join(shown) + "\n" == expected.read_text()


def test_an_include_is_placed_outside_blocks_under_a_header_guard():
    from codegen.hipdnn.apply import Source, insert_include

    text = (
        "#ifndef GUARD_H\n#define GUARD_H\n\n#include <a/B.hpp>\n#include <a/C.hpp>\n#if X\n#include <a/D.hpp>\n"
        "#else\n#include <a/E.hpp>\n#endif\n#include <a/F.hpp>\n\nint f();\n\n#endif // GUARD_H\n"
    )
    placed = {}
    for name in ("A", "Ca", "Ea", "Z"):
        source = Source.read("x.hpp", text.encode())
        insert_include(source, f"#include <a/{name}.hpp>", "x.hpp")
        placed[name] = source.encode().decode()
    assert placed["A"] == text.replace("#include <a/B.hpp>\n", "#include <a/A.hpp>\n#include <a/B.hpp>\n")
    assert placed["Ca"] == text.replace("#if X\n", "#include <a/Ca.hpp>\n#if X\n")  # before the block
    assert placed["Ea"] == text.replace("#include <a/F.hpp>\n", "#include <a/Ea.hpp>\n#include <a/F.hpp>\n")  # after it
    assert placed["Z"] == text.replace("#include <a/F.hpp>\n", "#include <a/F.hpp>\n#include <a/Z.hpp>\n")


def _apply_into(tmp_path: Path, name: str, ws: Path, ops: list[str]) -> tuple[str, dict[str, bytes]]:
    root = tmp_path / name / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    result = run_cli("apply", "--hipdnn-root", str(root), *ops, cwd=ws)
    assert result.code == 0, result.out + result.err
    return (result.out + result.err).replace(f"/{name}/", "/RUN/"), tree(root)


@pytest.mark.parametrize("context", [0, 2, 30])
def test_windowed_formatting_applies_exactly_what_whole_files_do(tmp_path, monkeypatch, two_op_workspace, context):
    """Issue 35 item 11: a long file is formatted in windows around the added lines (with the
    braces and #if blocks enclosing them) instead of whole. Forced onto every file, at any window
    size, it must write exactly what formatting whole files writes."""
    from codegen.hipdnn import apply as applying
    from codegen.plumbing import formatting

    # the two new ops: the ops op_specs/ adopted from the fixture tree are there already (their own
    # files hipDNN's, HAND_WRITTEN), and the fixture's shortened shared files lack only their entries
    new_ops = ["softmax", "swiglu"]
    whole = _apply_into(tmp_path, "whole", two_op_workspace, new_ops)
    sizes: list[int] = []
    real = formatting.format_ranges
    monkeypatch.setattr(formatting, "format_ranges", lambda text, *a: sizes.append(text.count("\n")) or real(text, *a))
    monkeypatch.setattr(applying, "WINDOW_FROM_LINES", 0)
    monkeypatch.setattr(applying, "WINDOW_CONTEXT", context)
    windowed = _apply_into(tmp_path, "windowed", two_op_workspace, new_ops)
    assert windowed == whole
    assert sizes and max(sizes) < 200  # no file went to clang-format whole (the fixture's longest has 400+ lines)


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_apply_case_with_every_file_formatted_in_windows(case, checkout, monkeypatch):
    """Every apply case prints and writes exactly its pinned result when each file is formatted in
    windows (one line of context) rather than whole."""
    from codegen.hipdnn import apply as applying

    monkeypatch.setattr(applying, "WINDOW_FROM_LINES", 0)
    monkeypatch.setattr(applying, "WINDOW_CONTEXT", 1)
    test_apply_case(case, checkout)


def test_apply_runs_the_checkouts_header_scripts_and_a_second_apply_does_not(tmp_path):
    """The fixture's stand-in scripts regenerate both headers from the applied schemas: the new
    table is in them, at the MAX the static_assert pins; nothing changes the second time."""
    root = _case_checkout(tmp_path, "header-scripts")
    first = run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO)
    assert first.code == 0, first.out + first.err
    assert "ran scripts/gen_cache_key.py:" in first.out and "ran scripts/gen_node_operands.py:" in first.out
    headers = root / "flatbuffers_sdk/include/hipdnn_flatbuffers_sdk/data_objects"
    operands = (headers / "node_operands_generated.h").read_text()
    assert "// LayernormBackwardAttributes:\n//     tensor dy\n" in operands
    assert "NodeAttributes::MAX == NodeAttributes::MoeGroupedMatmulBwdAttributes" in (headers / "cachekey_generated.h").read_text()
    after = tree(root)
    second = run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO)
    assert second.code == 0 and "ran scripts" not in second.out and tree(root) == after


def test_a_header_script_that_never_finishes_is_stopped_at_its_bound_and_nothing_is_written(tmp_path, monkeypatch):
    """A script that waits forever (it never finishes on its own, so only the bound can end it) is
    stopped after HIPDNN_CODEGEN_SCRIPT_TIMEOUT seconds: APPLY-SCRIPT, and the checkout is as before."""
    root = _case_checkout(tmp_path, "header-scripts")
    (root / "scripts/gen_cache_key.py").write_text("import threading\n\nprint('waiting')\nthreading.Event().wait()\n")
    before = tree(root)
    monkeypatch.setenv("HIPDNN_CODEGEN_SCRIPT_TIMEOUT", "1")
    result = run_cli("apply", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO)
    assert result.code == 1, result.out + result.err
    assert "scripts/gen_cache_key.py:1:1: error[APPLY-SCRIPT]: did not finish within 1 s (HIPDNN_CODEGEN_SCRIPT_TIMEOUT sets the bound)" in result.out
    assert tree(root) == before
