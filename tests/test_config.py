"""Configuration files and workspace discovery: a workspace in a subdirectory is found from the
repository root, from a spec path and from inside it; settings apply the same way from each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codegen.spec import config
from conftest import CASES, run_cli

WARNING = "warning[CHK-EXT-SUFFIX]"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository with the workspace in tools/hipdnn-codegen/ (one spec with one warning)."""
    ws = tmp_path / "repo" / "tools" / "hipdnn-codegen"
    shutil.copytree(CASES / "chk-ext-suffix" / "op_specs", ws / "op_specs")
    return tmp_path / "repo"


def test_without_configuration_the_root_finds_no_workspace(repo):
    result = run_cli("check", "--no-stale", cwd=repo)
    assert result.code == 2 and "no op_specs/ directory, hipdnn-codegen.toml or [tool.hipdnn-codegen]" in result.err


def test_a_spec_path_locates_the_workspace(repo):
    result = run_cli("check", "--no-stale", "tools/hipdnn-codegen/op_specs/thing.yaml", cwd=repo)
    assert result.code == 0, result.err
    assert result.out.startswith(f"tools/hipdnn-codegen/op_specs/thing.yaml:12:42: {WARNING}")
    # a path outside any workspace (pre-commit passes every changed file) is skipped over
    (repo / "README.md").write_text("hi\n")
    assert run_cli("check", "--no-stale", "README.md", "tools/hipdnn-codegen/op_specs/thing.yaml", cwd=repo).code == 0


@pytest.mark.parametrize("where", ["hipdnn-codegen.toml", "pyproject.toml"])
def test_a_configuration_at_the_root_names_the_workspace_and_its_settings_apply_everywhere(repo, where):
    body = 'workspace = "tools/hipdnn-codegen"\nignore = ["CHK-EXT-SUFFIX"]\n'
    (repo / where).write_text(body if where == "hipdnn-codegen.toml" else "[project]\nname = 'x'\n[tool.hipdnn-codegen]\n" + body)
    at_root = run_cli("check", "--no-stale", cwd=repo)
    assert at_root.code == 0, at_root.err
    assert WARNING not in at_root.out
    inside = run_cli("check", "--no-stale", cwd=repo / "tools" / "hipdnn-codegen" / "op_specs")
    assert inside.code == 0 and WARNING not in inside.out  # the configuration above still applies


def test_the_dedicated_file_wins_over_pyproject_in_one_directory(repo):
    (repo / "pyproject.toml").write_text('[tool.hipdnn-codegen]\nworkspace = "nowhere"\n')
    (repo / "hipdnn-codegen.toml").write_text('workspace = "tools/hipdnn-codegen"\n')
    assert run_cli("check", "--no-stale", cwd=repo).code == 0


def test_per_path_ignores_and_format_default(repo):
    (repo / "hipdnn-codegen.toml").write_text(
        'workspace = "tools/hipdnn-codegen"\nformat = "github"\n[per-path-ignores]\n"op_specs/other_*.yaml" = ["CHK-EXT-SUFFIX"]\n'
    )
    shown = run_cli("check", "--no-stale", cwd=repo)
    assert shown.out.startswith("::warning file=tools/hipdnn-codegen/op_specs/thing.yaml,line=12,")
    (repo / "hipdnn-codegen.toml").write_text(
        'workspace = "tools/hipdnn-codegen"\n[per-path-ignores]\n"op_specs/thing*.yaml" = ["CHK-EXT-SUFFIX"]\n'
    )
    assert WARNING not in run_cli("check", "--no-stale", cwd=repo).out
    assert run_cli("check", "--no-stale", "--format", "text", cwd=repo).code == 0


@pytest.mark.parametrize(
    "body,message",
    [
        ('workspace = "tools/hipdnn-codegen"\nignor = []\n', "unknown key 'ignor'; did you mean 'ignore'?"),
        ('workspace = "tools/hipdnn-codegen"\nignore = ["SPEC-OP-NAME"]\n', "ignore: SPEC-OP-NAME is an error; only warnings can be ignored"),
        ('workspace = "tools/hipdnn-codegen"\nignore = ["SPEC-SKELETN"]\n', "ignore: unknown rule 'SPEC-SKELETN'; did you mean 'SPEC-SKELETON'?"),
        ('workspace = "tools/hipdnn-codegen"\n[per-path-ignores]\n"op_specs/legacy_*.yaml" = ["SPEC-SKELETON"]\n', "SPEC-SKELETON is an error; only warnings can be ignored"),
        ('workspace = "tools"\n', "workspace 'tools' has no op_specs/ directory"),
        ('workspace = "tools/hipdnn-codegen"\nformat = "xml"\n', "format must be one of text, json, github, sarif, not 'xml'"),
        ("workspace = [\n", "not valid TOML"),
    ],
    ids=["unknown-key", "error-rule", "unknown-rule", "skeleton-is-an-error", "no-workspace", "format", "toml"],
)
def test_a_bad_configuration_is_a_usage_error_naming_the_file(repo, body, message):
    (repo / "hipdnn-codegen.toml").write_text(body)
    result = run_cli("check", "--no-stale", cwd=repo)
    assert result.code == 2 and "Traceback" not in result.err
    assert "hipdnn-codegen.toml" in result.err and message in result.err, result.err


def test_hipdnn_root_comes_from_the_configuration(repo):
    (repo / "hipdnn-codegen.toml").write_text('workspace = "tools/hipdnn-codegen"\nhipdnn-root = "projects/hipdnn"\n')
    settings = config.discover(None, cwd=repo)
    assert settings.hipdnn_root == (repo / "projects" / "hipdnn").resolve()
    result = run_cli("registry", "--check", cwd=repo)  # no such checkout: it says so about the configured path
    assert result.code != 0 and "projects/hipdnn" in result.err


def test_rule_and_schema_need_no_workspace(tmp_path):
    assert run_cli("rule", "SPEC-SKELETON", cwd=tmp_path).out.startswith("SPEC-SKELETON (error)")
    assert run_cli("schema", cwd=tmp_path).code == 0


def test_colour_follows_force_color_and_no_color(repo, monkeypatch):
    args = ("check", "--no-stale", "tools/hipdnn-codegen/op_specs/thing.yaml")
    monkeypatch.setenv("FORCE_COLOR", "1")
    coloured = run_cli(*args, cwd=repo).out
    assert "\x1b[1;33mwarning\x1b[0m\x1b[2m[CHK-EXT-SUFFIX]\x1b[0m" in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_cli(*args, cwd=repo).out
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.delenv("FORCE_COLOR")
    assert "\x1b[" not in run_cli(*args, cwd=repo).out  # a pipe: plain text
