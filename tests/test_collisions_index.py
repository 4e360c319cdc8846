"""The checks across specs through the workspace cache's per-spec index of generated names (only a
changed spec's names derived again) report exactly what the full pass reports on the same specs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.checks import collisions
from codegen.diagnostics.diagnostics import render
from codegen.pipeline import workspace
from conftest import REPO

SPECS = sorted(p.stem for p in (REPO / "op_specs").glob("*.yaml") if p.name not in workspace.NOT_SPECS)
STEMS = {op: next(line.split(":", 1)[1].strip() for line in (REPO / "op_specs" / f"{op}.yaml").read_text().splitlines() if line.startswith("stem:")) for op in SPECS}


def _edit(spec_dir: Path, kind: str, op: str, other: str) -> None:
    """One change a developer might make: a spec copied under a new op id (everything it claims
    claimed twice), a stem taken from another spec (as is, or differing in letter case only), a
    tensor renamed, or a spec deleted."""
    path = spec_dir / f"{op}.yaml"
    if not path.exists():
        return
    text = path.read_text()
    if kind == "copy":
        (spec_dir / f"copy_of_{op}.yaml").write_text(text)
    elif kind == "stem":
        path.write_text(text.replace(f"stem: {STEMS[op]}", f"stem: {STEMS[other]}", 1))
    elif kind == "stem-case":
        path.write_text(text.replace(f"stem: {STEMS[op]}", f"stem: {STEMS[other].upper()}", 1))
    elif kind == "tensor":
        path.write_text(text.replace("name: x", "name: X_1", 1))
    elif kind == "delete":
        path.unlink()


def _diagnostics(root: Path) -> list[str]:
    return sorted(render(workspace.load(root).diagnostics).splitlines())


def _full(root: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The diagnostics of a load without the cache whose checks across specs take no index."""
    check = collisions.check
    with monkeypatch.context() as patch:
        patch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
        patch.setattr(collisions, "check", lambda specs, registry, fresh=None, index=None: check(specs, registry, fresh))
        return _diagnostics(root)


EDITS = st.lists(st.tuples(st.sampled_from(["copy", "stem", "stem-case", "tensor", "delete"]), st.sampled_from(SPECS), st.sampled_from(SPECS)), max_size=3)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=EDITS, then=EDITS)
def test_incremental_collisions_agree_with_the_full_pass(tmp_path_factory, monkeypatch, first, then):
    root = tmp_path_factory.mktemp("ws")
    shutil.copytree(REPO / "op_specs", root / "op_specs")
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE", raising=False)
    derived: list[str] = []
    full = collisions.folded_names
    monkeypatch.setattr(collisions, "folded_names", lambda spec: derived.append(spec.op) or full(spec))
    workspace.load(root)  # fills the index
    for edits in (first, then):
        for kind, op, other in edits:
            _edit(root / "op_specs", kind, op, other)
        derived.clear()
        incremental = _diagnostics(root)
        changed = set(derived)
        assert _full(root, monkeypatch) == incremental
        # the index was used: only specs whose text changed had their names derived again
        edited = {op for kind, op, _ in edits if kind != "delete"} | {f"copy_of_{op}" for kind, op, _ in edits if kind == "copy"}
        assert changed <= edited


def test_an_edited_spec_is_checked_against_the_index(tmp_path, monkeypatch):
    """A stem taken from another spec: the clash is found with that other spec's names read from
    the index (not derived), and reported as the full pass reports it."""
    root = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", root / "op_specs")
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE", raising=False)
    assert not any(d.rule == "CHK-GENERATED-NAME" for d in workspace.load(root).diagnostics)
    derived: list[str] = []
    full = collisions.folded_names
    monkeypatch.setattr(collisions, "folded_names", lambda spec: derived.append(spec.op) or full(spec))
    _edit(root / "op_specs", "stem", "rmsnorm_bwd", "layernorm_bwd")
    incremental = _diagnostics(root)
    assert derived == ["rmsnorm_bwd"]
    assert any("CHK-GENERATED-NAME" in line and "rmsnorm_bwd" in line for line in incremental)
    derived.clear()
    assert _full(root, monkeypatch) == incremental
    assert set(derived) == set(SPECS)  # the full pass derives every spec's names
