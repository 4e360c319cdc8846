"""Crash consistency and one-run-at-a-time (issue: reliability and security).

Failures are injected at every write step of a commit (storage.STEP_HOOK), not left to timing: a
forked child is killed with os._exit exactly there, and the next run must see the old files or the
new ones, never a mix, with nothing temporary left behind."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.plumbing import storage
from codegen.cli import main
import shipped_files
from conftest import REPO, run_cli, tree



def _schema(workspace: Path, op: str) -> str:
    """A small complete op's schema for add-op --from-fbs (a skeleton is refused until edited)."""
    table = "".join(word.title() for word in op.split("_")) + "Attributes"
    (workspace / f"{op}.fbs").write_text(f'attribute "cache_uid";\ntable {table} {{\n    x_tensor_uid: long (cache_uid);\n    y_tensor_uid: long (cache_uid);\n}}\n')
    return f"{op}.fbs"

KILLED = 86



def _stale_workspace(workspace: Path) -> Path:
    """A workspace where `generate` must update, create and delete files."""
    spec = workspace / "op_specs" / "layernorm_bwd.yaml"
    spec.write_text(spec.read_text().replace("Gradients of layer normalization", "Gradients of layer norm"))
    generated = workspace / "generated" / "layernorm_bwd"
    next(generated.rglob("*Packer.hpp")).unlink()  # to be created
    (generated / "leftover.txt").write_text("no spec makes this\n")  # to be deleted
    return workspace


def _steps(workspace: Path, tmp_path: Path) -> tuple[list[str], dict[str, bytes]]:
    """Every step label of one `generate` and the tree it ends with (run on a copy)."""
    copy = tmp_path / "dry"
    shutil.copytree(workspace, copy)
    labels: list[str] = []
    storage.STEP_HOOK = labels.append
    try:
        assert run_cli("generate", "layernorm_bwd", cwd=copy).code == 0
    finally:
        storage.STEP_HOOK = None
    return labels, tree(copy)


def _killed_at(label: str, *argv: str) -> int:
    """Run the CLI in a forked child that dies at write step `label` without any cleanup."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)

        def hook(step: str) -> None:
            if step == label:
                os._exit(KILLED)

        storage.STEP_HOOK = hook
        try:
            main(list(argv))
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _generate_killed_at(workspace: Path, label: str) -> int:
    return _killed_at(label, "generate", "layernorm_bwd", "--root", str(workspace))


def test_a_kill_at_any_write_step_leaves_old_or_new(workspace: Path, tmp_path: Path) -> None:
    _stale_workspace(workspace)
    old = tree(workspace)
    labels, new = _steps(workspace, tmp_path)
    assert old != new
    assert labels[-1] == "cleanup" and "journal" in labels and any(s.startswith("stage") for s in labels)
    committed_from = labels.index("journal") + 1
    for index, label in enumerate(labels):
        trial = tmp_path / f"trial-{index}"
        shutil.copytree(workspace, trial)
        assert _generate_killed_at(trial, label) == KILLED, label
        message = storage.recover(trial)  # what the next run does first
        assert message is not None, label
        assert not (trial / storage.TXN_DIR).exists()
        assert tree(trial) == (new if index >= committed_from else old), label


def test_an_interrupt_at_any_write_step_leaves_old_or_new(workspace: Path, tmp_path: Path) -> None:
    _stale_workspace(workspace)
    old = tree(workspace)
    labels, new = _steps(workspace, tmp_path)
    committed_from = labels.index("journal") + 1
    for index, label in enumerate(labels):
        trial = tmp_path / f"trial-{index}"
        shutil.copytree(workspace, trial)

        def hook(step: str, label: str = label) -> None:
            if step == label:
                raise KeyboardInterrupt

        storage.STEP_HOOK = hook
        try:
            result = run_cli("generate", "layernorm_bwd", cwd=trial)
        finally:
            storage.STEP_HOOK = None
        assert result.code == 130 and "interrupted" in result.err, label
        if index < committed_from:  # nothing committed: nothing changed, nothing left over
            assert tree(trial) == old, label
            assert not (trial / storage.TXN_DIR).exists()
        assert run_cli("check", cwd=trial).code == (0 if index >= committed_from else 1), label
        assert tree(trial) == (new if index >= committed_from else old), label
        assert not (trial / storage.TXN_DIR).exists()


def test_next_run_completes_a_committed_write_and_says_so(workspace: Path, tmp_path: Path) -> None:
    _stale_workspace(workspace)
    labels, new = _steps(workspace, tmp_path)
    assert _generate_killed_at(workspace, "commit 1") == KILLED
    result = run_cli("check", cwd=workspace)
    assert result.code == 0, result.out + result.err
    assert "hipdnn-codegen: completed an interrupted write of" in result.err
    assert tree(workspace) == new


def test_an_uncommitted_write_is_discarded_and_said(workspace: Path, tmp_path: Path) -> None:
    _stale_workspace(workspace)
    old = tree(workspace)
    assert _generate_killed_at(workspace, "stage 1") == KILLED
    assert (workspace / storage.TXN_DIR).is_dir()
    result = run_cli("list", cwd=workspace)
    assert "hipdnn-codegen: discarded an interrupted write" in result.err
    assert tree(workspace) == old and not (workspace / storage.TXN_DIR).exists()


def test_a_full_disk_changes_nothing(workspace: Path) -> None:
    """RLIMIT_FSIZE makes writes fail with EFBIG the way a full disk fails them with ENOSPC."""
    _stale_workspace(workspace)
    old = tree(workspace)

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    proc = subprocess.run(
        [sys.executable, "-m", "codegen", "generate"],
        cwd=workspace,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
        capture_output=True,
        text=True,
        preexec_fn=small_files,
        timeout=300,
    )
    assert proc.returncode == 2, proc.stderr
    assert "File too large; nothing was changed" in proc.stderr and "Traceback" not in proc.stderr
    assert tree(workspace) == old and not (workspace / storage.TXN_DIR).exists()


def _cli(workspace: Path, *args: str, wait: str = "600") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "codegen", *args],
        cwd=workspace,
        env=dict(os.environ, PYTHONPATH=str(REPO), HIPDNN_CODEGEN_LOCK_WAIT=wait),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_add_ops_at_once_get_different_numbers(workspace: Path) -> None:
    runs = [_cli(workspace, "add-op", name, "--from-fbs", _schema(workspace, name)) for name in ("first_new_op", "second_new_op")]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, out + err
    check = run_cli("check", cwd=workspace)
    assert check.code == 0, check.out  # no shared numbers, no stale or missing files
    texts = [(workspace / "op_specs" / f"{n}.yaml").read_text() for n in ("first_new_op", "second_new_op")]
    ranges = [t.split("attribute_range: ")[1].splitlines()[0] for t in texts]
    assert ranges[0] != ranges[1]


def test_add_op_beside_generate_loses_nothing(workspace: Path) -> None:
    runs = [_cli(workspace, "add-op", "third_new_op", "--from-fbs", _schema(workspace, "third_new_op")), _cli(workspace, "generate")]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, out + err
    assert (workspace / "generated" / "third_new_op").is_dir()
    check = run_cli("check", cwd=workspace)
    assert check.code == 0, check.out


def _waiting_line(run: subprocess.Popen[str]) -> str:
    """Block until the second run says it is waiting for the lock (an event, not a delay: the
    line is written, line-buffered, once its first attempt at the lock has failed)."""
    assert run.stderr is not None
    return run.stderr.readline()


def test_a_held_lock_makes_a_second_run_wait_then_fail_clearly(workspace: Path) -> None:
    with storage.locked(workspace, lambda message: None):
        run = _cli(workspace, "generate", wait="0.3")
        first = _waiting_line(run)
        out, rest = run.communicate(timeout=60)  # it gives up while the lock is still held here
    assert run.returncode == 2
    assert first == f"hipdnn-codegen: waiting for another hipdnn-codegen run to finish with {workspace}\n"
    assert "is still locked by another hipdnn-codegen run after 0.3 s" in rest


def test_a_second_run_waits_for_the_first(workspace: Path) -> None:
    with storage.locked(workspace, lambda message: None):
        run = _cli(workspace, "list")
        assert "waiting for another hipdnn-codegen run" in _waiting_line(run)
        assert run.poll() is None  # it cannot finish while the lock is held
    out, err = run.communicate(timeout=60)
    assert run.returncode == 0 and "layernorm_bwd" in out, err


@pytest.mark.parametrize("link", ["txn-dir"])
def test_the_staging_directory_is_never_a_link(workspace: Path, tmp_path: Path, link: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (workspace / storage.TXN_DIR).symlink_to(outside, target_is_directory=True)
    result = run_cli("generate", cwd=workspace)
    assert result.code == 2 and "is a symbolic link" in result.err
    assert list(outside.iterdir()) == []


def test_apply_killed_mid_commit_is_completed_by_the_next_apply(workspace: Path, tmp_path: Path) -> None:
    fixture = Path(__file__).resolve().parent / "fixtures" / "hipdnn_tree"
    clean, trial = tmp_path / "clean", tmp_path / "trial"
    shutil.copytree(fixture, clean)
    shutil.copytree(fixture, trial)
    for root in (clean, trial):  # hipDNN's own layernorm_bwd files, which apply refuses to replace
        for rel in shipped_files.hand_written("layernorm_bwd"):
            (root / rel).unlink()
    assert run_cli("apply", "--hipdnn-root", str(clean), "layernorm_bwd", cwd=workspace).code == 0
    assert _killed_at("commit 3", "apply", "--root", str(workspace), "--hipdnn-root", str(trial), "layernorm_bwd") == KILLED
    assert (trial / storage.TXN_DIR / storage.JOURNAL).is_file()
    again = run_cli("apply", "--hipdnn-root", str(trial), "layernorm_bwd", cwd=workspace)
    assert again.code == 0, again.out + again.err
    assert "completed an interrupted write of" in again.err
    assert tree(trial) == tree(clean)


def test_a_commit_flushes_its_own_file_system_not_the_machines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: a commit made every file system of the machine flush (os.sync, twice); it now
    flushes the workspace's own (syncfs), and os.sync is only the fallback where syncfs is missing."""
    assert sys.platform != "linux" or storage._syncfs() is not None
    flushed: list[int] = []
    real = storage._syncfs()
    if real is not None:
        monkeypatch.setattr(storage, "_SYNCFS", [lambda fd: flushed.append(os.fstat(fd).st_dev) or real(fd)])

    def machine_wide() -> None:
        raise AssertionError("os.sync() flushes every file system")

    monkeypatch.setattr(os, "sync", machine_wide)
    root = tmp_path / "ws"
    root.mkdir()
    storage.apply(root, [storage.Change("a/b.txt", "create", None, b"new\n")])
    assert (root / "a" / "b.txt").read_bytes() == b"new\n"
    assert flushed == [root.stat().st_dev] * 2  # the staged files, then the renames


def test_the_renames_run_in_one_loop_that_does_nothing_else(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: a kill during apply leaves a half-written checkout until the next run rolls it
    forward, so that window must be as short as possible: every check (lstat), directory and sync
    comes before the first rename, and from the first `commit` step to the last only renames and
    unlinks happen."""
    root = tmp_path / "root"
    (root / "old").mkdir(parents=True)
    (root / "old" / "gone.txt").write_text("deleted\n")
    (root / "kept.txt").write_text("before\n")
    changes = [
        storage.Change("kept.txt", "update", b"before\n", b"after\n"),
        storage.Change("new/deep/a.txt", "create", None, b"a\n"),
        storage.Change("new/other/b.txt", "create", None, b"b\n"),
        storage.Change("old/gone.txt", "delete", b"deleted\n", None),
    ]
    events: list[str] = []
    for name in ("lstat", "mkdir", "replace", "unlink", "rmdir"):
        real = getattr(os, name)
        monkeypatch.setattr(os, name, lambda *a, _real=real, _name=name, **k: (events.append(_name), _real(*a, **k))[1])
    flush = storage.sync_filesystem  # syncfs of the workspace's file system (os.sync only as a fallback)
    monkeypatch.setattr(storage, "sync_filesystem", lambda path: (events.append("sync"), flush(path))[1])
    monkeypatch.setattr(storage, "STEP_HOOK", events.append)
    storage.apply(root, changes)
    first = events.index("commit 0")
    last = max(i for i, e in enumerate(events) if e.startswith("commit "))
    window = events[first : last + 2]  # each step label and the one call after it
    assert [e for e in window if not e.startswith("commit ")] == ["replace", "replace", "replace", "unlink"]
    assert "sync" in events[:first] and events[:first].count("mkdir") >= 2
    assert tree(root) == {"kept.txt": b"after\n", "new/deep/a.txt": b"a\n", "new/other/b.txt": b"b\n"}
