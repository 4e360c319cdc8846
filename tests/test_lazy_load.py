"""Issue 39, cost follows what changed: a settled spec file is not read again (its stat data
stands for it), a spec's model is built only when something asks for it, and the checks across
specs are answered by each spec's plain record when none can clash. Each shortcut must say
exactly what the long way says: a file changed in any way is read, a link is refused, and the
records never hide a finding of the full pass."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codegen.checks import collisions
from codegen.diagnostics.diagnostics import render
from codegen.pipeline import workspace
from codegen.plumbing import cache
from conftest import CASES, REPO, run_cli

sys.path.insert(0, str(REPO / "benchmarks"))
from bench_check import spec_text  # noqa: E402 - the synthetic ops the benchmarks time

SYNTH = 5


@pytest.fixture
def synth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace of SYNTH synthetic ops that clash nowhere, with a cache of its own."""
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE", raising=False)
    root = tmp_path / "ws"
    (root / "op_specs").mkdir(parents=True)
    for i in range(SYNTH):
        (root / "op_specs" / f"synth_{i}.yaml").write_text(spec_text(i))
    return root


def _opened_specs(action: object, root: Path) -> list[str]:
    from test_cache import _opened_during

    return sorted(Path(p).name for p in _opened_during(action) if p.startswith(f"{root}/op_specs/") and p.endswith(".yaml"))


def test_a_settled_spec_is_not_read_but_any_change_to_it_is(synth: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same size and mtime, new bytes: the ctime moved, so the file is read and the edit seen."""
    monkeypatch.setattr(cache, "RACY_NS", 0)  # every file counts as settled
    first = workspace.load(synth)
    assert _opened_specs(lambda: workspace.load(synth), synth) == []
    path = synth / "op_specs" / "synth_1.yaml"
    before = os.stat(path)
    text = path.read_text()
    path.write_text(text.replace("epsilon: 0.5", "epsilon: 0.7", 1))  # the same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns) and after.st_ctime_ns != before.st_ctime_ns
    seen: list[workspace.Workspace] = []
    assert _opened_specs(lambda: seen.append(workspace.load(synth)), synth) == ["synth_1.yaml"]
    changed = seen[0].spec("synth_1")
    assert changed is not None and changed.content != first.spec("synth_1").content  # type: ignore[union-attr]
    monkeypatch.setattr(cache, "RACY_NS", 10**18)  # a file changed within RACY_NS is never trusted: all read
    assert len(_opened_specs(lambda: workspace.load(synth), synth)) == SYNTH


def test_a_trusted_spec_replaced_by_a_link_is_refused(synth: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "RACY_NS", 0)
    workspace.load(synth)
    path = synth / "op_specs" / "synth_2.yaml"
    outside = tmp_path / "outside.yaml"
    shutil.copy2(path, outside)
    path.unlink()
    path.symlink_to(outside)
    ws = workspace.load(synth)
    shown = render(ws.diagnostics)
    assert "error[INPUT-FILE]: this file is a symbolic link" in shown and "synth_2.yaml" in shown
    assert "synth_2" not in [s.op for s in ws.summaries]
    path.unlink()
    path.mkdir()  # a directory where the spec was
    assert "is a directory where a file belongs" in render(workspace.load(synth).diagnostics)


def test_one_changed_op_builds_no_other_model(synth: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`generate` after one edit: no other spec's model is unpickled, and the checks across specs
    run over no more than the changed spec (its record), not over every model."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    assert run_cli("generate", cwd=synth).code == 0
    path = synth / "op_specs" / "synth_3.yaml"
    path.write_text(path.read_text().replace("epsilon: 0.5", "epsilon: 0.25", 1))
    unpickled: list[str] = []
    checked: list[int] = []
    get, check = cache.Store.get, collisions.check

    def spying_get(store: cache.Store, key: str) -> object:
        found = get(store, key)
        if isinstance(found, tuple) and found and isinstance(found[0], workspace.OpSpec):
            unpickled.append(found[0].op)
        return found

    monkeypatch.setattr(cache.Store, "get", spying_get)
    monkeypatch.setattr(collisions, "check", lambda specs, *rest: checked.append(len(specs)) or check(specs, *rest))
    run = run_cli("generate", cwd=synth)
    assert run.code == 0 and "synth_3" in run.out, run.out + run.err
    assert unpickled == [] and checked == [1]


def _loaded(root: Path) -> tuple[list[workspace.OpSpec], object]:
    os.environ["HIPDNN_CODEGEN_NO_CACHE"] = "1"
    try:
        ws = workspace.load(root)
    finally:
        del os.environ["HIPDNN_CODEGEN_NO_CACHE"]
    return [*ws.specs, *ws.partial], ws.registry


SPEC_SETS = [REPO, *sorted(p for p in CASES.iterdir() if (p / "op_specs").is_dir())]


def test_the_records_never_hide_a_finding_of_the_full_pass(synth: Path) -> None:
    """Over every spec set of the suite (the repository's and each case's): whenever the records
    say nothing can clash, the full pass finds nothing. And they do say so where it is true of
    many specs (not a check that always falls back)."""
    clean_sets = 0
    for root in [synth, *SPEC_SETS]:
        specs, registry = _loaded(root)
        records = [collisions.record(s, registry) for s in specs]  # type: ignore[arg-type]
        if collisions.clean(records, registry):  # type: ignore[arg-type]
            assert collisions.check(specs, registry) == [], root.name  # type: ignore[arg-type]
            clean_sets += 1
    assert clean_sets >= 20
    specs, registry = _loaded(synth)
    assert collisions.clean([collisions.record(s, registry) for s in specs], registry)  # type: ignore[arg-type]


def _edit(spec_dir: Path, kind: str, i: int, j: int) -> None:
    """One change that can make two synthetic specs clash (or stop clashing): spec i takes one of
    spec j's numbers or names, is copied under a new op id, or goes."""
    path = spec_dir / f"synth_{i}.yaml"
    if not path.exists() or i == j:
        return
    text, other = path.read_text(), spec_text(j)
    mine = spec_text(i)
    low_i, low_j = 100_000 + i * 100, 100_000 + j * 100
    swaps = {
        "stem": (f"stem: Synth{i}", f"stem: Synth{j}"),
        "stem-case": (f"stem: Synth{i}", f"stem: SYNTH{j}"),
        "id": (f"id: {low_i + 2}", f"id: {low_j + 2}"),
        "range": (f"attribute_range: [{low_i}, {low_i + 99}]", f"attribute_range: [{low_i}, {low_j + 5}]" if low_j > low_i else f"attribute_range: [{low_j + 50}, {low_i + 99}]"),
        "uid": (f"uid: {10_000_000 + i * 100 + 1}", f"uid: {10_000_000 + j * 100 + 1}"),
        "descriptor": (f"value: {1000 + i}}}\noperation_type", f"value: {1000 + j}}}\noperation_type"),
        "attribute": (f"HIPDNN_ATTR_SYNTH{i}_AXIS_EXT", f"HIPDNN_ATTR_SYNTH{j}_AXIS_EXT"),
        "table": (f"table: Synth{i}Attributes", f"table: Synth{j}Attributes"),
        "tensor": ("name: scale,", "name: x,"),
    }
    if kind == "copy":
        (spec_dir / f"copy_{i}.yaml").write_text(text)
    elif kind == "delete":
        path.unlink()
    elif kind == "restore":
        path.write_text(mine)
    else:
        old, new = swaps[kind]
        assert old in mine and other  # the template still has what the edit replaces
        path.write_text(text.replace(old, new, 1))


KINDS = ["stem", "stem-case", "id", "range", "uid", "descriptor", "attribute", "table", "tensor", "copy", "delete", "restore"]
EDITS = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, SYNTH - 1), st.integers(0, SYNTH - 1)), max_size=3)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=EDITS, then=EDITS)
def test_a_cached_load_reports_what_the_full_pass_reports(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, first: list, then: list) -> None:
    """Edits that make synthetic specs clash and stop clashing, one round after another: the load
    through the cache (records, summaries, trusted stat data) reports exactly what a load
    without any cache reports."""
    root = tmp_path_factory.mktemp("ws")
    (root / "op_specs").mkdir()
    for i in range(SYNTH):
        (root / "op_specs" / f"synth_{i}.yaml").write_text(spec_text(i))
    monkeypatch.setenv("HIPDNN_CODEGEN_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("HIPDNN_CODEGEN_NO_CACHE", raising=False)
    workspace.load(root)
    for edits in (first, then):
        for kind, i, j in edits:
            _edit(root / "op_specs", kind, i, j)
        cached = render(workspace.load(root).diagnostics)
        with monkeypatch.context() as patch:
            patch.setenv("HIPDNN_CODEGEN_NO_CACHE", "1")
            assert render(workspace.load(root).diagnostics) == cached


def test_a_trusted_specs_modeline_is_judged_by_the_schema_file_as_it_is_now(synth: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The modeline comes from the spec's cached facts, but the schema file it names is looked at
    on every load: removing it, or making it another version's, is reported though the spec was
    not read."""
    monkeypatch.setattr(cache, "RACY_NS", 0)
    path = synth / "op_specs" / "synth_4.yaml"
    path.write_text(f"# yaml-language-server: $schema={workspace.SPEC_SCHEMA}\n" + path.read_text())
    schema = synth / "op_specs" / workspace.SPEC_SCHEMA
    schema.write_bytes(workspace.tool_schema())
    assert "SPEC-MODELINE" not in render(workspace.load(synth).diagnostics)
    schema.unlink()
    shown: list[str] = []
    assert _opened_specs(lambda: shown.append(render(workspace.load(synth).diagnostics)), synth) == []
    assert f"synth_4.yaml:1:33: warning[SPEC-MODELINE]: the editor modeline names {workspace.SPEC_SCHEMA}, which does not exist beside the file" in shown[0]
    schema.write_bytes(workspace.tool_schema() + b" ")
    assert "which differs from this hipdnn-codegen's op spec schema" in render(workspace.load(synth).diagnostics)
