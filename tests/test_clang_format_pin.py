"""clang-format matches hipDNN: the pinned wheel is the release hipDNN's own pre-commit runs, the
bundled style file is one that release accepts, and every committed golden C++ file is already in
the format the pin produces (formatting it changes nothing)."""

from __future__ import annotations

import re
import subprocess
import tempfile
import tomllib
from pathlib import Path

from codegen.plumbing import formatting
from codegen.pipeline.workspace import builtin_templates
from conftest import REPO

# hipDNN formats its C++ with the pre-commit hook pre-commit/mirrors-clang-format at rev v18.1.4
# (ROCm/rocm-libraries .pre-commit-config.yaml at the repository root, which covers
# projects/hipdnn/; search index file id 64937636523, commit 07d59b4d; the older root config id
# 36037260321 pins the same rev). The mirror's rev is the clang-format release it runs, which is
# the PyPI wheel clang-format==18.1.4.
HIPDNN_CLANG_FORMAT_VERSION = "18.1.4"
HIPDNN_CLANG_FORMAT_MAJOR = 18

STYLE = builtin_templates() / formatting.STYLE_FILE

# Committed formatter output: the golden tree and the generated trees of the test cases.
GOLDEN_ROOTS = [REPO / "generated", *sorted((REPO / "tests" / "cases").glob("*/generated"))]
# A hipDNN checkout in miniature, formatted by hipDNN's own hook: `apply` formats the lines it adds
# to these files in the same style, so the pinned release must leave them as they are too.
HIPDNN_FORMATTED_ROOTS = [REPO / "tests" / "fixtures" / "hipdnn_tree"]


def _version_of(binary: str) -> str:
    out = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    match = re.search(r"clang-format version (\d+\.\d+\.\d+)", out)
    assert match, f"cannot read a version from {binary} --version: {out!r}"
    return match.group(1)


def _pyproject_pin() -> str:
    dependencies = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    pins = [m.group(1) for d in dependencies if (m := re.fullmatch(r"\s*clang-format\s*==\s*(\d+\.\d+\.\d+)\s*", d))]
    assert len(pins) == 1, f"pyproject.toml must pin exactly one clang-format==X.Y.Z, found {dependencies}"
    return pins[0]


def _major(version: str) -> int:
    return int(version.split(".")[0])


def test_installed_clang_format_is_the_pinned_major_and_hipdnns():
    installed = _version_of(formatting.executable())
    pinned = _pyproject_pin()
    assert _major(installed) == _major(pinned), (
        f"installed clang-format {installed} is not the major pinned in pyproject.toml ({pinned})"
    )
    assert _major(pinned) == HIPDNN_CLANG_FORMAT_MAJOR, (
        f"pyproject.toml pins clang-format {pinned}; hipDNN's pre-commit runs major "
        f"{HIPDNN_CLANG_FORMAT_MAJOR} ({HIPDNN_CLANG_FORMAT_VERSION})"
    )


def test_pin_is_hipdnns_exact_release():
    """Within major 18 the layout of `<< "a" << "b"` changed twice (18.1.5 and 18.1.7), and the
    generated code streams adjacent string literals; only hipDNN's exact release formats them as
    hipDNN's hook does."""
    pinned = _pyproject_pin()
    assert pinned == HIPDNN_CLANG_FORMAT_VERSION, (
        f"pyproject.toml pins clang-format {pinned}; hipDNN's pre-commit runs {HIPDNN_CLANG_FORMAT_VERSION}"
    )
    assert formatting.CLANG_FORMAT_VERSION == pinned


def _cpp_files(roots: list[Path]) -> dict[str, str]:
    files: dict[str, str] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and formatting.needs_format(path.name):
                # Bytes decoded as they are: a CRLF or any other byte change shows up as a change.
                files[path.relative_to(REPO).as_posix()] = path.read_bytes().decode("utf-8")
    return files


def _formatted_as_hipdnns_hook(files: dict[str, str]) -> dict[str, str]:
    """Format each file under its own name, as hipDNN's hook (`clang-format -i -style=file`) does:
    the name decides which header clang-format keeps first (its main include)."""
    binary = formatting.executable()
    formatting.check_version(binary)
    result: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="hipdnn-codegen-pin-") as tmp:
        paths = {rel: Path(tmp) / rel for rel in files}
        for rel, path in paths.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[rel].encode("utf-8"))
        ordered = list(paths.values())
        for start in range(0, len(ordered), formatting.BATCH):
            chunk = [str(p) for p in ordered[start : start + formatting.BATCH]]
            proc = subprocess.run([binary, f"--style=file:{STYLE}", "-i", *chunk], capture_output=True, text=True)
            assert proc.returncode == 0 and not proc.stderr, proc.stderr
        for rel, path in paths.items():
            result[rel] = path.read_bytes().decode("utf-8")
    return result


def _changes(files: dict[str, str], formatted: dict[str, str]) -> list[str]:
    return [path for path in files if formatted[path] != files[path]]


def test_every_golden_cpp_file_is_a_fixed_point_of_the_pinned_format():
    """Both as `generate` formats (the project's format_files) and as hipDNN's hook would format the
    file once `apply` has copied it into a checkout."""
    files = _cpp_files(GOLDEN_ROOTS)
    assert len(files) > 20, f"too few golden C++ files found: {sorted(files)}"
    by_generate = _changes(files, formatting.format_files(files, STYLE))  # one process per 200 files
    by_hook = _changes(files, _formatted_as_hipdnns_hook(files))
    changed = [f"{p} ({', '.join(m for m, c in (('generate', by_generate), ('hook', by_hook)) if p in c)})"
               for p in sorted(set(by_generate) | set(by_hook))]
    assert not changed, (
        f"clang-format {formatting.CLANG_FORMAT_VERSION} with {STYLE.name} changes {len(changed)} committed "
        "golden file(s) (regenerate them with the pinned wheel: hipdnn-codegen generate):\n  " + "\n  ".join(changed)
    )


def test_the_hipdnn_formatted_fixture_tree_is_a_fixed_point_of_the_pinned_format():
    files = _cpp_files(HIPDNN_FORMATTED_ROOTS)
    assert files, f"no C++ files under {HIPDNN_FORMATTED_ROOTS}"
    changed = _changes(files, _formatted_as_hipdnns_hook(files))
    assert not changed, (
        f"clang-format {formatting.CLANG_FORMAT_VERSION} with {STYLE.name} reformats {len(changed)} file(s) "
        "of the hipDNN fixture tree, so it does not format as hipDNN's hook does:\n  " + "\n  ".join(changed)
    )


def test_the_pinned_release_accepts_every_key_of_the_style_file():
    binary = formatting.executable()
    # An empty input is never parsed against the style (clang-format returns early), so dump the
    # configuration and format a one-line input: both read every key and fail on an unknown one.
    dump = subprocess.run([binary, f"--style=file:{STYLE}", "--dump-config"], capture_output=True, text=True)
    assert dump.returncode == 0 and not dump.stderr, f"--dump-config rejects {STYLE}:\n{dump.stderr}"
    probe = subprocess.run(
        [binary, f"--style=file:{STYLE}", "--assume-filename=probe.cpp"],
        input="int x;\n",
        capture_output=True,
        text=True,
    )
    assert probe.returncode == 0 and not probe.stderr, f"formatting with {STYLE} fails:\n{probe.stderr}"
    assert probe.stdout == "int x;\n"
