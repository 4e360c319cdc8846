"""Engine-API versions: a tensor or field newer than its op (`since`) becomes a feature constant of
hipDNN's PluginVersionConstants.hpp, which apply places before K_MAX_SUPPORTED_API_VERSION and then
points K_MAX_SUPPORTED_API_VERSION at the highest constant (hipDNN's rule: the deserialize ceiling
equals the highest feature-gated version, id 58744208129)."""

from __future__ import annotations

import shutil

from conftest import REPO, run_cli

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
HEADER = "plugin_sdk/include/hipdnn_plugin_sdk/PluginVersionConstants.hpp"
MEAN = "  - {name: mean, attribute: HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_MEAN_EXT, id: 3603, role: input, optional: true,"


def _workspace(tmp_path, since: str):
    """A copy of the repository's specs with layernorm_bwd's optional mean read from `since` on,
    generated."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    spec = ws / "op_specs" / "layernorm_bwd.yaml"
    text = spec.read_text()
    assert MEAN in text
    spec.write_text(text.replace(MEAN, MEAN.replace("optional: true,", f"optional: true, since: {since},")))
    result = run_cli("generate", "-q", cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


def _checkout(tmp_path):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    return root


def test_a_newer_slot_gets_a_feature_constant_and_raises_the_ceiling(tmp_path):
    ws = _workspace(tmp_path, "1.4.0")
    fragment = (ws / "generated/layernorm_bwd/registry/PluginVersionConstants.hpp.constants.inc").read_text()
    assert 'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.4.0";' in fragment
    root = _checkout(tmp_path)
    first = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert first.code == 0, first.out + first.err
    header = (root / HEADER).read_text()
    assert (
        "    = K_RAGGED_TENSOR_MIN_API_VERSION;\n"
        "\n"
        "// Minimum engine plugin API version for a graph holding LayernormBackwardAttributes.mean_tensor_uid set\n"
        "// (op_specs/layernorm_bwd.yaml `since`): an engine below it declines such a graph.\n"
        'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.4.0";\n'
        "\n"
        "// The deserialize ceiling: the highest feature version above.\n"
        "inline constexpr std::string_view K_MAX_SUPPORTED_API_VERSION\n"
        "    = K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION;\n"
    ) in header
    second = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert second.code == 0 and (root / HEADER).read_text() == header


def test_a_constant_below_the_ceiling_leaves_it(tmp_path):
    ws = _workspace(tmp_path, "1.2.1")
    root = _checkout(tmp_path)
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws).code == 0
    header = (root / HEADER).read_text()
    assert 'K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.2.1";' in header
    assert "inline constexpr std::string_view K_MAX_SUPPORTED_API_VERSION = K_RAGGED_TENSOR_MIN_API_VERSION;\n" in header


def test_a_constant_the_checkout_holds_at_another_version_stops_the_apply(tmp_path):
    ws = _workspace(tmp_path, "1.4.0")
    root = _checkout(tmp_path)
    path = root / HEADER
    text = path.read_text().replace(
        "// The deserialize ceiling", 'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.5.0";\n\n// The deserialize ceiling'
    )
    path.write_text(text)
    result = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert result.code == 1
    # apply refuses what `check --hipdnn-root` rejects, before its own APPLY-CONFLICT would
    assert "error[HDR-CONFLICT]: engine API version constant K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION is 1.4.0 here but 1.5.0 in the checkout" in result.out
    assert path.read_text() == text


def test_ops_at_the_baseline_leave_the_header_alone(tmp_path):
    root = _checkout(tmp_path)
    before = (root / HEADER).read_text()
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO).code == 0
    assert (root / HEADER).read_text() == before
