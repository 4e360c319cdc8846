"""The dependency set is declared, locked with hashes, and what the suite runs on.

pyproject.toml declares what the tool imports (with the ranges it supports); .ci/requirements/lock.txt
(written by `make lock`, read by `make run`/`make test`/.ci/run with --require-hashes) pins one
release of each, so a fresh machine installs exactly what was tested."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib import metadata

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import REPO

# import name -> distribution, for every third-party module the tool may import
DISTRIBUTIONS = {
    "yaml": "pyyaml",
    "jinja2": "jinja2",
    "jsonschema": "jsonschema",
    "flatbuffers": "flatbuffers",
    "numpy": "numpy",
    "tomli": "tomli",
    "clang_format": "clang-format",
    "tree_sitter": "tree-sitter",
    "tree_sitter_cpp": "tree-sitter-cpp",
}
LOCK = REPO / ".ci" / "requirements" / "lock.txt"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def _project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def _declared() -> list[Requirement]:
    project = _project()
    found = [Requirement(r) for r in project["dependencies"]]
    found += [Requirement(r) for group in project["optional-dependencies"].values() for r in group]
    found += [Requirement(line) for line in (REPO / ".ci" / "requirements" / "build.in").read_text().splitlines() if line.strip() and not line.startswith("#")]
    return found


def _lock() -> dict[str, list[tuple[str, str, int]]]:
    """name -> [(version, marker, number of hashes)] (a universal lock may pin a name per Python)."""
    pins: dict[str, list[tuple[str, str, int]]] = {}
    current: list | None = None
    for line in LOCK.read_text().splitlines():
        match = PIN.match(line)
        if match:
            entry = [match[2], (match[3] or "").strip(), 0]
            pins.setdefault(canonicalize_name(match[1]), []).append(entry)  # type: ignore[arg-type]
            current = entry
        elif line.strip().startswith("--hash=sha256:") and current is not None:
            current[2] += 1
        elif line and not line.startswith((" ", "#")):
            raise AssertionError(f"unexpected line in {LOCK.name}: {line!r}")
    return {name: [tuple(e) for e in entries] for name, entries in pins.items()}  # type: ignore[misc]


def test_every_third_party_import_is_declared():
    """tomli (the configuration reader's parser below Python 3.11) was imported but not declared."""
    declared = {canonicalize_name(r.name) for r in _declared()}
    imported: set[str] = set()
    for path in (REPO / "codegen").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    third_party = sorted(imported - set(sys.stdlib_module_names) - {"codegen", "tomllib"})
    unknown = [name for name in third_party if name not in DISTRIBUTIONS]
    assert not unknown, f"map these imports to their distributions in DISTRIBUTIONS: {unknown}"
    missing = [DISTRIBUTIONS[name] for name in third_party if canonicalize_name(DISTRIBUTIONS[name]) not in declared]
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"


def test_the_lock_pins_every_declared_dependency_with_hashes():
    """A dependency added to pyproject.toml without `make lock` is caught here, not on a user's machine."""
    pins = _lock()
    for requirement in _declared():
        entries = pins.get(canonicalize_name(requirement.name))
        assert entries, f"{requirement.name} is declared but not in {LOCK.name}; run: make lock"
        for version, _marker, hashes in entries:
            assert hashes >= 1, f"{requirement.name}=={version} has no hash"
            assert requirement.specifier.contains(version, prereleases=True), f"{requirement.name}=={version} is outside {requirement}"
    for name, entries in pins.items():
        assert all(hashes for _v, _m, hashes in entries), name


def test_the_suite_runs_on_exactly_the_locked_versions():
    """What `make test` installed is what the lock says, for every pin whose marker applies here."""
    environment = default_environment()
    wrong = []
    for name, entries in _lock().items():
        for version, marker, _hashes in entries:
            if marker and not Requirement(f"x; {marker}").marker.evaluate(environment):  # type: ignore[union-attr]
                continue
            if name in ("pip", "setuptools"):
                continue  # the venv's installer and build backend: locked, but a test run may use another venv's
            try:
                installed = metadata.version(name)
            except metadata.PackageNotFoundError:
                wrong.append(f"{name}=={version} is not installed")
                continue
            if installed != version:
                wrong.append(f"{name}: {installed} installed, {version} locked")
    assert not wrong, wrong
