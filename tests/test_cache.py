"""The per-user spec cache: a hit is exactly what loading produces, a changed input misses, it
never builds anything but the model's own classes, and it stays the size of the workspace."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from codegen.plumbing import cache
from codegen.diagnostics import diagnostics
from codegen.pipeline import stamp, workspace
from conftest import REPO, run_cli


@pytest.fixture
def ws_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", root / "op_specs")
    broken = (root / "op_specs" / "layernorm_bwd.yaml").read_text().replace("stem: LayernormBackward", "stem: layernormBackward")
    (root / "op_specs" / "broken_copy.yaml").write_text(broken)  # findings are cached too
    return root


def _summary(ws: workspace.Workspace) -> tuple[list, str, list]:
    found = diagnostics.finalize(ws.diagnostics)
    return ws.specs, diagnostics.render(found), [d.fix for d in found]


def _entries(root: Path) -> list[Path]:
    store = cache.SpecCache.open(root)
    assert store is not None
    return sorted(store.folder.glob(f"*{cache.SUFFIX}"))


def _no_loading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(shown, op, raw):
        raise AssertionError(f"{op} was loaded, not taken from the cache")

    monkeypatch.setattr(workspace, "load_spec", refuse)


def test_a_cached_load_equals_an_uncached_one(ws_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    uncached = _summary(workspace.load(ws_root))
    assert "broken_copy.yaml:5:7: error[SCHEMA-PATTERN]" in uncached[1]  # findings are cached too
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE")
    assert _summary(workspace.load(ws_root)) == uncached  # filling the cache
    assert len(_entries(ws_root)) == 4  # three specs and the registry
    _no_loading(monkeypatch)
    monkeypatch.setattr(workspace, "load_registry", lambda shown, raw: pytest.fail("the registry was loaded, not taken from the cache"))
    assert _summary(workspace.load(ws_root)) == uncached  # every spec from the cache


def test_an_edited_spec_misses_and_unused_entries_go(ws_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workspace.load(ws_root)
    before = _entries(ws_root)
    spec = ws_root / "op_specs" / "sdpa_bwd.yaml"
    spec.write_text(spec.read_text() + "# edited\n")
    loaded: list[str] = []
    real = workspace.load_spec
    monkeypatch.setattr(workspace, "load_spec", lambda shown, op, raw: loaded.append(op) or real(shown, op, raw))
    workspace.load(ws_root)
    assert loaded == ["sdpa_bwd"]
    after = _entries(ws_root)
    assert len(after) == 4 and len(set(before) - set(after)) == 1  # the old sdpa_bwd entry is gone
    (ws_root / "op_specs" / "broken_copy.yaml").unlink()
    workspace.load(ws_root)
    assert len(_entries(ws_root)) == 3


def test_a_tool_change_misses(ws_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workspace.load(ws_root)
    monkeypatch.setattr(cache, "_CODE", [b"another version of the tool"])
    loaded: list[str] = []
    real = workspace.load_spec
    monkeypatch.setattr(workspace, "load_spec", lambda shown, op, raw: loaded.append(op) or real(shown, op, raw))
    workspace.load(ws_root)
    assert sorted(loaded) == ["broken_copy", "layernorm_bwd", "sdpa_bwd"]


class _Planted:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_an_entry_is_never_more_than_the_model(ws_root: Path, tmp_path: Path) -> None:
    """An entry naming any other callable (here os.system) is refused and reloaded from the spec;
    so is a damaged one."""
    expected = _summary(workspace.load(ws_root))
    marker = tmp_path / "planted-code-ran"
    entries = _entries(ws_root)
    entries[0].write_bytes(pickle.dumps(_Planted(str(marker))))
    entries[1].write_bytes(b"not a pickle")
    assert _summary(workspace.load(ws_root)) == expected
    assert not marker.exists()
    assert pickle.loads(entries[0].read_bytes()) is not None  # rewritten with the real model


def test_the_cache_lives_outside_the_workspace_and_can_be_off(ws_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HIPDNN_CODEGEN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.directory() == tmp_path / "xdg" / "hipdnn-codegen"
    workspace.load(ws_root)
    assert len(list((tmp_path / "xdg" / "hipdnn-codegen").rglob(f"*{cache.SUFFIX}"))) == 4
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    assert cache.directory() is None and cache.SpecCache.open(ws_root) is None
    shutil.rmtree(tmp_path / "xdg")
    workspace.load(ws_root)
    assert not (tmp_path / "xdg").exists()
    assert sorted(p.name for p in ws_root.iterdir()) == ["op_specs"]  # nothing written into the workspace


def test_an_unwritable_cache_only_costs_speed(ws_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(blocker / "cache"))  # below a file: never creatable
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    expected = _summary(workspace.load(ws_root))
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE")
    assert _summary(workspace.load(ws_root)) == expected


def _hashing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The generated directories read and hashed from now on."""
    hashed: list[str] = []
    real = stamp.fresh_dir
    monkeypatch.setattr(stamp, "fresh_dir", lambda job: hashed.append(job[0].name) or real(job))
    return hashed


def test_a_directory_seen_fresh_is_not_read_again_until_a_file_changes(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "RACY_NS", 0)  # the copies are seconds old; trust them at once
    assert run_cli("check", cwd=workspace).code == 0  # hashes every directory and remembers it
    hashed = _hashing(monkeypatch)
    assert run_cli("check", cwd=workspace).code == 0 and hashed == []
    # a hand edit that keeps the size and puts the mtime back: the ctime still moves
    target = next((workspace / "generated" / "sdpa_bwd").rglob("*.cpp"))
    before = target.stat()
    data = target.read_bytes()
    target.write_bytes(data.replace(b"hipdnn", b"HIPDNN", 1))
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    result = run_cli("check", cwd=workspace)
    assert result.code == 1 and hashed == ["sdpa_bwd"], result.out
    assert "edited by hand?" in result.out
    hashed.clear()
    assert run_cli("generate", cwd=workspace).code == 0 and target.read_bytes() == data


def test_files_changed_moments_ago_are_read_again(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A same-tick edit could hide behind an unchanged mtime, so a directory with a file newer
    than RACY_NS is hashed on every run until it settles."""
    assert run_cli("check", cwd=workspace).code == 0
    hashed = _hashing(monkeypatch)
    assert run_cli("check", cwd=workspace).code == 0
    assert sorted(hashed) == ["layernorm_bwd", "python", "sdpa_bwd"]
