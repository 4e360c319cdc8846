"""add-op NAME --hipdnn-root DIR: reuse the numbers a hipDNN checkout already defines for the op.

Each directory under tests/adopt_cases/ holds a small checkout (checkout/, headers and graph.fbs in
hipDNN's formats; from-fixture.txt lists files taken as they are from tests/fixtures/hipdnn_tree, the
case's own checkout/ laid over them), args.txt (the add-op arguments) and maybe input.fbs; `add-op
ARGS --hipdnn-root checkout --dry-run`, run in a copy of this repository's workspace, must print
exactly expected.txt.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import REPO, UPDATE, run_cli

ADOPT_CASES = Path(__file__).resolve().parent / "adopt_cases"
CASE_DIRS = sorted(p for p in ADOPT_CASES.iterdir() if (p / "args.txt").is_file())


# op_specs/ ships these ops, adopted from tests/fixtures/hipdnn_tree; the cases adopt them afresh, so
# they run in a workspace without them whose registry still holds their entries (the shipped
# registry before they were handed over, kept beside the cases).
SHIPPED_ADOPTED = ("batchnorm", "batchnorm_bwd", "batchnorm_inference", "block_scale_dequantize", "block_scale_quantize", "rmsnorm_bwd")


@pytest.fixture(scope="module")
def _before_adoption(tmp_path_factory):
    ws = tmp_path_factory.mktemp("before_adoption")
    shutil.copytree(REPO / "op_specs", ws / "op_specs", ignore=shutil.ignore_patterns(*(f"{op}.yaml" for op in SHIPPED_ADOPTED)))
    shutil.copy(ADOPT_CASES / "registry_before_adoption.yaml", ws / "op_specs" / "registry.yaml")
    result = run_cli("generate", cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


@pytest.fixture
def workspace(tmp_path, _before_adoption):
    """This repository's workspace as it was before op_specs/ adopted SHIPPED_ADOPTED."""
    ws = tmp_path / "ws"
    shutil.copytree(_before_adoption, ws)
    return ws


def _case_checkout(case: Path, tree: Path) -> None:
    """A case's checkout: the fixture files its from-fixture.txt lists, then its own checkout/ over them."""
    listed = case / "from-fixture.txt"
    for rel in listed.read_text().split() if listed.is_file() else ():
        assert (FIXTURE / rel).is_file(), f"{listed}: {rel} is no file of the fixture tree"
        (tree / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(FIXTURE / rel, tree / rel)
    if (case / "checkout").is_dir():
        shutil.copytree(case / "checkout", tree, dirs_exist_ok=True)
    assert tree.is_dir(), f"{case} has neither checkout/ nor from-fixture.txt"


def _run(case: Path, workspace: Path, *extra: str):
    _case_checkout(case, workspace / "checkout")
    for schema in case.glob("*.fbs"):
        shutil.copy(schema, workspace / schema.name)
    args = (case / "args.txt").read_text().split()
    # a case adopts its op afresh: a spec the workspace ships for it (sdpa_bwd, layernorm_bwd) goes first
    (workspace / "op_specs" / f"{args[0]}.yaml").unlink(missing_ok=True)
    return run_cli("add-op", *args, "--hipdnn-root", "checkout", *extra, cwd=workspace)


@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_adopt_case(case, workspace):
    result = _run(case, workspace, "--dry-run")
    expected = case / "expected.txt"
    if UPDATE:
        expected.write_text(result.out + result.err)
        pytest.fail(f"rewrote {expected}")
    assert result.out + result.err == expected.read_text()
    assert result.code == (1 if "error[" in result.out else 0)
    assert "internal error" not in result.err


# Issue 33's irregular-name patterns, each with the case that covers it and the exact line of its
# expected.txt (the output the case pins whole) that shows the checkout's name taken: the case's
# README says which of hipDNN's files, by search-index id, the name was checked against.
NAME_PATTERNS = {
    "_XDESC": ("block-scale-quantize-names", "  HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_XDESC (derived: HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_X_EXT): "),
    "_YDESC": ("block-scale-quantize-names", "  HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_YDESC (derived: HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_Y_EXT): "),
    "_SCALE_DESC": ("block-scale-quantize-names", "  HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_DESC (derived: HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_SCALE_EXT): "),
    "_MATH_PREC": ("block-scale-quantize-names", "  HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_MATH_PREC (derived: HIPDNN_ATTR_BLOCK_SCALE_QUANTIZE_COMP_TYPE_EXT): "),
    "INF not INFERENCE": ("batchnorm-inference-comp-type", "  HIPDNN_ATTR_BATCHNORM_INF_COMP_TYPE_EXT (derived: HIPDNN_ATTR_BATCHNORM_INFERENCE_COMP_TYPE_EXT): "),
    "with HIPDNN_ATTR_OPERATION_": ("block-scale-quantize-names", "  HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE (derived: HIPDNN_ATTR_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE_EXT): "),
    "without HIPDNN_ATTR_OPERATION_": ("batchnorm-inference-comp-type", "compute_type: {attribute: HIPDNN_ATTR_BATCHNORM_INF_COMP_TYPE_EXT, id: 1806}"),
    "descriptor type without _EXT": ("block-scale-quantize-names", "  HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR (derived: HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR_EXT): "),
    "stem from the table": ("rmsnorm-bwd-handoff", "stem: RMSNormBackward"),
    "cuDNN alias": ("flag-default-setter-body", "  cudnn_alias: Rmsnorm_backward_attributes"),
    "NodeType from NodeType.hpp": ("rmsnorm-bwd-handoff", "  RMS_NORM_BACKWARD (derived: RMSNORM_BACKWARD): checkout/frontend/include/hipdnn_frontend/node/NodeType.hpp:30:5"),
}


@pytest.mark.parametrize("pattern", NAME_PATTERNS)
def test_each_irregular_name_pattern_has_its_case(pattern):
    """Each pattern's case (run by test_adopt_case, which compares its whole output) shows the
    checkout's name taken on the line given, and its README names the pattern."""
    case, line = NAME_PATTERNS[pattern]
    assert any(got.startswith(line) for got in (ADOPT_CASES / case / "expected.txt").read_text().splitlines()), f"{case}: no line {line!r}"
    assert (ADOPT_CASES / case / "README.md").is_file()


def test_every_shipped_op_has_its_own_case():
    """One data-driven case per op op_specs/ ships, each with a README naming its ids."""
    cased = {(case / "args.txt").read_text().split()[0]: case for case in CASE_DIRS}
    assert set(SPECS) <= set(cased), sorted(set(SPECS) - set(cased))


def test_adopted_spec_passes_check(workspace):
    """The adopted numbers make a spec that check accepts, and the message says what was adopted."""
    result = _run(ADOPT_CASES / "with-fbs", workspace)
    assert result.code == 0, result.out + result.err
    assert "numbers adopted from the hipDNN checkout at checkout (not allocated):" in result.out
    text = (workspace / "op_specs" / "groupnorm_bwd.yaml").read_text()
    assert "attribute_range: [4000, 4099]" in text and "value: 45}" in text and "union_position: 28" in text
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0, check.out + check.err


def test_partial_match_reports_each_mismatch_with_both_places(workspace):
    """Only real mismatches (a name the checkout has, with a number that cannot be the op's) are
    findings: the compute type outside the block and the operation type op_specs/ already use. The
    descriptor type spelled without _EXT is taken, the attribute and union member the checkout
    lacks are allocated."""
    result = _run(ADOPT_CASES / "partial-match", workspace, "--dry-run")
    assert result.code == 1
    errors = [line for line in result.out.splitlines() if "error[HDR-CONFLICT]" in line]
    notes = [line for line in result.out.splitlines() if line.startswith("    ") and "note:" in line]
    assert len(errors) == 2 and len(notes) == len(errors)
    assert not (workspace / "op_specs" / "groupnorm_bwd.yaml").exists()


def _other_warnings(out: str) -> list[str]:
    """Warnings other than SPEC-WORK-MISSING: these cases' checkouts carry no EngineFeatures.hpp, so
    adoption finds no work model to read and the adopted op is told to declare its work
    (tests/cases/spec-work-missing pins that warning)."""
    return [line for line in out.splitlines() if "warning[" in line and "warning[SPEC-WORK-MISSING]" not in line]


def test_registry_handoff_passes_the_ops_entries_to_its_spec(workspace):
    """add-op for an op the registry owns (hipDNN's RMSNorm backward, its real schema) adopts it:
    no refusal, the registry's entries for it leave registry.yaml, which lists the op under specs,
    and check against the checkout reports nothing."""
    before = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "RMSNORM_BACKWARD" in before and "RMSNormBackwardAttributes" in before
    result = _run(ADOPT_CASES / "rmsnorm-bwd-handoff", workspace)
    assert result.code == 0, result.out + result.err
    assert "registry entries passed to the spec (removed from op_specs/registry.yaml): 13" in result.out
    after = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "RMSNORM_BACKWARD" not in after and "RMSNormBackwardAttributes" not in after and "RMS_NORM_BACKWARD" not in after
    assert "specs: [layernorm_bwd, rmsnorm_bwd, sdpa_bwd]" in after
    spec = (workspace / "op_specs" / "rmsnorm_bwd.yaml").read_text()
    assert "stem: RMSNormBackward" in spec and "node_type: {name: RMS_NORM_BACKWARD, value: 19}" in spec
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0 and not _other_warnings(check.out), check.out + check.err
    again = run_cli("add-op", "rmsnorm_bwd", cwd=workspace)  # the spec exists: nothing changes
    assert again.code == 0 and (workspace / "op_specs" / "registry.yaml").read_text() == after


def test_registry_alone_is_adopted_from_without_a_checkout(workspace):
    """Without --hipdnn-root, the registry's own entries for the op are its numbers."""
    shutil.copy(ADOPT_CASES / "rmsnorm-bwd-handoff" / "rmsnorm_backward_attributes.fbs", workspace)
    result = run_cli("add-op", "rmsnorm_bwd", "--from-fbs", "rmsnorm_backward_attributes.fbs", "--dry-run", cwd=workspace)
    assert result.code == 0, result.out + result.err
    assert "numbers adopted from the registry at op_specs/registry.yaml (not allocated):" in result.out
    assert "attribute_range: [3500, 3599]" in result.out and "union_position: 17}" in result.out
    assert "descriptor_type: {name: HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT, value: 33}" in result.out


def test_names_the_checkout_defines_raise_no_naming_warning(workspace):
    """block-scale quantize keeps hipDNN's names (_XDESC, _MATH_PREC, a descriptor type without
    _EXT): check against the checkout warns about none of them, and neither does check alone, since
    the registry now lists the op under `specs:` (its entries were handed over from the checkout;
    tests/test_generate.py shows the warnings back for an op the registry does not list)."""
    result = _run(ADOPT_CASES / "block-scale-quantize-names", workspace)
    assert result.code == 0, result.out + result.err
    assert not _other_warnings(result.out)
    with_checkout = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert with_checkout.code == 0 and not _other_warnings(with_checkout.out), with_checkout.out
    alone = run_cli("check", cwd=workspace)
    assert alone.code == 0 and not _other_warnings(alone.out), alone.out


def test_nested_blocks_adopted_into_two_specs_check_clean(workspace):
    """Quantize (2800-2899) and dequantize (2807-2899, inside it) both adopted: each spec states
    the share with the other, and neither check nor add-op reports CHK-RANGE-OVERLAP."""
    assert _run(ADOPT_CASES / "block-scale-quantize-names", workspace).code == 0
    shutil.rmtree(workspace / "checkout")
    result = _run(ADOPT_CASES / "block-scale-dequantize-shared", workspace)
    assert result.code == 0, result.out + result.err
    quantize = (workspace / "op_specs" / "block_scale_quantize.yaml").read_text()
    dequantize = (workspace / "op_specs" / "block_scale_dequantize.yaml").read_text()
    assert "  - {with: BLOCK_SCALE_DEQUANTIZE, range: [2807, 2899]}" in quantize
    assert "  - {with: block_scale_quantize, range: [2807, 2899]}" in dequantize
    registry = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "BLOCK_SCALE" not in registry
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0 and not _other_warnings(check.out), check.out + check.err


# --- every op schema hipDNN has, adopted from the fixture checkout ----------------------------------

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
SCHEMAS = FIXTURE / "flatbuffers_sdk" / "schemas"


def _fixture_ops() -> list[tuple[str, str]]:
    """(op id, schema file) of every op row in the fixture's OPS.md, plus pooling forward (stored
    upstream, in no union): the 24 op schemas of tests/schema_cases/."""
    import re

    rows = re.findall(r"^\| ([a-z][a-z_0-9]*) \| ([a-z_0-9]+\.fbs)", (FIXTURE / "OPS.md").read_text(), re.M)
    return [*rows, ("pooling_fwd", "pooling_fwd_attributes.fbs")]


FIXTURE_OPS = _fixture_ops()


def _numbering_checkout(tmp: Path) -> Path:
    """The fixture tree without any op's frontend files (Attributes classes, nodes, test constants,
    attribute tests): the numbering headers, NodeType.hpp, Graph.hpp and graph.fbs, so derived frontend
    names are used."""
    tree = tmp / "checkout"
    shutil.copytree(FIXTURE, tree)
    for folder, pattern in (
        ("frontend/include/hipdnn_frontend/attributes", "*.hpp"),
        ("frontend/include/hipdnn_frontend/node", "*Node.hpp"),  # not NodeType.hpp
        ("test_sdk/include/hipdnn_test_sdk/constants", "*.hpp"),
        ("frontend/tests", "Test*Attributes.cpp"),
    ):
        for path in (tree / folder).glob(pattern):
            path.unlink()
    return tree


def test_fixture_holds_every_op_schema():
    """The ops below are every op schema of tests/schema_cases/ (hipDNN's, one per op: the
    newest graph.fbs union's and pooling forward), and the count is printed."""
    real = sorted(p.name for p in (REPO / "tests" / "schema_cases").glob("*_attributes*.fbs"))
    assert sorted(schema for _, schema in FIXTURE_OPS) == real
    assert len(FIXTURE_OPS) == 24 and len({op for op, _ in FIXTURE_OPS}) == 24
    print(f"op schemas adopted from the fixture checkout: {len(FIXTURE_OPS)} of {len(real)} (each a test_every_hipdnn_op_schema_adopts_and_checks_clean case)")


@pytest.mark.parametrize("op,schema", FIXTURE_OPS, ids=[op for op, _ in FIXTURE_OPS])
def test_every_hipdnn_op_schema_adopts_and_checks_clean(tmp_path, workspace, op, schema):
    """add-op NAME --from-fbs SCHEMA --hipdnn-root DIR writes a spec with no error and no hand edit,
    and check --hipdnn-root DIR on the result reports no error. A shipped op's spec is deleted first
    (its schema is not in the fixture: it is read from tests/schema_cases/ beside the shared ones)."""
    tree = _numbering_checkout(tmp_path)
    source = tree / "flatbuffers_sdk" / "schemas" / schema
    if not source.is_file():
        shutil.copy(REPO / "tests" / "schema_cases" / schema, source)
    (workspace / "op_specs" / f"{op}.yaml").unlink(missing_ok=True)  # a shipped op's spec
    result = run_cli("add-op", op, "--from-fbs", str(source), "--hipdnn-root", str(tree), cwd=workspace)
    assert "internal error" not in result.err
    assert result.code == 0, result.out + result.err
    assert (workspace / "op_specs" / f"{op}.yaml").is_file()
    check = run_cli("check", "--hipdnn-root", str(tree), cwd=workspace)
    assert check.code == 0 and "error[" not in check.out, check.out + check.err


def test_sdpa_forward_adopts_mma_core_mode_as_hipdnns_data_type(tmp_path, workspace):
    """The last schema that did not adopt: SDPA forward's mma_core_mode is hipDNN's own DataType
    (data_types.fbs), taken as it is (tag HIPDNN_TYPE_DATA_TYPE, UNSET "not chosen"); the packer
    sets it only when chosen, through toHipdnnDataType, as hipDNN's SdpaFwd packer does."""
    tree = _numbering_checkout(tmp_path)
    source = tree / "flatbuffers_sdk" / "schemas" / "sdpa_attributes.fbs"
    result = run_cli("add-op", "sdpa_fwd", "--from-fbs", str(source), "--hipdnn-root", str(tree), cwd=workspace)
    assert result.code == 0, result.out + result.err
    spec = (workspace / "op_specs" / "sdpa_fwd.yaml").read_text()
    assert "    enum:\n      name: DataType\n      schema: data_types.fbs\n      type_tag: HIPDNN_TYPE_DATA_TYPE\n" in spec
    assert "        - {name: UNSET, value: 0, sentinel: true}\n" in spec and "    mma_core_mode: HALF\n" in spec
    packer = next((workspace / "generated" / "sdpa_fwd").rglob("*Packer.hpp")).read_text()
    assert "toHipdnnDataType(attributes.get_mma_core_mode())" in packer and "// NOT_SET: not chosen, left unset" in packer
    descriptor = next((workspace / "generated" / "sdpa_fwd").rglob("*OperationDescriptor.cpp")).read_text()
    assert "setDataType(_data.mma_core_mode" in descriptor and "MMA_CORE_MODE not set" not in descriptor


# --- the checkout's C++: Graph method, Attributes class -------------------------------------------


def _adopt_dry(workspace: Path, op: str) -> str:
    result = run_cli("add-op", op, "--hipdnn-root", str(FIXTURE), "--dry-run", cwd=workspace)
    assert result.code == 0, result.out + result.err
    return result.out


def test_rmsnorm_bwd_takes_graph_method_flag_and_three_returns(workspace):
    """The schema is found in the checkout by its table; Graph::rmsnorm_backward returns dx, dscale
    and the optional dbias; compute_dbias is a frontend-only flag with has_dbias its alias; the
    cuDNN alias is hipDNN's Rmsnorm_backward_attributes; roles from InputNames/OutputNames."""
    out = _adopt_dry(workspace, "rmsnorm_bwd")
    assert "frontend:\n  graph_method: rmsnorm_backward\n  cudnn_alias: Rmsnorm_backward_attributes\n" in out
    assert "    - {name: compute_dbias, default: false, aliases: [has_dbias], creates: [dbias]}\n" in out
    assert "  graph_returns: [dx, dscale, dbias]\n" in out
    assert "tensor roles from the checkout's RMSNormBackwardAttributes InputNames/OutputNames: dy input, x input, scale input, inv_rms input, dx output, dscale output, dbias output" in out
    assert "attributes_class" not in out  # RMSNormBackwardAttributes is the derived name
    # test constants: RMSNormBackwardConstants.hpp, the derived prefix K_RMSNORMBACKWARD_ (not written)
    assert "    inv_rms: {uid: 73, dims: [1, 1, 1, 1], strides: [1, 1, 1, 1]}\n" in out and "constants_prefix" not in out


def test_sdpa_bwd_stem_comes_from_the_checkouts_file_names(workspace):
    """SDPA backward's table is SdpaBackwardAttributes, but hipDNN names its files SdpaBwd*
    (the fixture's SdpaBwdConstants.hpp, id 55315781748): the stem is SdpaBwd, the Attributes class
    keeps the table's name (written, as it is not the derived SdpaBwdAttributes), and the constants
    header is then found under that stem."""
    (workspace / "op_specs" / "sdpa_bwd.yaml").unlink(missing_ok=True)
    out = _adopt_dry(workspace, "sdpa_bwd")
    assert "\nstem: SdpaBwd\n" in out and "  attributes_class: SdpaBackwardAttributes\n" in out
    assert ("  stem SdpaBwd (not the table's SdpaBackward): the checkout's test_sdk/include/hipdnn_test_sdk/constants/SdpaBwdConstants.hpp, "
            "frontend/include/hipdnn_frontend/node/SdpaBwdNode.hpp\n") in out
    # the node SdpaBwdNode.hpp holds SdpaBackwardAttributes: its infer_properties_node() gives dq, dk, dv
    assert "  output shapes from SdpaBwdNode.hpp: dq = q.dims, dk = k.dims, dv = v.dims\n" in out  # packed strides
    assert "  constants_prefix: K_SDPA_BWD_\n" in out and "    q: {uid: 90, dims: [2, 4, 128, 64], strides: [32768, 8192, 64, 1]}\n" in out


def test_batchnorm_inference_returns_one_tensor(workspace):
    out = _adopt_dry(workspace, "batchnorm_inference")
    assert "frontend:\n  graph_returns: y\n\ntensors:" in out
    assert "compute_type: {attribute: HIPDNN_ATTR_BATCHNORM_INF_COMP_TYPE_EXT, id: 1806}" in out
    assert "graph_method" not in out and "cudnn_alias" not in out  # both equal the derived names
    # K_TENSOR_X_UID = 70 ... in hipdnn_tests::constants::batchnorm_inference: a namespace of its own, so
    # its bare K_ prefix is kept, and RMSNorm backward's 70-76 (shared namespace) do not move them
    assert "  constants_prefix: K_\n  constants_namespace: batchnorm_inference\n  shapes_prefix: K_\n" in out
    assert "  shapes:\n    SPATIAL: {dims: [1, 64, 32, 32], strides: [65536, 1024, 32, 1]}\n    CHANNEL: {dims: [1, 64, 1, 1], strides: [64, 1, 1, 1]}\n" in out
    assert "shared shapes SPATIAL, CHANNEL (K_<SHAPE>_DIMS/_STRIDES): no checkout file assigns them to tensors" in out
    # the node's checks (BatchnormInferenceNode.hpp's helper calls) then pick the shapes: x and y
    # SPATIAL, the channel-only tensors CHANNEL
    assert "    x: {uid: 70, shape: SPATIAL}\n" in out and "    y: {uid: 75, shape: SPATIAL}\n" in out and "    mean: {uid: 71, shape: CHANNEL}\n" in out
    assert "  - {id: scale-channels, requires: \"scale.dims[1] == x.dims[1]\", message: scale channel dimension (index 1) must equal the channels of x}\n" in out
    # y = x where the node compares it: after x's positive dims and strides, among the checks
    assert "x strides must be set, one per dimension, and positive\"}\n  - same_shape: [x, y]\n  - {id: scale-batch," in out and "inference:\n  - {tensor: y, from: x}\n" in out
    assert "\nrules:" not in out
    assert "checks from BatchnormInferenceNode.hpp pre_validate_node(): x-min-rank, scale-min-rank," in out
    assert "first assignment (in the header's shape order) that passes the node's checks: x SPATIAL, mean CHANNEL" in out


def test_batchnorm_adopts_the_graph_methods_exact_api(workspace):
    """BatchnormAttributes declares no constructor; Graph::batchnorm takes x, scale and bias only
    (not epsilon, a required input) and creates mean and inv_variance outside any branch, the next
    running stats inside one that requires the previous ones and momentum (graph_creates_when)."""
    out = _adopt_dry(workspace, "batchnorm")
    assert ("  graph_returns: [y, mean, inv_variance, next_running_mean, next_running_variance]\n  constructor: false\n  graph_params: [x, scale, bias]\n"
            "  graph_creates: [mean, inv_variance, next_running_mean, next_running_variance]\n  graph_creates_when:\n"
            "    next_running_mean: [prev_running_mean, prev_running_variance, momentum]\n"
            "    next_running_variance: [prev_running_mean, prev_running_variance, momentum]\n\ntensors:") in out
    assert "BatchnormAttributes declares no constructor" in out and "Graph::batchnorm creates mean, inv_variance on every call" in out
    assert "Graph::batchnorm creates next_running_mean only when prev_running_mean, prev_running_variance, momentum are set" in out


def test_block_scale_dequantize_adopts_private_fields_setter_forms_and_equality(workspace):
    """Private data members, a const& getter, the element/array/const& setter overloads in file order,
    the fields each equality hook compares, and the one field the constants header has."""
    out = _adopt_dry(workspace, "block_scale_dequantize")
    assert "id: 2810, frontend: {private: true, getter_returns: const_ref, setter_forms: [element, array, const_ref]}}" in out
    assert "id: 2811, frontend: {private: true}}" in out
    assert "frontend:\n  graph_returns: y\n  equality: {logical: [block_size], strict: [block_size, is_negative_scale]}\n\ntensors:" in out
    assert "  constants_prefix: K_BLOCK_SCALE_DEQUANTIZE_\n  field_constants: [block_size]\n" in out
    assert "    block_size: 32\n" in out  # the header's scalar, as the spec writes a one-element vector
    assert "BlockScaleDequantizeAttributes's logicallyEqualsImpl compares block_size, strictEqualsImpl block_size, is_negative_scale" in out


def test_block_scale_quantize_optional_block_size_and_scale_output(workspace):
    out = _adopt_dry(workspace, "block_scale_quantize")
    assert "  - {name: block_size, type: int32, attribute: HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_BLOCK_SIZE, id: 2803, frontend: {private: true, optional: true, required_to_pack: true}}" in out
    assert "  - {name: axis, type: int64, optional: true, attribute: HIPDNN_ATTR_OPERATION_BLOCK_SCALE_QUANTIZE_AXIS_EXT, id: 2804, frontend: {private: true}}" in out
    assert "id: 2802, role: output}" in out and "x input, y output, scale output" in out
    assert "BlockScaleQuantizePacker.hpp refuses to pack it unset (required_to_pack)" in out
    # Graph::block_scale_quantize returns [y, scale], the default: frontend holds only the equality hooks,
    # the strict one calling the logical one (upstream's class, id 65082676230)
    assert "\n\n# hipDNN's frontend names where they differ from the derived ones (read from the checkout)\nfrontend:\n  equality: {logical: [block_size, axis, transpose], strict: [block_size, axis, transpose]}\n\ntensors:" in out
    assert "  constants_prefix: K_BSQ_\n" in out and "    scale: {uid: 1402, dims: [1, 1, 64, 4], strides: [256, 256, 4, 1]}\n" in out
    assert "    block_size: 32\n" in out


# --- round trip: delete a spec, adopt it back from the fixture checkout -----------------------------

SPECS = sorted(p.stem for p in (REPO / "op_specs").glob("*.yaml") if p.name != "registry.yaml")
# The cuDNN shim of a checkout names the op's cudnn-frontend class and Graph method (graph_properties.h's
# `using hipdnn_frontend::graph::Batchnorm_attributes;`, id 58864186909; graph_wrapper.h's forwarding
# method, id 65025641253), which adoption lists for review; the key also needs cudnn-frontend's setters
# and cuDNN's backend descriptor and attribute names, which no hipDNN file states (the shim's cudnn.h,
# id 64868595332, declares no backend enums), so adoption cannot write it.
# the cudnn-frontend stand-in every op's `cudnn` key is adopted from (add-op --cudnn-frontend-root)
CUDNN_FRONTEND = REPO / "tests" / "fixtures" / "cudnn_frontend_tree"
# the cuDNN stand-in (include/cudnn_graph.h) the names of an op cudnn-frontend builds from other
# operations come from (SDPA backward's SDPA_BWD descriptor and attributes; add-op --cudnn-root)
CUDNN = REPO / "tests" / "fixtures" / "cudnn_tree"
NOT_DERIVABLE_FROM_FIXTURE: dict[tuple[str, str], str] = {}


def _attributes_header(op: str) -> Path:
    import yaml

    spec = yaml.safe_load((REPO / "op_specs" / f"{op}.yaml").read_text())
    frontend = spec.get("frontend") or {}
    cls = frontend.get("attributes_class") or f"{spec['stem']}Attributes"
    return FIXTURE / "frontend" / "include" / (frontend.get("attributes_header") or f"hipdnn_frontend/attributes/{cls}.hpp")


def test_every_shipped_op_round_trips_from_the_fixture():
    """The round trip below covers every spec in op_specs/: the fixture holds every shipped op's
    Attributes class, and the keys it cannot give are listed with their reasons."""
    assert all(_attributes_header(op).is_file() for op in SPECS)
    assert {op for op, _ in NOT_DERIVABLE_FROM_FIXTURE} <= set(SPECS)


SHARED_ENTRIES = ADOPT_CASES / "hipdnn-shared-entries"
BACKEND_FILES = ADOPT_CASES / "hipdnn-backend-files"


@pytest.fixture(scope="module")
def shipped_checkout(tmp_path_factory) -> Path:
    """The fixture tree with the shared-file entries hipDNN has for the shipped ops laid over it
    (tests/adopt_cases/hipdnn-shared-entries: every op's nodeFlops overload in EngineFeatures.hpp,
    every row of docs/OperationSupport.md), and the files added that the fixture leaves for `apply`
    to write: hipDNN's per-op backend descriptor files (tests/adopt_cases/hipdnn-backend-files)."""
    tree = tmp_path_factory.mktemp("shipped") / "checkout"
    shutil.copytree(FIXTURE, tree)
    for path in SHARED_ENTRIES.rglob("*"):
        if path.is_file() and path.name != "README.md":
            target = tree / path.relative_to(SHARED_ENTRIES)
            assert target.is_file(), f"{target} is no file of the fixture: the overlay replaces files, never adds them"
            shutil.copy(path, target)
    for overlay in (BACKEND_FILES,):
        for path in overlay.rglob("*"):
            if path.is_file() and path.name != "README.md":
                target = tree / path.relative_to(overlay)
                assert not target.exists(), f"{target} is a file of the fixture: {overlay.name} adds files, never replaces them"
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(path, target)
    return tree


@pytest.mark.parametrize("op", SPECS)
def test_deleted_spec_adopts_back_from_the_fixture(tmp_path, op, shipped_checkout):
    """Zero hand edits: deleting a shipped spec and adopting the op again from the fixture (with
    hipDNN's shared-file entries for the shipped ops, `shipped_checkout`) writes the same spec back,
    every key (tensors, fields, frontend, flatbuffers, rules, inference, test_data, work, support...)
    equal once parsed, but the keys NOT_DERIVABLE_FROM_FIXTURE names."""
    import yaml

    workspace = tmp_path / "ws"  # the repository's workspace as it ships, every spec in it
    shutil.copytree(REPO / "op_specs", workspace / "op_specs")

    original = yaml.safe_load((workspace / "op_specs" / f"{op}.yaml").read_text())
    (workspace / "op_specs" / f"{op}.yaml").unlink()
    result = run_cli("add-op", op, "--hipdnn-root", str(shipped_checkout), "--cudnn-frontend-root", str(CUDNN_FRONTEND),
                     "--cudnn-root", str(CUDNN), "--dry-run", cwd=workspace)
    assert result.code == 0, result.out + result.err
    body = result.out.split("\n", 1)[1]
    body = "\n".join(line for line in body.split("\n# would generate")[0].split("\n# a skeleton")[0].splitlines())
    adopted = yaml.safe_load(body)
    kept = {key for other, key in NOT_DERIVABLE_FROM_FIXTURE if other == op}
    keys = (set(adopted) | set(original)) - kept
    assert {k: adopted.get(k) for k in sorted(keys)} == {k: original.get(k) for k in sorted(keys)}
    for key in kept:  # a key listed is one the fixture cannot give: adoption leaves it out or writes another value
        assert key in original and adopted.get(key) != original[key], f"{op}: {key} now round-trips, take it off the list"


def test_reduction_tensors_take_the_accessors_input_names_spells(workspace):
    """hipDNN's ReductionAttributes names its tensors X and Y (`input_names`/`output_names`, snake
    case) where the schema says in and out: paired by place, with get_x/set_x and get_y/set_y."""
    out = _adopt_dry(workspace, "reduction")
    assert "role: input, frontend: {enumerator: X, getter: get_x, setter: set_x}}" in out
    assert "role: output, frontend: {enumerator: Y, getter: get_y, setter: set_y}}" in out


def test_resample_bwd_shares_the_resample_block_the_registry_keeps(workspace):
    """Resample backward's own attributes (3408-3410) sit inside the shared 3400-3499 resample block
    (no range of its own in the range list): the block stays the registry's, its `used` shrinks to
    what the op does not take, and the spec states the share."""
    result = run_cli("add-op", "resample_bwd", "--hipdnn-root", str(FIXTURE), cwd=workspace)
    assert result.code == 0, result.out + result.err
    spec = (workspace / "op_specs" / "resample_bwd.yaml").read_text()
    assert "attribute_range: [3400, 3499]\n" in spec and "shared_ranges:\n  - {with: SHARED_RESAMPLE_DESCRIPTOR, range: [3400, 3499]}\n" in spec
    assert "attribute: HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC, id: 3408, role: input}" in spec
    registry = (workspace / "op_specs" / "registry.yaml").read_text()
    assert "  - {owner: SHARED_RESAMPLE_DESCRIPTOR, range: [3400, 3499], used: [[3400, 3407]]}\n" in registry
    assert "HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC" not in registry
    check = run_cli("check", "--hipdnn-root", str(_numbering_checkout(workspace.parent)), cwd=workspace)
    assert check.code == 0, check.out + check.err


def test_element_setter_on_a_scalar_field_is_not_adopted(tmp_path):
    """An element overload (value and index) on a field the schema makes a scalar would fail
    SPEC-FRONTEND-FORM: adoption leaves setter_forms derived and says so. The class is synthetic
    (no hipDNN class has this shape); it only exercises the guard."""
    from codegen.hipdnn import adopt_cxx

    folder = tmp_path / adopt_cxx.ATTRIBUTES_DIR
    folder.mkdir(parents=True)
    (folder / "FooAttributes.hpp").write_text(
        "namespace hipdnn_frontend::graph {\n"
        "class FooAttributes : public Attributes<FooAttributes> {\n"
        "public:\n"
        "    int32_t get_n() const { return n; }\n"
        "    FooAttributes& set_n(int32_t value, int32_t idx = 0) { n = value + idx; return *this; }\n"
        "    FooAttributes& set_n(const int32_t* values, int32_t len = 1) { n = values[len - 1]; return *this; }\n"
        "private:\n"
        "    int32_t n = 0;\n"
        "};\n"
        "}\n"
    )
    found = adopt_cxx._find(tmp_path, "foo", "FooAttributes")
    facts = adopt_cxx.facts(tmp_path, found, "foo", "Foo", [], [("n", False, "int32")])
    assert facts.access["n"] == {"private": True}
    assert "n: set_n overloads element, array in FooAttributes take parts of a field of type int32: setter_forms left derived, review" in facts.lines
    assert facts.constructor is False and facts.equality is None


def _foo_node(root: Path, methods: str):  # type: ignore[no-untyped-def]
    """A synthetic node FooNode (of FooAttributes) under `root` with the method bodies given, and
    the adoption lookup that finds it."""
    from codegen.hipdnn import adopt_cxx

    folder = root / adopt_cxx.NODE_DIR
    folder.mkdir(parents=True)
    (folder / "FooNode.hpp").write_text(
        "namespace hipdnn_frontend::graph {\nclass FooNode : public BaseNode<FooNode, NodeType::FOO> {\npublic:\n" + methods + "};\n}\n"
    )
    return adopt_cxx._Found(None, adopt_cxx._Class("FooAttributes", "FooAttributes", "", None, None))  # type: ignore[arg-type]


def test_node_checks_translate_hipdnns_helpers_and_list_the_calls_they_cannot_read(tmp_path):
    """pre_validate_node()'s helper calls, in order: shape matches sharing a tensor merge into one
    same_shape group, a channel count given as a number is kept as one, and a helper call whose
    arguments name no tensor the op has is listed, not guessed. The node is synthetic (it only
    exercises the translation; batchnorm inference's real form is the fixture's)."""
    from codegen.hipdnn import adopt_cxx

    found = _foo_node(
        tmp_path,
        "    Error pre_validate_node() const override\n"
        "    {\n"
        "        auto a = attributes.get_x();\n"
        "        auto b = attributes.get_dy();\n"
        "        auto c = attributes.get_dx();\n"
        "        auto w = attributes.get_scale();\n"
        "        HIPDNN_CHECK_ERROR(detail::validateTensorShapesMatch(a, b, \"x\", \"dy\"));\n"
        "        HIPDNN_CHECK_ERROR(detail::validateTensorShapesMatchIfSet(c, b, \"dx\", \"dy\"));\n"
        "        HIPDNN_CHECK_ERROR(detail::validateChannelOnlyTensorShape(w, 8, \"scale\"));\n"
        "        HIPDNN_CHECK_ERROR(detail::validateMinimumTensorDimensions(other, 3, \"other\"));\n"
        "        return {};\n"
        "    }\n"
    )
    checked = adopt_cxx.node_checks(tmp_path, found, ["x", "dy", "dx", "scale"])
    assert checked is not None and checked.file == "FooNode.hpp"
    assert checked.rules == [["x", "dy", "dx"]]
    assert [c["id"] for c in checked.checks] == ["scale-min-rank", "scale-batch", "scale-channels", "scale-spatial"]
    assert checked.checks[2] == {"id": "scale-channels", "requires": "scale.dims[1] == 8", "message": "scale channel dimension (index 1) must equal 8"}
    assert checked.untranslated == ['validateMinimumTensorDimensions(other, 3, "other")']


def test_node_checks_translate_inline_conditions_and_list_the_ones_they_cannot_read(tmp_path):
    """HIPDNN_RETURN_IF_FALSE conditions in pre_validate_node(): a required pointer or field set is
    the built-in presence check (no spec check); the heads around a condition become its `when`,
    less what the condition reads anyway; a loop over a list field is `all(...)`; an index chosen
    by a field's presence gives a check per case; a message without values is hipDNN's (the node's
    name dropped), one with values the tool's; a condition of another form (a name no local
    gives, a tensor method it does not read) is listed. The node is
    synthetic (the real forms are the fixture's block-scale and batchnorm nodes)."""
    from codegen.hipdnn import adopt_cxx

    found = _foo_node(
        tmp_path,
        "    Error pre_validate_node() const override\n"
        "    {\n"
        "        HIPDNN_RETURN_IF_FALSE(attributes.get_x(), ErrorCode::ATTRIBUTE_NOT_SET, \"FooNode missing x\");\n"
        "        HIPDNN_RETURN_IF_FALSE(!attributes.get_sizes().empty(), ErrorCode::ATTRIBUTE_NOT_SET, \"FooNode: sizes, please\");\n"
        "        auto x = attributes.get_x();\n"
        "        auto m = attributes.get_mask();\n"
        "        const auto& sizes = attributes.get_sizes();\n"
        "        for(size_t i = 0; i < sizes.size(); ++i)\n"
        "        {\n"
        "            HIPDNN_RETURN_IF_FALSE(sizes[i] > 0, ErrorCode::INVALID_VALUE, \"size \" + std::to_string(i));\n"
        "        }\n"
        "        if(detail::areTensorDimensionsSet(x))\n"
        "        {\n"
        "            const auto& xDims = x->get_dim();\n"
        "            auto dim = attributes.get_dim();\n"
        "            if(dim.has_value())\n"
        "            {\n"
        "                HIPDNN_RETURN_IF_FALSE(dim.value() >= 0, ErrorCode::INVALID_VALUE, \"dim \" + std::to_string(dim.value()));\n"
        "            }\n"
        "            const size_t at = dim.has_value() ? static_cast<size_t>(dim.value()) : xDims.size() - 1;\n"
        "            if(at < xDims.size())\n"
        "            {\n"
        "                HIPDNN_RETURN_IF_FALSE(xDims[at] % attributes.get_group() == 0, ErrorCode::INVALID_VALUE, \"g\");\n"
        "                HIPDNN_RETURN_IF_FALSE(xDims[at] % group == 0, ErrorCode::INVALID_VALUE, \"g\");\n"
        "            }\n"
        "        }\n"
        "        HIPDNN_RETURN_IF_FALSE(m->get_stride().empty(), ErrorCode::INVALID_VALUE, \"FooNode: mask strides\");\n"
        "        return {};\n"
        "    }\n"
    )
    checked = adopt_cxx.node_checks(tmp_path, found, ["x", "mask"], ["sizes", "dim", "group"])
    assert checked is not None
    assert checked.checks == [
        {"id": "sizes-set", "requires": "len(sizes) > 0", "message": "sizes, please", "code": "ATTRIBUTE_NOT_SET"},
        {"id": "sizes-positive", "requires": "all(i in range(0, len(sizes)): sizes[i] > 0)", "message": "every sizes entry must be positive"},
        {"id": "dim-non-negative", "when": "x.rank >= 1", "requires": "dim >= 0", "message": "dim must be non-negative"},
        {"id": "dim-divisible", "requires": "x.dims[dim] % group == 0", "message": "g"},
        {"id": "last-divisible", "when": "not set(dim)", "requires": "x.dims[-1] % group == 0", "message": "g"},
    ]
    assert checked.untranslated == [
        "HIPDNN_RETURN_IF_FALSE(xDims[at]%group==0,ErrorCode::INVALID_VALUE,\"g\")",
        "HIPDNN_RETURN_IF_FALSE(m->get_stride().empty(),ErrorCode::INVALID_VALUE,\"FooNode: mask strides\")",
    ]


def test_node_checks_read_sdpa_forwards_inline_shape_conditions(tmp_path):
    """SDPA forward's pre_validate_node() (hipDNN's SdpaFwdNode.hpp, id 64156272621, an op no spec
    here ships), its conditions restated in our own words: HIPDNN_RETURN_IF_NE ranks (`ndims`: a
    tensor without dims fails them) and dims equal across tensors, HIPDNN_RETURN_IF_TRUE failures
    negated (heads positive and dividing, a mask dim broadcasting: equal or 1, counted from the
    end through `maskDims[maskRank - 1]`), value locals (`reqRank`, `numHeads = qDims[1]`), a
    presence head (`if(attnMask)`, read by the condition, so no `when`), a rank head kept as
    `when`, getters the tensor's name does not spell (get_bias, get_attn_scale) and
    validateScalarParameter's name argument in its messages; O's checks under `!oDims.empty()`
    read `.rank`, which holds on O without dims, so they need no `when`. Required tensors set are
    the built-in presence checks."""
    from codegen.hipdnn import adopt_cxx

    found = _foo_node(
        tmp_path,
        "    Error pre_validate_node() const override\n"
        "    {\n"
        "        const auto q = attributes.get_q();\n"
        "        const auto k = attributes.get_k();\n"
        "        const auto o = attributes.get_o();\n"
        "        HIPDNN_RETURN_IF_FALSE(q, ErrorCode::ATTRIBUTE_NOT_SET, std::string(\"no q\"));\n"
        "        const auto& qDims = q->get_dim();\n"
        "        const auto& kDims = k->get_dim();\n"
        "        const size_t reqRank = 4;\n"
        "        HIPDNN_RETURN_IF_NE(qDims.size(), reqRank, ErrorCode::INVALID_VALUE, \"q rank \" + std::to_string(qDims.size()));\n"
        "        HIPDNN_RETURN_IF_NE(qDims[0], kDims[0], ErrorCode::INVALID_VALUE, \"batch\");\n"
        "        const auto numHeads = qDims[1];\n"
        "        const auto numHeadsK = kDims[1];\n"
        "        HIPDNN_RETURN_IF_TRUE(numHeadsK <= 0, ErrorCode::INVALID_VALUE, \"k heads \" + std::to_string(numHeadsK));\n"
        "        HIPDNN_RETURN_IF_TRUE(numHeads % numHeadsK != 0, ErrorCode::INVALID_VALUE, \"heads \" + std::to_string(numHeads));\n"
        "        const auto mask = attributes.get_bias();\n"
        "        if(mask)\n"
        "        {\n"
        "            const auto& maskDims = mask->get_dim();\n"
        "            const auto maskRank = maskDims.size();\n"
        "            HIPDNN_RETURN_IF_TRUE(maskRank > static_cast<size_t>(4), ErrorCode::INVALID_VALUE, \"mask rank \" + std::to_string(maskRank));\n"
        "            const auto seqKv = kDims[2];\n"
        "            const auto maskLast = maskDims[maskRank - 1];\n"
        "            HIPDNN_RETURN_IF_TRUE(maskLast != seqKv && maskLast != 1, ErrorCode::INVALID_VALUE, \"mask \" + std::to_string(maskLast));\n"
        "            if(maskRank >= 2)\n"
        "            {\n"
        "                const auto maskSecondLast = maskDims[maskRank - 2];\n"
        "                HIPDNN_RETURN_IF_TRUE(maskSecondLast != qDims[2] && maskSecondLast != 1, ErrorCode::INVALID_VALUE, \"m \" + std::to_string(maskSecondLast));\n"
        "            }\n"
        "        }\n"
        "        const auto scale = attributes.get_attn_scale();\n"
        "        if(scale)\n"
        "        {\n"
        "            HIPDNN_CHECK_ERROR(detail::validateScalarParameter(scale, \"SCALE tensor\"));\n"
        "        }\n"
        "        const auto& oDims = o->get_dim();\n"
        "        if(!oDims.empty())\n"
        "        {\n"
        "            HIPDNN_RETURN_IF_NE(oDims.size(), reqRank, ErrorCode::INVALID_VALUE, \"o rank \" + std::to_string(oDims.size()));\n"
        "            HIPDNN_RETURN_IF_NE(oDims[1], qDims[1], ErrorCode::INVALID_VALUE, \"o heads \" + std::to_string(oDims[1]));\n"
        "        }\n"
        "        return {};\n"
        "    }\n"
    )
    checked = adopt_cxx.node_checks(tmp_path, found, ["q", "k", "o", "attn_mask", "scale"], [], {"attn_mask": "get_bias", "scale": "get_attn_scale"})
    assert checked is not None and checked.untranslated == []
    assert [(c["id"], c.get("when"), c["requires"]) for c in checked.checks] == [
        ("q-rank", None, "ndims(q) == 4"),
        ("q-k-dim0", None, "q.dims[0] == k.dims[0]"),
        ("k-dim1-positive", None, "k.dims[1] > 0"),
        ("q-dim1-k-dim1-divisible", None, "q.dims[1] % k.dims[1] == 0"),
        ("attn-mask-max-rank", None, "attn_mask.rank <= 4"),
        ("attn-mask-last-k-dim2-or-1", None, "attn_mask.dims[-1] == k.dims[2] or attn_mask.dims[-1] == 1"),
        ("attn-mask-last2-q-dim2-or-1", "attn_mask.rank >= 2", "attn_mask.dims[-2] == q.dims[2] or attn_mask.dims[-2] == 1"),
        ("scale-dims-set", None, "ndims(scale) > 0"),
        ("scale-scalar", None, "all(i in range(0, scale.rank): scale.dims[i] == 1)"),
        ("scale-pass-by-value", None, "scale.pass_by_value"),
        ("o-rank", None, "o.rank == 4"),
        ("o-q-dim1", None, "o.dims[1] == q.dims[1]"),
    ]
    assert checked.checks[0]["message"] == "q must be rank-4"  # hipDNN's carries the rank seen: the tool's
    assert checked.checks[1]["message"] == "batch"  # one fixed string: hipDNN's
    assert checked.checks[3]["message"] == "dim 1 of q must be divisible by dim 1 of k"
    assert checked.checks[8]["message"] == "SCALE tensor must be a scalar (single element)"
    assert checked.scalars == ["scale"]


def test_node_checks_read_padding_data_types_and_exclusive_presence(tmp_path):
    """The forms SDPA backward's node adds (the fixture's SdpaBwdNode.hpp, ids 64143033534 and
    58565284190): checks under a field's head (`if(attributes.padding_mask)`, a member) keep it as
    `when`; an optional tensor required there is `t-present` with hipDNN's fixed message in
    `std::string(...)`; a dim equal to a number is `t-dim<i>`; a data type is `t-dtype`; a tensor
    beside a field's value (`scale && attributes.v.has_value()`) negated whole is `t-f-exclusive`;
    a recorded unsupported use is the spec's `unsupported:`, no check."""
    from codegen.hipdnn import adopt_cxx

    found = _foo_node(
        tmp_path,
        "    Error pre_validate_node() const override\n"
        "    {\n"
        "        HIPDNN_RETURN_IF_TRUE(attributes.hasUnsupportedUsage(), ErrorCode::INVALID_VALUE, attributes.getUnsupportedReason());\n"
        "        if(attributes.padding)\n"
        "        {\n"
        "            const auto lens = attributes.get_lens();\n"
        "            HIPDNN_RETURN_IF_FALSE(lens, ErrorCode::ATTRIBUTE_NOT_SET, std::string(\"FooNode: padding needs lens\"));\n"
        "            const auto& lensDims = lens->get_dim();\n"
        "            HIPDNN_RETURN_IF_NE(lensDims[1], static_cast<int64_t>(1), ErrorCode::INVALID_VALUE, \"lens \" + std::to_string(lensDims[1]));\n"
        "            HIPDNN_RETURN_IF_TRUE(lens->get_data_type() != DataType::INT32, ErrorCode::INVALID_VALUE, std::string(\"FooNode: lens must be INT32\"));\n"
        "        }\n"
        "        const auto scale = attributes.get_scale();\n"
        "        HIPDNN_RETURN_IF_TRUE(scale && attributes.value.has_value(), ErrorCode::INVALID_VALUE, \"FooNode: not both\");\n"
        "        return {};\n"
        "    }\n"
    )
    checked = adopt_cxx.node_checks(tmp_path, found, ["lens", "scale"], ["padding", "value"])
    assert checked is not None and checked.untranslated == []
    assert checked.checks == [
        {"id": "lens-present", "when": "padding", "requires": "present(lens)", "message": "padding needs lens", "code": "ATTRIBUTE_NOT_SET"},
        {"id": "lens-dim1", "when": "padding", "requires": "lens.dims[1] == 1", "message": "dim 1 of lens must be 1"},
        {"id": "lens-dtype", "when": "padding", "requires": "lens.dtype == DataType.INT32", "message": "lens must be INT32"},
        {"id": "scale-value-exclusive", "requires": "not (present(scale) and set(value))", "message": "not both"},
    ]


def test_node_inferences_read_a_divided_dimension_as_infer_formulas(tmp_path):
    """infer_properties_node() copying x's dims and dividing the one a field picks gives `infer:`
    formulas under the `if` heads around it (the target's empty dims and the field's has_value()
    are implied); the strides chain's stride-order branch repeats them with `order_of(x)` under the
    negation of the packed-axis branch before it, and that branch gives the remaining formula
    `packed_axis(x, dim)`. A dimension multiplied instead is not read. The node is synthetic
    (block-scale quantize's real form is the fixture's)."""
    from codegen.hipdnn import adopt_cxx

    found = _foo_node(
        tmp_path,
        "    Error infer_properties_node() override\n"
        "    {\n"
        "        auto x = attributes.get_x();\n"
        "        auto s = attributes.get_s();\n"
        "        auto w = attributes.get_w();\n"
        "        auto dim = attributes.get_dim();\n"
        "        if(s->get_dim().empty() && dim.has_value())\n"
        "        {\n"
        "            auto d = x->get_dim();\n"
        "            d[dim.value()] /= attributes.get_group();\n"
        "            s->set_dim(d);\n"
        "        }\n"
        "        if(s->get_stride().empty())\n"
        "        {\n"
        "            if(attributes.get_flip() && !x->get_stride().empty())\n"
        "            {\n"
        "                s->set_stride(generateStridesWithPackedAxis(x->get_stride(), x->get_dim(), s->get_dim(), dim));\n"
        "            }\n"
        "            else if(!x->get_stride().empty())\n"
        "            {\n"
        "                auto order = extractStrideOrder(x->get_stride());\n"
        "                s->set_stride(generateStrides(s->get_dim(), order));\n"
        "            }\n"
        "        }\n"
        "        auto e = x->get_dim();\n"
        "        e[dim.value()] *= 2;\n"
        "        w->set_dim(e);\n"
        "        return {};\n"
        "    }\n"
    )
    inferred = adopt_cxx.node_inferences(tmp_path, found, ["x", "s", "w"], ["dim", "group", "flip"])
    assert inferred is not None
    assert inferred.formulas == [
        {"tensor": "s", "when": "not flip", "dims": "x.dims with [dim] = x.dims[dim] // group", "strides": "order_of(x)"},
        {"tensor": "s", "dims": "x.dims with [dim] = x.dims[dim] // group", "strides": "packed_axis(x, dim)"},
    ]


# --- the shared files: the work model (EngineFeatures.hpp) and plugin support (OperationSupport.md) ---


def _work_of(spec) -> dict:  # type: ignore[no-untyped-def]
    w = spec.work
    return {"flops": w.flops, "no_counting_convention": w.no_counting_convention, "unknown_when": list(w.unknown_when)}


def _read_work(root: Path, spec):  # type: ignore[no-untyped-def]
    from codegen.hipdnn import adopt_shared
    from codegen.views import naming

    singles = list(spec.tensors)
    uid_tensors = {naming.tensor_uid_field(t): t.name for t in singles}
    return adopt_shared.work(root, spec.flatbuffers.table, uid_tensors, {t.name for t in singles if not t.required}, {f.name for f in spec.fields})


def test_work_reads_back_the_overloads_the_tool_writes(tmp_path):
    """Each shipped op's generated nodeFlops overload (the work family's fragment, as `apply` places
    it) read back gives the spec's own work block: the formula its `///` comment states, checked
    against the body, and unknown_when from the body's refusal."""
    from codegen.pipeline.workspace import load
    from codegen.views.naming import ENGINE_FEATURES

    ws = load(REPO)
    target = tmp_path / ENGINE_FEATURES
    target.parent.mkdir(parents=True)
    parts = [(REPO / "generated" / s.op / "registry" / "EngineFeatures.hpp.node-flops.inc").read_text() for s in ws.specs]
    target.write_text("\n".join(parts))
    for spec in ws.specs:
        read = _read_work(tmp_path, spec)
        assert read is not None and read.found, spec.op
        assert {"flops": read.flops, "no_counting_convention": None, "unknown_when": read.unknown_when} == _work_of(spec), spec.op


def test_work_in_forms_adoption_does_not_read_is_left_out_and_said(tmp_path):
    """An overload in another form (hipDNN's convolution helper, synthetic here) gives no work block
    and a review line; an uncounted case takes the comment above its group as the reason."""
    from codegen.hipdnn import adopt_shared
    from codegen.views.naming import ENGINE_FEATURES

    target = tmp_path / ENGINE_FEATURES
    target.parent.mkdir(parents=True)
    target.write_text(
        "inline std::optional<double>\n"
        "    nodeFlops(const Graph& graph, const hipdnn_flatbuffers_sdk::data_objects::FooAttributes& op)\n"
        "{\n    return convolutionFlops(tensor(graph, op.x_tensor_uid()), tensor(graph, op.w_tensor_uid()));\n}\n"
        "inline std::optional<double> logicalFlops(const Graph& graph, const Node& node, bool dataDependent)\n{\n"
        "    switch(node.attributes_type())\n    {\n"
        "    // no convention for these yet\n"
        "    case NodeAttributes::BarAttributes:\n    case NodeAttributes::BazAttributes:\n"
        "    default:\n        return std::nullopt;\n    }\n}\n"
    )
    foo = adopt_shared.work(tmp_path, "FooAttributes", {"x_tensor_uid": "x", "w_tensor_uid": "w"}, set(), set())
    assert foo is not None and not foo.found and "is in no form adoption reads" in foo.lines[0]
    baz = adopt_shared.work(tmp_path, "BazAttributes", {}, set(), set())
    assert baz is not None and baz.no_counting_convention == "no convention for these yet" and baz.flops is None


def test_custom_op_adopts_hipdnns_reason_for_no_counting_convention(workspace, shipped_checkout):
    """hipDNN lists MoE and custom ops without a counting convention under one comment: adopting the
    custom op writes that comment as its no_counting_convention, and the spec checks clean."""
    result = run_cli("add-op", "custom_op", "--hipdnn-root", str(shipped_checkout), cwd=workspace)
    assert result.code == 0, result.out + result.err
    spec = (workspace / "op_specs" / "custom_op.yaml").read_text()
    assert "work:\n  no_counting_convention: \"MoE work follows the routing offsets' contents, and a custom op is opaque.\"\n" in spec


def test_an_uncounted_case_adopts_as_its_reason_and_the_spec_is_not_told_to_declare_work(workspace):
    """tests/adopt_cases/work-no-counting-convention: the custom op listed in logicalFlops under the
    comment of its group without a counting convention gets `no_counting_convention: <the comment>`,
    so check gives the adopted spec no SPEC-WORK-MISSING."""
    result = _run(ADOPT_CASES / "work-no-counting-convention", workspace)
    assert result.code == 0, result.out + result.err
    spec = (workspace / "op_specs" / "custom_op.yaml").read_text()
    assert 'work:\n  no_counting_convention: "Grouped MoE work depends on the routing offsets; a custom op is opaque to the host."\n' in spec
    check = run_cli("check", "--hipdnn-root", "checkout", cwd=workspace)
    assert check.code == 0 and check.out.endswith("checked, no findings\n"), check.out


def test_support_rows_name_the_op_and_a_fused_graph_names_none(shipped_checkout):
    """docs/OperationSupport.md's rows by the op's words: batchnorm's is Batchnorm Training (a
    forward op's phase word), batchnorm backward's Batchnorm Backward; the fused graph row
    (Batchnorm Inference + DRelu + Backward) is no op's, so batchnorm inference has none."""
    from codegen.hipdnn import adopt_shared

    rows = {op: adopt_shared.support(shipped_checkout, op) for op in ("batchnorm", "batchnorm_bwd", "batchnorm_inference")}
    assert [r["operation"] for r in rows["batchnorm"][0]] == ["Batchnorm Training"]  # type: ignore[index]
    assert rows["batchnorm_bwd"][0] == [{"operation": "Batchnorm Backward", "plugin": "MIOpen", "data_types": ["FP16", "BFP16", "FP32"],  # type: ignore[index]
                                         "layouts": ["NCHW", "NHWC", "NCDHW", "NDHWC"], "notes": "Spatial mode only¹"}]
    assert rows["batchnorm_inference"][0] == []  # type: ignore[index]


def test_equality_hooks_a_strict_hook_calling_the_logical_one_and_a_hook_comparing_nothing():
    """A strict hook returning `logicallyEqualsImpl(other)` compares the logical fields (upstream
    BlockScaleQuantizeAttributes, id 65082676230); a hook comparing no field has no spec form."""
    from codegen.hipdnn import adopt_cxx, cxx_api

    def hooks(logical: str, strict: str) -> "tuple[list[str], list[str]] | None":
        text = (
            "class FooAttributes\n{\npublic:\n"
            f"    bool logicallyEqualsImpl(const FooAttributes& other) const\n    {{\n        {logical}\n    }}\n"
            f"    bool strictEqualsImpl(const FooAttributes& other) const\n    {{\n        {strict}\n    }}\n"
            "private:\n    int a;\n    int b;\n};\n"
        )
        internals = cxx_api.class_internals(text, "FooAttributes")
        assert internals is not None
        return adopt_cxx._equality(internals, ["a", "b"])

    assert hooks("return a == other.a;", "return logicallyEqualsImpl(other) && b == other.b;") == (["a"], ["a", "b"])
    assert hooks("return a == other.a && b == other.b;", "return logicallyEqualsImpl(other);") == (["a", "b"], ["a", "b"])
    assert hooks("return true;", "return logicallyEqualsImpl(other);") == ([], [])


