"""The command line: exit codes, help, workspace discovery, the repository's own specs."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from codegen import __version__
from codegen.pipeline.workspace import load
from conftest import CASES, REPO, run_cli


def test_repository_specs_pass_check():
    result = run_cli("check", cwd=REPO)
    assert result.code == 0, result.out + result.err
    assert result.out == f"ok: {len(load(REPO).specs)} op spec(s) and the registry checked, no findings\n"


def test_version():
    result = run_cli("--version")
    assert result.code == 0
    assert result.out == f"hipdnn-codegen {__version__}\n"


@pytest.mark.parametrize("command", ["check", "list", "generate", "add-op", "apply"])
def test_help_has_summary_and_example(command):
    result = run_cli(command, "--help")
    assert result.code == 0
    assert "example:\n  hipdnn-codegen " + command in result.out


def test_usage_error_exit_code():
    result = run_cli("frobnicate")
    assert result.code == 2
    assert "invalid choice" in result.err


def test_no_workspace_is_a_usage_error(tmp_path):
    result = run_cli("check", cwd=tmp_path)
    assert result.code == 2
    assert result.err.startswith("hipdnn-codegen: error: no op_specs/ directory")


def test_root_found_from_a_subdirectory(tmp_path):
    shutil.copytree(CASES / "valid-minimal", tmp_path / "ws")
    sub = tmp_path / "ws" / "deep" / "er"
    sub.mkdir(parents=True)
    result = run_cli("list", cwd=sub)
    assert result.code == 0
    assert "thing  ThingOperationDescriptor  9000-9099" in result.out


def test_explicit_root(tmp_path):
    result = run_cli("check", "--root", str(CASES / "yaml-empty"), cwd=tmp_path)
    assert result.code == 1
    assert "error[YAML-EMPTY]" in result.out


def test_root_without_specs_is_usage_error(tmp_path):
    assert run_cli("check", "--root", str(tmp_path)).code == 2


def test_json_format_lists_every_finding():
    result = run_cli("check", "--format", "json", cwd=CASES / "spec-duplicate-id")
    assert result.code == 1
    output = json.loads(result.out)
    assert output["version"] == 1
    findings = output["findings"]
    assert [f["rule"] for f in findings] == ["SPEC-DUPLICATE-ID"]
    assert [findings[0]["location"]["line"], findings[0]["notes"][0]["location"]["line"]] == [10, 9]


def test_github_format():
    result = run_cli("check", "--format", "github", cwd=CASES / "spec-range-order")
    assert result.out.startswith("::error file=op_specs/thing.yaml,line=4,col=18,endLine=4,endColumn=30,title=hipdnn-codegen (SPEC-RANGE-ORDER)::")


def test_all_problems_of_all_files_reported_sorted(tmp_path):
    ws = tmp_path / "op_specs"
    ws.mkdir()
    for case in ("yaml-empty", "spec-duplicate-id", "spec-test-shape"):
        src = CASES / case / "op_specs" / "thing.yaml"
        shutil.copy(src, ws / f"{case.replace('-', '_')}.yaml")
    result = run_cli("check", cwd=tmp_path)
    lines = [line for line in result.out.splitlines() if not line.startswith(" ")]
    keys = [(line.split(":")[0], int(line.split(":")[1]), int(line.split(":")[2])) for line in lines]
    assert keys == sorted(keys)
    files = {line.split(":")[0] for line in lines}
    assert files == {"op_specs/yaml_empty.yaml", "op_specs/spec_duplicate_id.yaml", "op_specs/spec_test_shape.yaml"}
    for rule in ("YAML-EMPTY", "SPEC-DUPLICATE-ID", "SPEC-TEST-SHAPE"):
        assert f"error[{rule}]" in result.out


def test_internal_error_is_one_line_exit_3(monkeypatch):
    import codegen.commands.check

    def boom(root, **_):
        raise RuntimeError("simulated bug\nsecond line")

    monkeypatch.setattr(codegen.commands.check, "load", boom)
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")  # no verdict of an earlier check replayed
    result = run_cli("check", cwd=REPO)
    assert result.code == 3
    assert result.err == "hipdnn-codegen: internal error: RuntimeError: simulated bug\n"


def test_add_op_bad_name_is_refused(tmp_path):
    result = run_cli("add-op", "Bad-Name", cwd=REPO)
    assert result.code == 2
    assert "must be snake_case" in result.err


def test_python_dash_m_entry_point():
    proc = subprocess.run(
        [sys.executable, "-m", "codegen", "--version"], cwd=REPO, capture_output=True, text=True
    )
    assert proc.returncode == 0 and proc.stdout == f"hipdnn-codegen {__version__}\n"


def test_readme_lists_every_rule_with_its_purpose():
    from codegen.diagnostics import rules

    readme = (REPO / "README.md").read_text()
    for rule in rules.ALL.values():
        assert f"| `{rule.id}` | {rule.severity} | {rule.purpose} |" in readme, rule.id


def test_readme_starts_with_the_two_setup_commands():
    head = (REPO / "README.md").read_text().splitlines()[:5]
    assert any("make run" in line for line in head) and any("make test" in line for line in head)


@pytest.mark.parametrize("fmt", ["text", "json", "github"])
def test_template_error_fails_check_in_every_format(fmt):
    """A template error found while checking staleness is a finding: exit 1, no "ok", and machine
    formats print only machine output (regression: it printed the error, then "ok", and exit 0)."""
    result = run_cli("check", "--format", fmt, cwd=CASES / "gen-template")
    assert result.code == 1
    assert "ok:" not in result.out
    assert "GEN-TEMPLATE" in result.out
    if fmt == "json":
        findings = json.loads(result.out)["findings"]
        assert [f["rule"] for f in findings if f["severity"] == "error"] == ["GEN-TEMPLATE"]
    if fmt == "github":
        assert all(line.startswith("::") for line in result.out.splitlines())


@pytest.mark.parametrize("args,code", [(("check",), 0), (("generate", "--check"), 1), (("check",), 1)], ids=["clean", "stale-generate", "stale-check"])
def test_a_reader_that_goes_away_leaves_the_exit_code_alone(tmp_path, args, code):
    """`hipdnn-codegen check | head`: the reader closes the pipe at once; the run still exits with
    its findings' code (a stale tree is 1, not 0 or 2) and says nothing about the pipe."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "tests" / "cases" / "valid-enum", ws)
    if code:
        shutil.rmtree(ws / "generated" / "thing" / "backend")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-m", "codegen", *args], cwd=ws, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == code, err
    assert "pipe" not in err.lower() and "Traceback" not in err


def _readme_precommit_configs() -> list[dict]:
    """Every YAML block of the README that is a pre-commit configuration (has `repos:`)."""
    import yaml

    blocks = re.findall(r"```yaml\n(.*?)```", (REPO / "README.md").read_text(), re.S)
    return [doc for doc in (yaml.safe_load(b) for b in blocks) if isinstance(doc, dict) and "repos" in doc]


def test_readme_precommit_recipe_is_real_and_runs(tmp_path):
    """Issue 40 item 9: the README's pre-commit configuration names hooks .pre-commit-hooks.yaml
    defines, has no placeholders, and its `repo: local` entry runs in a repository that vendors the
    tool in tools/hipdnn-codegen/: it passes the shipped specs and matches only workspace files."""
    import shlex

    import yaml

    configs = _readme_precommit_configs()
    text = (REPO / "README.md").read_text()
    assert "ORG/" not in text and "v0.1.0" not in text
    defined = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    repos = [r for c in configs for r in c["repos"]]
    local = [r for r in repos if r["repo"] == "local"]
    assert local, "no repo: local recipe in the README"
    hooks = [h for r in local for h in r["hooks"]]
    assert hooks and all(h["id"] in defined for h in hooks)
    for hook in hooks:
        assert hook["language"] in ("system", "python") and hook["pass_filenames"] is True
        files = re.compile(hook["files"])
        assert files.search("tools/hipdnn-codegen/op_specs/layernorm_bwd.yaml") and files.search("hipdnn-codegen.toml")
        assert not files.search("projects/hipdnn/README.md") and not files.search("tools/hipdnn-codegen/codegen/cli.py")
        repo = tmp_path / hook["id"]
        vendored = repo / "tools" / "hipdnn-codegen"
        for part in ("codegen", "templates", "op_specs", "generated"):
            shutil.copytree(REPO / part, vendored / part, ignore=shutil.ignore_patterns("__pycache__", ".mypy_cache"))
        (repo / "hipdnn-codegen.toml").write_text('workspace = "tools/hipdnn-codegen"\n')
        argv = shlex.split(hook["entry"])
        argv = [sys.executable if a == "python" else a for a in argv]
        changed = ["tools/hipdnn-codegen/op_specs/layernorm_bwd.yaml", "hipdnn-codegen.toml"]
        proc = subprocess.run(argv + changed, cwd=repo, capture_output=True, text=True, env=dict(os.environ, HIPDNN_CODEGEN_NO_CACHE="1"))
        assert proc.returncode == 0 and proc.stdout.startswith(f"ok: {len(load(REPO).specs)} op spec(s) and the registry checked"), proc.stdout + proc.stderr
        (vendored / "op_specs" / "sdpa_bwd.yaml").write_text((vendored / "op_specs" / "sdpa_bwd.yaml").read_text().replace("stem: SdpaBwd", "stem: sdpaBwd"))
        bad = subprocess.run(argv + ["tools/hipdnn-codegen/op_specs/sdpa_bwd.yaml"], cwd=repo, capture_output=True, text=True, env=dict(os.environ, HIPDNN_CODEGEN_NO_CACHE="1"))
        assert bad.returncode == 1 and "error[SCHEMA-PATTERN]" in bad.stdout, bad.stdout + bad.stderr
        # vendored without the tool's own tree (installed elsewhere), every shipped modeline still resolves
        (vendored / "op_specs" / "sdpa_bwd.yaml").write_text((REPO / "op_specs" / "sdpa_bwd.yaml").read_text())
        shutil.rmtree(vendored / "codegen")
        check = run_cli("check", "--no-stale", cwd=repo)
        assert check.code == 0 and "SPEC-MODELINE" not in check.out, check.out


def test_every_spec_modeline_is_the_one_add_op_writes():
    """Shipped specs and test-case specs name the schema copy beside them, as add-op does (the
    spec-modeline case excepted: it holds the wrong ones on purpose)."""
    prefix = "# yaml-language-server: $schema="
    found = {}
    for path in [*REPO.glob("op_specs/*.yaml"), *REPO.glob("tests/**/*.yaml")]:
        lines = [line for line in path.read_text(errors="replace").splitlines() if line.startswith(prefix)]
        if lines and "spec-modeline" not in path.parts:
            found[str(path.relative_to(REPO))] = lines[0][len(prefix):]
    expected = {p: ("registry.schema.json" if p.endswith("registry.yaml") or "registry_" in p else "op_spec.schema.json") for p in found}
    assert found == expected
    assert len(found) >= 8


FIXTURE_TREE = REPO / "tests" / "fixtures" / "hipdnn_tree"
VALID_GRAPHS = REPO / "tests" / "graph_cases"
# every command with arguments it runs on in the workspace fixture (None: the workspace's path)
EVERY_COMMAND = {
    "check": ["check", "--no-stale"],
    "list": ["list"],
    "generate": ["generate", "--dry-run"],
    "add-op": ["add-op", "layernorm_bwd", "--dry-run"],
    "registry": ["registry", "--hipdnn-root", str(FIXTURE_TREE), "--dry-run"],
    "apply": ["apply", "--hipdnn-root", str(FIXTURE_TREE), "--dry-run"],
    "graph validate": ["graph", "validate", str(VALID_GRAPHS / "valid-json" / "input.json")],
    "graph convert": ["graph", "convert", str(VALID_GRAPHS / "valid-binary" / "input.bin"), "out.json"],
    "rule": ["rule", "GEN-STALE"],
    "schema": ["schema"],
}


@pytest.fixture
def mirror_modules_restored():
    """graph commands import a mirror into this process: put back what other tests loaded."""
    from codegen.commands import graph as graphcmd

    saved = graphcmd.loaded_mirror_modules()
    yield
    for name in graphcmd.loaded_mirror_modules():
        del sys.modules[name]
    sys.modules.update(saved)


@pytest.mark.parametrize("command", list(EVERY_COMMAND))
def test_global_flags_work_before_and_after_the_command(command, workspace, tmp_path, mirror_modules_restored):
    """--root, -q and -v are the same before the command as after it (`hipdnn-codegen --root
    ../ws graph validate g.json` was a usage error)."""
    args = EVERY_COMMAND[command]
    depth = 2 if args[0] == "graph" else 1
    results = []
    for where in ("before", "after"):
        cwd = tmp_path / where  # no workspace here: only --root finds it
        cwd.mkdir()
        flags = ["--root", str(workspace), "-q"]
        argv = flags + args if where == "before" else args[:depth] + flags + args[depth:]
        result = run_cli(*argv, cwd=cwd)
        assert result.code in (0, 1), f"{where}: {result.err}"
        results.append((result.code, result.out.replace(str(cwd), "CWD"), result.err.replace(str(cwd), "CWD")))
    assert results[0] == results[1]
    verbose = run_cli("-v", "--root", str(workspace), *args, cwd=tmp_path / "before")
    assert verbose.code in (0, 1), verbose.err


def test_quiet_before_the_command_is_not_undone_after_it(workspace):
    """A command's own copy of the flags does not reset one given before it."""
    quiet = run_cli("-q", "generate", "--root", str(workspace))
    assert (quiet.code, quiet.out, quiet.err) == (0, "", "")


def test_graph_validate_and_convert_outside_any_workspace(tmp_path, mirror_modules_restored):
    """Outside a workspace (and without --root) a graph of the ops the tool ships validates and
    converts by the mirror of those specs, instead of a usage error."""
    shutil.copy(VALID_GRAPHS / "valid-json" / "input.json", tmp_path / "g.json")
    shutil.copy(VALID_GRAPHS / "valid-binary" / "input.bin", tmp_path / "g.bin")
    result = run_cli("graph", "validate", "g.json", cwd=tmp_path)
    assert result.code == 0, result.out + result.err
    assert result.out == (VALID_GRAPHS / "valid-json" / "expected.txt").read_text().replace("input.json", "g.json")
    shipped = ", ".join(sorted(p.stem for p in (REPO / "op_specs").glob("*.yaml") if p.stem != "registry"))
    assert result.err == f"hipdnn-codegen: no workspace here; the graph is judged by the ops hipdnn-codegen ships ({shipped})\n"
    converted = run_cli("-q", "graph", "convert", "g.bin", "back.json", cwd=tmp_path)
    assert converted.code == 0 and converted.err == "", converted.err
    assert run_cli("graph", "validate", "back.json", cwd=tmp_path).code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["back.json", "g.bin", "g.json"]  # nothing else written
    # other commands still need a workspace, and so does a graph command given --root
    assert run_cli("list", cwd=tmp_path).code == 2
    assert run_cli("graph", "validate", "g.json", "--root", str(tmp_path), cwd=tmp_path).code == 2

