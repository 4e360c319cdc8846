"""Settings from a configuration file, and which workspace a run works on.

Like ruff, the tool reads `[tool.hipdnn-codegen]` from the nearest `pyproject.toml`, or the top
level of a `hipdnn-codegen.toml` (which wins when both sit in one directory):

    workspace = "tools/hipdnn-codegen"   # where op_specs/ lives, relative to the file
    hipdnn-root = "projects/hipdnn"      # default of --hipdnn-root, relative to the file
    cudnn-frontend-root = "../cudnn-frontend"   # default of add-op --cudnn-frontend-root
    cudnn-root = "/usr/local/cuda"       # default of add-op --cudnn-root (a cuDNN install)
    format = "github"                    # default of check --format
    ignore = ["GEN-NO-MIRROR"]           # warnings to silence, by rule id
    [tool.hipdnn-codegen.per-path-ignores]
    "op_specs/legacy_*.yaml" = ["SPEC-FRONTEND-UNVERIFIED"]   # globs relative to the workspace

The search starts at the first spec path given on the command line (or the current directory)
and walks up. The first directory holding a configuration or an `op_specs/` directory ends it; a
workspace found by its `op_specs/` still takes the settings of a configuration further up whose
`workspace` names it, so running inside the workspace and at the repository root agree.
"""

from __future__ import annotations

import fnmatch
import os
import sys
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a configuration is read: a run without one stays light
    from codegen.diagnostics.diagnostics import Diagnostic

SPEC_DIR = "op_specs"
CONFIG_FILE = "hipdnn-codegen.toml"
PYPROJECT = "pyproject.toml"
TABLE = "hipdnn-codegen"
FORMATS = ("text", "json", "github", "sarif")
NOT_FOUND = "no"  # how discover's message starts when no workspace is found at all

# key -> what it sets; the README's table of config keys is checked against this
KEYS = {
    "workspace": "the directory holding op_specs/, relative to the configuration file (default: the file's directory)",
    "hipdnn-root": "default of --hipdnn-root for check, apply, registry and add-op, relative to the configuration file",
    "cudnn-frontend-root": "default of add-op --cudnn-frontend-root (a cudnn-frontend checkout the `cudnn` key is read from), relative to the configuration file",
    "cudnn-root": "default of add-op --cudnn-root (a cuDNN install whose include/cudnn_graph.h gives cuDNN's backend names), relative to the configuration file",
    "format": "default of check --format: " + ", ".join(FORMATS),
    "ignore": "warning rule ids never reported",
    "per-path-ignores": "glob (relative to the workspace) -> warning rule ids not reported for matching files",
    "skip-surfaces": "surfaces outside the C++ core neither generated nor applied: any of docs, samples, python, cudnn",
}

# the surfaces an op has outside the C++ core (codegen/views/surfaces.py), by the name skip-surfaces takes
SURFACES = ("docs", "samples", "python", "cudnn")


class ConfigError(Exception):
    """A configuration file that cannot be used (a usage error: exit 2)."""


class Settings(NamedTuple):
    """(A tuple, not a dataclass: every run builds one, and a dataclass costs its import.)"""

    root: Path  # the workspace
    source: Path | None = None  # the configuration file, when one was read
    hipdnn_root: Path | None = None
    cudnn_frontend_root: Path | None = None
    cudnn_root: Path | None = None
    format: str | None = None
    ignore: frozenset[str] = frozenset()
    per_path: tuple[tuple[str, frozenset[str]], ...] = ()
    skip_surfaces: frozenset[str] = frozenset()

    def hides(self, diagnostic: Diagnostic, cwd: Path | None = None) -> bool:
        """Whether the configuration silences this finding (warnings only: errors always show)."""
        if diagnostic.severity == "error":
            return False
        if diagnostic.rule in self.ignore:
            return True
        if not self.per_path:
            return False
        path = Path(diagnostic.loc.path)
        absolute = path if path.is_absolute() else (cwd or Path.cwd()) / path
        try:
            rel = Path(os.path.relpath(absolute, self.root)).as_posix()
        except ValueError:
            return False
        return any(diagnostic.rule in ids and fnmatch.fnmatchcase(rel, pattern) for pattern, ids in self.per_path)

    def visible(self, found: Iterable[Diagnostic]) -> list[Diagnostic]:
        cwd = Path.cwd()
        return [d for d in found if not self.hides(d, cwd)]


def _read(path: Path) -> dict[str, Any] | None:
    """The tool's table in `path`, or None when a pyproject.toml has none."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - the project's own interpreter is 3.11
        import tomli as tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if path.name == CONFIG_FILE:
        return data
    tool = data.get("tool")
    table = tool.get(TABLE) if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.{TABLE}] must be a table")
    return table


def _config_in(directory: Path) -> tuple[Path, dict[str, Any]] | None:
    for name in (CONFIG_FILE, PYPROJECT):
        candidate = directory / name
        if candidate.is_file():
            table = _read(candidate)
            if table is not None:
                return candidate, table
    return None


def _rule_ids(value: Any, where: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where} must be a list of rule ids")
    from codegen.diagnostics import rules

    for rule_id in value:
        rule = rules.ALL.get(rule_id)
        if rule is None:
            from codegen.spec.schema_check import did_you_mean

            raise ConfigError(f"{where}: unknown rule '{rule_id}'{did_you_mean(rule_id, list(rules.ALL))}")
        if rule.severity == "error":
            raise ConfigError(f"{where}: {rule_id} is an error; only warnings can be ignored")
    return frozenset(value)


def _settings(path: Path, table: dict[str, Any]) -> Settings:
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        from codegen.spec.schema_check import did_you_mean

        raise ConfigError(f"{path}: unknown key '{unknown[0]}'{did_you_mean(unknown[0], list(KEYS))} (known: {', '.join(KEYS)})")
    base = path.parent
    for key in ("workspace", "hipdnn-root", "cudnn-frontend-root", "cudnn-root", "format"):
        if key in table and not isinstance(table[key], str):
            raise ConfigError(f"{path}: {key} must be a string")
    root = (base / table.get("workspace", ".")).resolve()
    if not (root / SPEC_DIR).is_dir():
        raise ConfigError(f"{path}: workspace {table.get('workspace', '.')!r} has no {SPEC_DIR}/ directory")
    fmt = table.get("format")
    if fmt is not None and fmt not in FORMATS:
        raise ConfigError(f"{path}: format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    per_path_table = table.get("per-path-ignores", {})
    if not isinstance(per_path_table, dict):
        raise ConfigError(f"{path}: per-path-ignores must be a table of glob = [rule ids]")
    per_path = tuple(
        (pattern, _rule_ids(ids, f"{path}: per-path-ignores.{pattern!r}")) for pattern, ids in sorted(per_path_table.items())
    )
    skipped = table.get("skip-surfaces", [])
    if not isinstance(skipped, list) or not all(isinstance(name, str) for name in skipped):
        raise ConfigError(f"{path}: skip-surfaces must be a list of surface names ({', '.join(SURFACES)})")
    unknown_surfaces = sorted(set(skipped) - set(SURFACES))
    if unknown_surfaces:
        raise ConfigError(f"{path}: skip-surfaces: unknown surface '{unknown_surfaces[0]}' (known: {', '.join(SURFACES)})")
    hipdnn = table.get("hipdnn-root")
    cudnn_frontend = table.get("cudnn-frontend-root")
    cudnn = table.get("cudnn-root")
    return Settings(
        root=root,
        source=path,
        hipdnn_root=(base / hipdnn).resolve() if hipdnn is not None else None,
        cudnn_frontend_root=(base / cudnn_frontend).resolve() if cudnn_frontend is not None else None,
        cudnn_root=(base / cudnn).resolve() if cudnn is not None else None,
        format=fmt,
        ignore=_rule_ids(table.get("ignore", []), f"{path}: ignore"),
        per_path=per_path,
        skip_surfaces=frozenset(skipped),
    )


def discover(explicit_root: str | None, paths: Iterable[str] = (), cwd: Path | None = None) -> Settings:
    """The workspace and settings of a run: `--root` when given (with any configuration in or
    above it that names it), else found from the first path or the current directory."""
    here = (cwd or Path.cwd()).resolve()
    if explicit_root is not None:
        root = Path(explicit_root)
        if not (root / SPEC_DIR).is_dir():
            raise ConfigError(f"--root {explicit_root}: no {SPEC_DIR}/ directory there")
        return _with_config_above(root.resolve())
    # the first path inside a workspace decides (pre-commit passes unrelated files too), then
    # the current directory
    starts = [(here / p).resolve() for p in paths]
    for start in [s if s.is_dir() else s.parent for s in starts] + [here]:
        found = _search(start)
        if found is not None:
            return found
    raise ConfigError(
        f"{NOT_FOUND} {SPEC_DIR}/ directory, {CONFIG_FILE} or [tool.{TABLE}] in {here} or any parent; "
        "run inside a workspace, name a spec file, or pass --root DIR"
    )


def _search(start: Path) -> Settings | None:
    for candidate in (start, *start.parents):
        found = _config_in(candidate)
        if found is not None:
            return _settings(*found)
        if (candidate / SPEC_DIR).is_dir():
            return _with_config_above(candidate)
    return None


def _with_config_above(root: Path) -> Settings:
    for candidate in (root, *root.parents):
        found = _config_in(candidate)
        if found is not None:
            settings = _settings(*found)
            if settings.root == root:
                return settings
    return Settings(root=root)
