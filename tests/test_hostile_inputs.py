"""Hostile inputs, one recipe per file under tests/hostile_inputs (discovered automatically).

A recipe builds a scratch workspace (from tests/cases/valid-minimal unless `base: none`), an
optional hipDNN checkout copy (`hipdnn: true`, from tests/fixtures/hipdnn_tree) and a directory
outside both, then runs one command. Inputs too large, too deep or too odd to keep in git (FIFOs,
links to devices, megabytes of brackets) are described by the recipe, not stored:

    why: what a hostile user tried
    args: [check, --no-stale]
    git: true            # commit the base workspace first (for --against)
    setup: [[generate]]  # commands that must succeed before the one under test
    import_mirror: true  # then import the generated Python mirror (it must not run spec text)
    files:               # paths under {ws}, {hipdnn} or {outside}
      "{ws}/op_specs/deep.yaml": {text: "a: ", repeat: "[", times: 25000}
      "{ws}/op_specs/zero.yaml": {symlink: /dev/zero}
      "{ws}/op_specs/pipe.yaml": {fifo: true}
      "{ws}/op_specs/old.yaml": {delete: true}
      "{ws}/op_specs/thing.yaml": {replace: [["name: bias", "name: class"]]}
    code: 1
    stdout: |            # exact, after {ws}/{hipdnn}/{outside} are put back
    stderr: ""

Every case must finish without a traceback or exit 3, leave the outside directory as it was, and
exit non-zero whenever it printed an error."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import CASES, REPO, UPDATE, git, run_cli, tree

HERE = Path(__file__).resolve().parent
RECIPES = sorted((HERE / "hostile_inputs").glob("*.yaml"))
FIXTURE_TREE = HERE / "fixtures" / "hipdnn_tree"



def _content(spec: dict) -> bytes:
    text = spec.get("text", "") + spec.get("repeat", "") * spec.get("times", 0) + spec.get("then", "")
    return text.encode("utf-8")



def build(recipe: dict, tmp_path: Path) -> dict[str, Path]:
    places = {"ws": tmp_path / "ws", "hipdnn": tmp_path / "hipdnn", "outside": tmp_path / "outside"}
    base = recipe.get("base", "valid-minimal")
    if base == "none":
        (places["ws"] / "op_specs").mkdir(parents=True)
    else:
        shutil.copytree(CASES / base, places["ws"], ignore=shutil.ignore_patterns("expected.txt", "args.txt"))
    if recipe.get("hipdnn"):
        shutil.copytree(FIXTURE_TREE, places["hipdnn"])
    (places["outside"] / "keep").mkdir(parents=True)
    (places["outside"] / "keep" / "precious.txt").write_text("must survive\n")
    if recipe.get("git"):
        git(places["ws"], "init", "-q")
    for stage in ("committed", "files"):
        for name, spec in (recipe.get(stage) or {}).items():
            path = Path(name.format(**places))
            path.parent.mkdir(parents=True, exist_ok=True)
            if "replace" in spec:  # edit the base file in place
                text = path.read_text()
                for old, new in spec["replace"]:
                    assert old in text, (name, old)
                    text = text.replace(old, new)
                path.write_text(text)
                continue
            if path.is_symlink() or path.is_file():
                path.unlink()
            elif path.is_dir():
                shutil.rmtree(path)
            if spec.get("delete"):
                continue
            if "copy" in spec:  # a file of this repository
                shutil.copy(REPO / spec["copy"], path)
            elif "symlink" in spec:
                path.symlink_to(spec["symlink"].format(**places))
            elif spec.get("fifo"):
                os.mkfifo(path)
            elif spec.get("directory"):
                path.mkdir()
            else:
                path.write_bytes(_content(spec))
        if stage == "committed" and recipe.get("git"):
            git(places["ws"], "add", "-A")
            git(places["ws"], "commit", "-qm", "base")
    return places


class _BlockDumper(yaml.SafeDumper):
    """Multi-line strings as literal blocks, so recipes read like the terminal output."""


_BlockDumper.add_representer(
    str, lambda dumper, text: dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)
)


def _restore(text: str, places: dict[str, Path]) -> str:
    for key in ("outside", "hipdnn", "ws"):  # the workspace root is printed relative to the cwd
        text = text.replace(str(places[key].resolve()), "{" + key + "}").replace(str(places[key]), "{" + key + "}")
    return text


@pytest.mark.parametrize("recipe_path", RECIPES, ids=[p.stem for p in RECIPES])
def test_hostile_input(recipe_path: Path, tmp_path: Path) -> None:
    recipe = yaml.safe_load(recipe_path.read_text())
    places = build(recipe, tmp_path)
    for setup in recipe.get("setup", []):  # commands that must succeed first, e.g. [generate]
        done = run_cli(*[a.format(**places) for a in setup], cwd=places["ws"])
        assert done.code == 0, done.out + done.err
    outside_before = tree(places["outside"])
    args = [a.format(**places) for a in recipe["args"]]
    result = run_cli(*args, cwd=places["ws"])
    out, err = _restore(result.out, places), _restore(result.err, places)
    assert "Traceback" not in result.err
    assert result.code != 3, result.err
    if UPDATE:
        recipe["stdout"], recipe["stderr"], recipe["code"] = out, err, result.code
        text = recipe_path.read_text()
        head = text[: text.index("\ncode:") + 1] if "\ncode:" in text else text
        tail = yaml.dump({"code": result.code, "stdout": out, "stderr": err}, Dumper=_BlockDumper, sort_keys=False, width=1000, allow_unicode=True)
        recipe_path.write_text(head + tail)
        pytest.fail(f"rewrote {recipe_path}")
    assert tree(places["outside"]) == outside_before
    if ": error[" in result.out or "error:" in result.err:
        assert result.code != 0
    if recipe.get("import_mirror"):  # importing the generated mirror must run nothing but itself
        mirror = places["ws"] / "generated" / "python"
        proc = subprocess.run([sys.executable, "-c", "import hipdnn_ops, hipdnn_ops.thing"], env=dict(os.environ, PYTHONPATH=str(mirror)), capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert tree(places["outside"]) == outside_before
    assert (out, err, result.code) == (recipe["stdout"], recipe["stderr"], recipe["code"])


def rules_pinned() -> set[str]:
    """Rule IDs the recipes pin (for the one-negative-case-per-rule test)."""
    import re

    found: set[str] = set()
    for path in RECIPES:
        found.update(re.findall(r"(?:error|warning)\[([A-Z0-9-]+)\]", yaml.safe_load(path.read_text()).get("stdout", "")))
    return found
