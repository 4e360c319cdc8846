"""The per-user cache: a hit is exactly what loading produces, a changed input misses, it never
builds anything but the model's own classes, and it stays the size of the workspace. A workspace
has one cache file (issue 39); a damaged or foreign one is ignored and rewritten."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.plumbing import cache
from codegen.diagnostics import diagnostics
from codegen.pipeline import stamp, verdict, workspace
from conftest import REPO, run_cli
from codegen.pipeline.render import Precompiled

_SHIPPED_CODE = Precompiled.code


@pytest.fixture
def ws_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "ws"
    # the two ops the counts below are about: the workspace as it was before op_specs/ adopted more
    # (tests/test_adopt.py's SHIPPED_ADOPTED), with the registry that still held their entries
    adopted = ("batchnorm", "batchnorm_bwd", "batchnorm_inference", "block_scale_dequantize", "block_scale_quantize", "rmsnorm_bwd")
    shutil.copytree(REPO / "op_specs", root / "op_specs", ignore=shutil.ignore_patterns(*(f"{op}.yaml" for op in adopted)))
    shutil.copy(REPO / "tests" / "adopt_cases" / "registry_before_adoption.yaml", root / "op_specs" / "registry.yaml")
    broken = (root / "op_specs" / "layernorm_bwd.yaml").read_text().replace("stem: LayernormBackward", "stem: layernormBackward")
    (root / "op_specs" / "broken_copy.yaml").write_text(broken)  # findings are cached too
    return root


def _summary(ws: workspace.Workspace) -> tuple[list, str, list]:
    found = diagnostics.finalize(ws.diagnostics)
    return ws.specs, diagnostics.render(found), [d.fix for d in found]


def _entries(root: Path) -> list[str]:
    """The keys of the spec entries in the workspace's one cache file."""
    store = cache.Store.open(root)
    assert store.path is not None and store.path.is_file()
    assert sorted(p.name for p in store.path.parent.iterdir()) in ([cache.WORKSPACE_FILE], sorted([cache.WORKSPACE_FILE, verdict.FILE]))  # nothing else beside it
    return sorted(store.specs)


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


def test_an_entry_is_never_more_than_the_model(ws_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-sealed cache file naming any other callable (here os.system) is refused and the
    specs reloaded; so is one whose sealed payload is no pickle."""
    expected = _summary(workspace.load(ws_root))
    keys = _entries(ws_root)
    path = cache.Store.open(ws_root).path
    assert path is not None
    marker = tmp_path / "planted-code-ran"
    loaded: list[str] = []
    real = workspace.load_spec
    monkeypatch.setattr(workspace, "load_spec", lambda shown, op, raw: loaded.append(op) or real(shown, op, raw))
    planted_entry = {key: pickle.dumps(_Planted(str(marker))) for key in keys}
    for payload in (
        pickle.dumps(_Planted(str(marker))),
        b"not a pickle",
        pickle.dumps({"specs": [], "derived": {}, "verdicts": {}, "trees": {}}),
        pickle.dumps({"specs": planted_entry, "derived": {}, "verdicts": {}, "trees": {}}),  # each entry is refused alone
    ):
        cache.sealed_write(path, cache.Store.MAGIC, payload)
        loaded.clear()
        assert _summary(workspace.load(ws_root)) == expected
        assert sorted(loaded) == ["broken_copy", "layernorm_bwd", "sdpa_bwd"]  # everything missed
        assert not marker.exists()
        assert _entries(ws_root) == keys  # rewritten with the real models


def test_the_cache_lives_outside_the_workspace_and_can_be_off(ws_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HIPDNN_CODEGEN_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.directory() == tmp_path / "xdg" / "hipdnn-codegen"
    workspace.load(ws_root)
    assert len(list((tmp_path / "xdg" / "hipdnn-codegen").rglob(cache.WORKSPACE_FILE))) == 1
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    assert cache.directory() is None and cache.Store.open(ws_root).path is None
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


def test_files_come_and_go_below_a_directory_seen_fresh(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A directory seen fresh is not walked again: the paths it held are stat'ed (issue 39). A file
    created, removed or renamed below it changes its directory's stat data, so it is hashed and
    listed again, and what came or went is found."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    assert run_cli("check", cwd=workspace).code == 0
    hashed = _hashing(monkeypatch)
    deep = next((workspace / "generated" / "layernorm_bwd").rglob("*.cpp"))
    extra = deep.parent / "Extra.cpp"
    extra.write_text("// not generated\n")
    result = run_cli("check", cwd=workspace)
    assert result.code == 1 and hashed == ["layernorm_bwd"] and "extra: no spec produces this file" in result.out, result.out
    extra.unlink()
    hashed.clear()
    assert run_cli("generate", cwd=workspace).code == 0 and hashed == ["layernorm_bwd"]  # its directory's mtime moved
    hashed.clear()
    assert run_cli("generate", cwd=workspace).code == 0 and hashed == []  # listed again, trusted again
    deep.rename(deep.with_name("Moved.cpp"))
    result = run_cli("check", cwd=workspace)
    assert result.code == 1 and hashed == ["layernorm_bwd"] and f"missing: op_specs/layernorm_bwd.yaml produces this file" in result.out, result.out


def test_mirror_views_and_op_files_come_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: each op's view and its own files of the Python mirror are kept by the spec's
    content digest; rendered from the cache, the mirror is what rendering everything gives; a
    damaged entry is built again."""
    from codegen.pipeline import render
    from codegen.views import pyview

    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    ws = workspace.load(REPO)
    assert ws.registry is not None
    env = render.environment(ws.template_dirs)
    salt = stamp.Inputs(ws).shared
    first = render.render_mirror(env, ws.specs, ws.registry, salt)
    assert first == render.render_mirror(env, ws.specs, ws.registry)  # nothing kept: the same files
    real = pyview.build
    monkeypatch.setattr(pyview, "build", lambda spec: pytest.fail(f"{spec.op}'s view built again"))
    assert render.render_mirror(env, ws.specs, ws.registry, salt) == first
    built: list[str] = []
    monkeypatch.setattr(pyview, "build", lambda spec: built.append(spec.op) or real(spec))
    _damage(sorted((tmp_path / "cache" / "python-view").iterdir()), "flipped-byte", tmp_path)
    _damage(sorted((tmp_path / "cache" / "mirror-file").iterdir()), "truncated", tmp_path)
    assert render.render_mirror(env, ws.specs, ws.registry, salt) == first and sorted(built) == sorted(s.op for s in ws.specs)


def test_files_changed_moments_ago_are_read_again(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A same-tick edit could hide behind an unchanged mtime, so a directory with a file newer
    than RACY_NS is hashed on every run until it settles. (RACY_NS stretched to a century: every
    copied file stays that new however long the copy and the first run take on a loaded machine.)"""
    monkeypatch.setattr(cache, "RACY_NS", 100 * 365 * 24 * 3600 * 10**9)
    assert run_cli("check", cwd=workspace).code == 0
    hashed = _hashing(monkeypatch)
    assert run_cli("check", cwd=workspace).code == 0
    ops = [p.stem for p in (workspace / "op_specs").glob("*.yaml") if p.stem != "registry"]
    assert sorted(hashed) == sorted([*ops, "python"])


def _render_repo(monkeypatch: pytest.MonkeyPatch, precompiled: bool = False) -> tuple[dict[str, str], int]:
    """Every file of the repository's ops, and how many templates Jinja compiled for them (with
    the shipped precompiled templates only when `precompiled`)."""
    import jinja2

    from codegen.pipeline import render

    monkeypatch.setattr(render.Precompiled, "code", _SHIPPED_CODE if precompiled else lambda self, *a: None)

    compiled: list[str] = []
    original = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile", lambda self, *a, **k: compiled.append(str(a[1] if len(a) > 1 else "")) or original(self, *a, **k))
    ws = workspace.load(REPO)
    env = render.environment(ws.template_dirs)
    files: dict[str, str] = {}
    for spec in ws.specs:
        files.update({f"{spec.op}/{k}": v for k, v in render.render_op(env, spec, ws.registry).items()})
    monkeypatch.setattr(jinja2.Environment, "compile", original)
    return files, len(compiled)


def _template_entries(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / "templates").glob("*.jinja"))


def test_compiled_templates_come_from_the_cache_and_render_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: a second run compiles no template; its output is the first run's, byte for byte."""
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    cold, compiled = _render_repo(monkeypatch)
    assert compiled > 30 and len(_template_entries(tmp_path / "cache")) == compiled
    warm, again = _render_repo(monkeypatch)
    assert (warm, again) == (cold, 0)
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    assert _render_repo(monkeypatch) == (cold, compiled)  # off: everything compiled, nothing else changes


DAMAGES = ["flipped-byte", "truncated", "other-header", "writable-by-others", "link"]


def _damage(entries: list[Path], damage: str, tmp_path: Path) -> None:
    """Damage every cache entry one way: its bytes, its header, its mode, or a link in its place."""
    assert entries
    for entry in entries:
        data = entry.read_bytes()
        if damage == "flipped-byte":
            entry.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
        elif damage == "truncated":
            entry.write_bytes(data[: len(data) // 2])
        elif damage == "other-header":
            entry.write_bytes(b"X" + data[1:])
        elif damage == "writable-by-others":
            entry.chmod(0o666)
        else:
            planted = tmp_path / f"planted-{entry.name}"
            planted.write_bytes(data)
            entry.unlink()
            entry.symlink_to(planted)


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_foreign_compiled_template_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    cold, compiled = _render_repo(monkeypatch)
    _damage(_template_entries(tmp_path / "cache"), damage, tmp_path)
    warm, again = _render_repo(monkeypatch)
    assert (warm, again) == (cold, compiled)  # every entry refused and compiled afresh


def _format(monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> tuple[dict[str, str], int]:
    """`files` formatted, and how many clang-format processes that started."""
    import subprocess

    from codegen.plumbing import formatting
    from codegen.families import builtin_templates

    started: list[int] = []
    real = subprocess.Popen
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: started.append(1) or real(*a, **k))
    result = formatting.format_files(files, builtin_templates() / formatting.STYLE_FILE)
    monkeypatch.setattr(subprocess, "Popen", real)
    return result, len(started)


SOURCES = {"a/X.hpp": "namespace n {\nint   f( int a ) ;\n}\n", "b/Y.cpp": "int g(){return 1;}\n", "c/notes.txt": "as  is\n"}


def test_unchanged_text_is_never_formatted_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: what clang-format made of a text is kept (by text, language, version and style),
    so the second time no clang-format process runs and the output is the same."""
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    first, processes = _format(monkeypatch, SOURCES)
    assert processes >= 1 and first["a/X.hpp"] == "namespace n\n{\nint f(int a);\n}\n" and first["c/notes.txt"] == "as  is\n"
    assert _format(monkeypatch, SOURCES) == (first, 0)
    changed = dict(SOURCES, **{"b/Y.cpp": "int g(){return 2;}\n"})
    again, processes = _format(monkeypatch, changed)
    assert processes == 1 and again["b/Y.cpp"] == "int g()\n{\n    return 2;\n}\n" and again["a/X.hpp"] == first["a/X.hpp"]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_foreign_formatted_entry_is_formatted_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    first, _ = _format(monkeypatch, SOURCES)
    _damage(sorted((tmp_path / "cache" / "formatted").glob("*.fmt")), damage, tmp_path)
    again, processes = _format(monkeypatch, SOURCES)
    assert (again, processes >= 1) == (first, True)


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_foreign_workspace_cache_is_ignored_and_rebuilt(ws_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    """Issue 39: the workspace's one cache file (specs, checks across specs, fresh directories,
    tree digests) damaged any way is a miss for all of it, and the next load rewrites it whole."""
    expected = _summary(workspace.load(ws_root))
    path = cache.Store.open(ws_root).path
    assert path is not None
    _damage([path], damage, tmp_path)
    loaded: list[str] = []
    real = workspace.load_spec
    monkeypatch.setattr(workspace, "load_spec", lambda shown, op, raw: loaded.append(op) or real(shown, op, raw))
    assert _summary(workspace.load(ws_root)) == expected
    assert sorted(loaded) == ["broken_copy", "layernorm_bwd", "sdpa_bwd"]
    assert not path.is_symlink() and path.stat().st_mode & 0o777 == 0o600
    _no_loading(monkeypatch)
    assert _summary(workspace.load(ws_root)) == expected  # rebuilt: every spec from it again


_OPENED: list[str] = []
_WATCHING: list[bool] = []


def _audit(event: str, args: tuple) -> None:
    if _WATCHING and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


def _opened_during(action) -> list[str]:
    """Every file path opened while `action` runs (Python's audit events)."""
    if not _WATCHING:
        sys.addaudithook(_audit)  # cannot be removed: it only records while _WATCHING holds True
    _OPENED.clear()
    _WATCHING[:] = [True]
    try:
        action()
    finally:
        _WATCHING[:] = [False]
    return list(_OPENED)


def test_a_fresh_check_reads_nothing_whose_stat_data_did_not_change(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: once settled, `check` reads no generated file, no template, none of the tool's
    code and no spec file: their stat data is what the cache saw (only the registry and the cache
    file itself are read). And with its stored verdict, it reads only the verdict."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    monkeypatch.setattr(cache, "_CODE", [])  # the tool's digest is computed (from the store) again
    first = run_cli("check", cwd=workspace)
    assert first.code == 0
    verdicts = cache.folder(workspace) / verdict.FILE  # type: ignore[operator]
    verdicts.unlink()  # the next check runs for real
    monkeypatch.setattr(cache, "_CODE", [])
    opened = _opened_during(lambda: run_cli("check", cwd=workspace))
    from codegen.families import builtin_templates

    watched = (str(workspace / "generated"), str(builtin_templates()), str(Path(cache.__file__).resolve().parent.parent))
    assert [p for p in opened if p.startswith(watched) and "__pycache__" not in p] == []
    assert any(p.endswith(cache.WORKSPACE_FILE) for p in opened) and any(p.endswith("registry.yaml") for p in opened)
    assert [p for p in opened if p.startswith(f"{workspace}/op_specs/") and p.endswith(".yaml") and not p.endswith("registry.yaml")] == []
    replayed: list[object] = []
    opened = _opened_during(lambda: replayed.append(run_cli("check", cwd=workspace)))
    assert replayed == [first]
    assert [p for p in opened if p.startswith((f"{workspace}/", *watched)) and "__pycache__" not in p] == []  # the root itself is opened to lock it
    assert [p for p in opened if p.startswith(str(cache.folder(workspace)))] == [str(verdicts)]


def _a_generated_file(root: Path, op: str) -> Path:
    return next(p for p in sorted((root / "generated" / op).rglob("*")) if p.is_file() and p.name != stamp.STAMP)


def _settled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file counts as settled (RACY_NS 0); the list names each workspace `check` loads."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    loads: list[str] = []
    real = workspace.load
    monkeypatch.setattr(workspace, "load", lambda root, *a, **k: loads.append(str(root)) or real(root, *a, **k))
    return loads


def test_a_check_whose_inputs_did_not_change_replays_its_verdict(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: the same check again, nothing changed: the same exit code, stdout and stderr, and
    no spec loaded; findings (and their exit code 1) replay too."""
    loads = _settled(monkeypatch)
    stale = _a_generated_file(workspace, "sdpa_bwd")
    stale.write_bytes(stale.read_bytes() + b"// edited\n")
    for how in (["check"], ["check", "--format", "json"], ["check", "--diff"], ["check", "-q", "--no-stale"]):
        first = run_cli(*how, cwd=workspace)
        assert len(loads) == 1
        assert run_cli(*how, cwd=workspace) == first and len(loads) == 1, how  # replayed
        loads.clear()
        if how == ["check"]:
            assert first.code == 1 and "GEN-STALE" in first.out and "edited by hand" in first.out


@pytest.mark.parametrize("change", ["spec-edited", "spec-touched", "generated-edited-in-place", "generated-added", "registry", "template-override", "cwd", "option", "environment", "head"])
def test_any_change_to_what_check_reads_runs_it_again(workspace: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """Issue 39: a verdict is replayed only while everything the check read has the same stat data
    (and HEAD, options, settings, directory, environment are the same); any change runs it again,
    with what it finds now."""
    loads = _settled(monkeypatch)
    assert run_cli("check", cwd=workspace).code == 0
    assert run_cli("check", cwd=workspace).code == 0 and len(loads) == 1
    spec = workspace / "op_specs" / "layernorm_bwd.yaml"
    generated = _a_generated_file(workspace, "layernorm_bwd")
    where, how, expected = workspace, ["check"], 1
    if change == "spec-edited":
        spec.write_text(spec.read_text().replace("normalized_dim_count dims.", "normalized_dim_count dims!", 1))
    elif change == "spec-touched":  # same bytes, new stat data: runs again, finds it fresh
        os.utime(spec, ns=(spec.stat().st_atime_ns, spec.stat().st_mtime_ns + 1_000_000))
        expected = 0
    elif change == "generated-edited-in-place":  # the directory's own mtime does not change
        with open(generated, "r+b") as stream:
            first = stream.read(1)
            stream.seek(0)
            stream.write(b"X" if first != b"X" else b"Y")
    elif change == "generated-added":
        (workspace / "generated" / "layernorm_bwd" / "extra.txt").write_text("extra\n")
    elif change == "registry":
        registry = workspace / "op_specs" / "registry.yaml"
        registry.write_text(registry.read_text() + "\n# a comment\n")
        expected = 0
    elif change == "template-override":  # a workspace's own templates/ override the tool's
        from codegen.families import builtin_templates

        name = next(p.relative_to(builtin_templates()) for p in sorted(builtin_templates().rglob("*.j2")) if "backend" in p.parts)
        own = workspace / "templates" / name
        own.parent.mkdir(parents=True)
        own.write_text((builtin_templates() / name).read_text() + "// overridden\n")
    elif change == "cwd":
        where, expected = workspace / "op_specs", 0
    elif change == "option":
        how, expected = ["check", "--format", "github"], 0
    elif change == "environment":
        monkeypatch.setenv("NO_COLOR", "1")
        expected = 0
    else:  # HEAD moved: who is a newcomer may differ
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(workspace)]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "op_specs"], check=True)
        subprocess.run([*git, "commit", "-qm", "specs"], check=True)
        expected = 0
    if change == "template-override":
        expected = 1  # the op its template renders is stale
    result = run_cli(*how, cwd=where)
    assert len(loads) == 2 and result.code == expected, result.out + result.err
    if expected:
        assert "GEN-STALE" in result.out or "error[" in result.out


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_foreign_verdict_is_never_replayed(workspace: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    loads = _settled(monkeypatch)
    first = run_cli("check", cwd=workspace)
    path = cache.folder(workspace) / verdict.FILE  # type: ignore[operator]
    _damage([path], damage, tmp_path)
    assert run_cli("check", cwd=workspace) == first and len(loads) == 2  # checked for real, rewritten
    assert not path.is_symlink() and path.stat().st_mode & 0o777 == 0o600
    assert run_cli("check", cwd=workspace) == first and len(loads) == 2


def test_a_verdict_is_not_stored_while_its_files_are_moments_old(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file changed within RACY_NS of the run could change again within the same tick: its
    verdict is not stored (the run is never replayed until its files settle)."""
    loads = _settled(monkeypatch)
    monkeypatch.setattr(cache, "RACY_NS", 2_000_000_000)
    (workspace / "op_specs" / "layernorm_bwd.yaml").touch()
    run_cli("check", cwd=workspace)
    run_cli("check", cwd=workspace)
    assert len(loads) == 2
    assert not (cache.folder(workspace) / verdict.FILE).exists()  # type: ignore[operator]


def test_a_modeline_target_outside_op_specs_is_watched_too(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A spec's editor modeline may name a schema file elsewhere: the verdict watches that file too."""
    loads = _settled(monkeypatch)
    schema = workspace / "schemas" / "op_spec.schema.json"
    schema.parent.mkdir()
    schema.write_bytes(workspace_schema := workspace_tool_schema())
    spec = workspace / "op_specs" / "layernorm_bwd.yaml"
    spec.write_text("# yaml-language-server: $schema=../schemas/op_spec.schema.json\n" + spec.read_text())
    first = run_cli("check", "--no-stale", cwd=workspace)
    assert first.code == 0 and run_cli("check", "--no-stale", cwd=workspace) == first
    schema.write_bytes(workspace_schema + b"\n")  # no longer the tool's schema
    again = run_cli("check", "--no-stale", cwd=workspace)
    assert "SPEC-MODELINE" in again.out and len(loads) >= 2


def workspace_tool_schema() -> bytes:
    return workspace.tool_schema(registry=False)


def test_head_is_read_as_git_reads_it(tmp_path: Path) -> None:
    """The verdict keys on HEAD's commit read off git's files; it agrees with git, in a plain
    repository, with a packed ref, and in a worktree (.git a file)."""
    repo = tmp_path / "repo"
    (repo / "op_specs").mkdir(parents=True)
    (repo / "op_specs" / "a.yaml").write_text("a: 1\n")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)

    def head(where: Path) -> bytes:
        return subprocess.run(["git", "-C", str(where), "rev-parse", "HEAD"], capture_output=True, check=True).stdout.strip()

    assert verdict._head_commit(repo / "op_specs") == b"commit " + head(repo) + b" " + os.fsencode(repo)
    subprocess.run([*git, "pack-refs", "--all"], check=True)
    assert verdict._head_commit(repo / "op_specs") == b"commit " + head(repo) + b" " + os.fsencode(repo)
    subprocess.run([*git, "worktree", "add", "-q", str(tmp_path / "wt")], check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(tmp_path / "wt"), "commit", "-q", "--allow-empty", "-m", "two"], check=True)
    assert head(tmp_path / "wt") != head(repo)
    assert verdict._head_commit(tmp_path / "wt" / "op_specs") == b"commit " + head(tmp_path / "wt") + b" " + os.fsencode(tmp_path / "wt")
    assert verdict._head_commit(tmp_path) is None  # no repository: git is asked (and says so)


def test_the_verdict_finds_the_templates_where_the_families_do() -> None:
    from codegen.families import builtin_templates

    package = Path(verdict.__file__).resolve().parent.parent
    assert verdict._builtin_templates(package) == builtin_templates().resolve()


def test_check_on_a_fresh_workspace_imports_neither_jinja_nor_the_generators(workspace: Path, tmp_path: Path) -> None:
    """Issue 39: `check` imports a command's module only when it runs, and a fresh workspace needs
    no renderer: a new process checking it has not imported Jinja, the families' modules, the
    renderer or the generators (nor the YAML parser and schema checks: every spec is cached)."""
    env = dict(os.environ, PYTHONPATH=str(REPO), HIPDNN_CODEGEN_CACHE_DIR=str(tmp_path / "cache"))
    probe = (
        "import sys\n"
        "from codegen.cli import main\n"
        "code = main(['check', '-q'])\n"
        "print(code, ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'yaml', 'jsonschema', 'codegen'))))\n"
    )
    first = subprocess.run([sys.executable, "-c", probe], cwd=workspace, env=env, capture_output=True, text=True, check=True)
    assert first.stdout.startswith("0 ") and "jinja2" not in first.stdout.split()  # stamps fresh: nothing rendered
    again = subprocess.run([sys.executable, "-c", probe], cwd=workspace, env=env, capture_output=True, text=True, check=True)
    code, modules = again.stdout.split(" ", 1)
    loaded = set(modules.split())
    assert code == "0" and "codegen.commands.check" in loaded
    heavy = {"jinja2", "yaml", "jsonschema", "codegen.pipeline.render", "codegen.pipeline.generate", "codegen.checks.collisions", "codegen.checks.semantic"}
    assert loaded & heavy == set()
    assert [m for m in loaded if m.startswith(("codegen.families.", "codegen.hipdnn", "codegen.commands.")) and m != "codegen.commands.check" and m != "codegen.commands._common"] == []


def _golden_entries(base: Path) -> list[Path]:
    return sorted((base / "golden").glob("*.golden"))


def test_golden_values_come_from_the_cache_and_equal_a_fresh_computation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: an op's golden test values (the CPU reference run on NumPy) are kept by the spec's
    content digest, so rendering an unchanged op's tests imports no NumPy; a kept value is exactly
    what computing gives."""
    from codegen.views import refview

    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = workspace.load(REPO).spec("layernorm_bwd")
    assert spec is not None and spec.reference is not None
    computed = refview._golden_cases(spec)
    refview.golden_cases.cache_clear()
    assert refview.golden_cases(spec) == computed and len(_golden_entries(tmp_path / "cache")) == 1
    refview.golden_cases.cache_clear()
    monkeypatch.setattr(refview, "_golden_cases", lambda spec: pytest.fail("computed again"))
    assert refview.golden_cases(spec) == computed
    refview.golden_cases.cache_clear()


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_or_foreign_golden_entry_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    from codegen.views import refview

    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = workspace.load(REPO).spec("layernorm_bwd")
    assert spec is not None
    refview.golden_cases.cache_clear()
    first = refview.golden_cases(spec)
    _damage(_golden_entries(tmp_path / "cache"), damage, tmp_path)
    computed: list[int] = []
    real = refview._golden_cases
    monkeypatch.setattr(refview, "_golden_cases", lambda spec: computed.append(1) or real(spec))
    refview.golden_cases.cache_clear()
    assert refview.golden_cases(spec) == first and computed == [1]
    refview.golden_cases.cache_clear()


def test_a_golden_entry_of_another_form_is_refused() -> None:
    """What a kept entry unmarshals to is checked field by field before it becomes cases."""
    from codegen.views import refview

    for plain in ((("t", ("FLOAT",), ("float",), (), (), "yes", ()),), (("t", ("FLOAT",), ("float",), (("x", "x", "float", ("2",), ()),), (), True, ()),), "cases"):
        with pytest.raises(ValueError):
            refview._golden_from_plain(plain)


def test_shipped_precompiled_templates_are_current() -> None:
    """codegen/pipeline/templates.compiled.json holds Jinja's Python source of every built-in
    template as this Jinja and environment make it (run `make regenerate` after a template change)."""
    from codegen.families import builtin_templates
    from codegen.pipeline import precompiled, render

    assert precompiled.FILE.read_text(encoding="utf-8") == precompiled.build(render.environment([builtin_templates()]))


def test_an_empty_cache_compiles_no_template_and_renders_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: with an empty cache (or none), the built-in templates come from the shipped Python
    source of them, not from Jinja's compiler; the output is the same byte for byte."""
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "jinja"))
    compiled_by_jinja, _ = _render_repo(monkeypatch)
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "shipped"))
    assert _render_repo(monkeypatch, precompiled=True) == (compiled_by_jinja, 0)
    assert len(_template_entries(tmp_path / "shipped")) > 30  # and kept for the next run
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    assert _render_repo(monkeypatch, precompiled=True) == (compiled_by_jinja, 0)


@pytest.mark.parametrize("stale", ["source", "signature", "damaged"])
def test_a_stale_or_damaged_precompiled_template_is_compiled_by_jinja(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stale: str) -> None:
    """A template whose source is not the one the shipped file was made from, an environment of
    other settings, or an entry that is not Python: Jinja compiles it, with the same output."""
    import json

    from codegen.pipeline import precompiled, render

    data = json.loads(precompiled.FILE.read_text(encoding="utf-8"))
    for name, entry in data["templates"].items():
        if stale == "source":
            entry[0] = "0" * 64
        elif stale == "damaged":
            entry[1] = "def root(:\n"
    if stale == "signature":
        data["signature"] = "another environment"
    altered = tmp_path / "templates.compiled.json"
    altered.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
    expected, compiled = _render_repo(monkeypatch)
    monkeypatch.setattr(render, "PRECOMPILED_FILE", altered)
    assert _render_repo(monkeypatch, precompiled=True) == (expected, compiled)


def test_the_formatter_version_is_asked_once_per_binary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: `clang-format --version` runs once per binary (by its path and stat data), not
    once per run; a damaged entry or a binary changed moments ago is asked again."""
    from codegen.plumbing import formatting

    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    asked: list[str] = []
    real = formatting._version
    monkeypatch.setattr(formatting, "_version", lambda binary: asked.append(binary) or real(binary))
    binary = formatting.executable()
    formatting.check_version(binary)
    formatting.check_version(binary)
    assert asked == [binary]
    entries = sorted((tmp_path / "cache" / "clang-format-version").iterdir())
    _damage(entries, "flipped-byte", tmp_path)
    formatting.check_version(binary)
    assert asked == [binary, binary]
    monkeypatch.setattr(cache, "RACY_NS", 10**18)  # every binary counts as just changed
    formatting.check_version(binary)
    assert asked == [binary, binary, binary]


_CLASS_CODE_PROBE = """
import dataclasses, json, sys
import codegen.spec.model, codegen.views.cpp, codegen.diagnostics.diagnostics
from codegen.plumbing import classcode

@dataclasses.dataclass(frozen=True)
class Outside:  # not the tool's: compiled as dataclasses would, never kept
    x: int = 1

def shape(code):
    return [code.co_code.hex(), repr(code.co_consts), code.co_names, code.co_varnames, code.co_argcount, code.co_flags, code.co_qualname, code.co_filename]

methods = {}
for name, module in sorted(sys.modules.items()):
    if not name.startswith("codegen."):
        continue
    for cls in vars(module).values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
            for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
                function = cls.__dict__.get(method)
                if function is not None and hasattr(function, "__code__"):
                    methods[f"{cls.__qualname__}.{method}"] = shape(function.__code__)
kept = sum(map(len, classcode._tables.values()))
print(json.dumps({"methods": methods, "kept": kept, "compiled": bool(classcode._added), "modules": sorted(classcode._tables), "outside": Outside() == Outside() and repr(Outside())}))
"""


def _class_code(tmp_path: Path, no_cache: bool = False) -> dict[str, object]:
    import json

    env = dict(os.environ, PYTHONPATH=str(REPO), HIPDNN_CODEGEN_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("HIPDNN_CODEGEN_NO_CACHE", None)
    if no_cache:
        env["HIPDNN_CODEGEN_NO_CACHE"] = "1"
    proc = subprocess.run([sys.executable, "-c", _CLASS_CODE_PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def _class_code_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "dataclass-code").glob("*/*.code"))


@pytest.mark.parametrize("damage", DAMAGES)
def test_dataclass_methods_run_from_kept_code_equal_to_compiling_them(tmp_path: Path, damage: str) -> None:
    """Issue 39: the methods dataclasses writes for the tool's classes are compiled once and kept
    (a quarter of one op's regeneration in a new process); run from the kept code they are what
    compiling gives (without a cache too), other classes are never kept, and a damaged or foreign
    table is never loaded: compiled again and rewritten."""
    plain = _class_code(tmp_path, no_cache=True)
    assert not _class_code_files(tmp_path)  # nothing kept without a cache
    cold = _class_code(tmp_path)
    assert cold["compiled"] is True and [p.name for p in _class_code_files(tmp_path)] == [f"{m}.code" for m in cold["modules"]]  # type: ignore[union-attr]
    assert "codegen.spec.model.code" in [p.name for p in _class_code_files(tmp_path)]  # one table per module
    warm = _class_code(tmp_path)
    assert warm["compiled"] is False and warm["kept"] == cold["kept"]  # nothing compiled: all kept
    assert len(plain["methods"]) > 300  # type: ignore[arg-type]
    assert plain["methods"] == cold["methods"] == warm["methods"]
    assert plain["outside"] == cold["outside"] == warm["outside"] == "Outside(x=1)"
    _damage(_class_code_files(tmp_path), damage, tmp_path)
    again = _class_code(tmp_path)
    assert again["compiled"] is True and again["methods"] == plain["methods"]
    assert len(_class_code_files(tmp_path)) == len(cold["modules"])  # type: ignore[arg-type]
    assert all(not entry.is_symlink() and not entry.stat().st_mode & 0o022 for entry in _class_code_files(tmp_path))
    assert _class_code(tmp_path)["compiled"] is False  # rewritten whole: trusted again
