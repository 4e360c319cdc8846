"""`check --hipdnn-root`: the engine-API feature constants the specs would add to the checkout's
PluginVersionConstants.hpp against the ones it has. A constant the checkout already defines at
another version is HDR-CONFLICT at the spec's `since` (apply would refuse it the same way); a
checkout whose K_MAX_SUPPORTED_API_VERSION is not its highest constant is HDR-VERSION-CEILING."""

from __future__ import annotations

import re
from pathlib import Path

from codegen.diagnostics import rules
from codegen.diagnostics.diagnostics import Diagnostic, Loc, Note
from codegen.hipdnn.hipdnn_headers import read_source
from codegen.spec.model import OpSpec
from codegen.views import naming, versions

_CONSTANT = re.compile(r'inline\s+constexpr\s+std::string_view\s+(K_\w+)\s*=\s*("(\d+\.\d+\.\d+)"|K_\w+)\s*;')


def parse_constants(text: str) -> dict[str, tuple[str, int]]:
    """name -> (version, line) of each `inline constexpr std::string_view K_... = "x.y.z";`, an
    alias (`= K_OTHER`) resolved to its target's version; whole-line comments are skipped."""
    lines = text.split("\n")
    clean = "\n".join("" if line.lstrip().startswith("//") else line for line in lines)
    found: dict[str, tuple[str, int]] = {}
    aliases: dict[str, tuple[str, int]] = {}
    for m in _CONSTANT.finditer(clean):
        line = clean.count("\n", 0, m.start()) + 1
        if m.group(3) is not None:
            found[m.group(1)] = (m.group(3), line)
        else:
            aliases[m.group(1)] = (m.group(2), line)
    for _ in range(len(aliases)):
        for name, (target, line) in aliases.items():
            if target in found and name not in found:
                found[name] = (found[target][0], line)
    return found


def _ceiling(present: dict[str, tuple[str, int]], path: Path, display) -> list[Diagnostic]:  # type: ignore[no-untyped-def]
    """HDR-VERSION-CEILING when the checkout's K_MAX_SUPPORTED_API_VERSION is not the highest of its
    other constants (hipDNN's rule, id 58744208129)."""
    ceiling = present.get(versions.MAX_CONSTANT)
    others = {name: value for name, value in present.items() if name != versions.MAX_CONSTANT}
    if ceiling is None or not others:
        return []
    highest, (version, line) = max(others.items(), key=lambda item: (versions.key(item[1][0]), item[0]))
    if versions.key(ceiling[0]) == versions.key(version):
        return []
    return [rules.HDR_VERSION_CEILING(
        Loc(display(path), ceiling[1], 1),
        f"{versions.MAX_CONSTANT} is {ceiling[0]} but the highest engine API version constant, {highest}, is {version}; "
        f"the deserialize ceiling must equal it",
        Note("the highest constant", Loc(display(path), line, 1)),
    )]


def check(root: Path, specs: list[OpSpec], display=str) -> list[Diagnostic]:  # type: ignore[no-untyped-def]
    path = root / naming.PLUGIN_VERSION_CONSTANTS
    if not path.is_file():
        return []
    present = parse_constants(read_source(root, path))
    found = _ceiling(present, path, display)
    for spec in specs:
        for constant in versions.constants(spec):
            if constant.name in present and present[constant.name][0] != constant.version:
                version, line = present[constant.name]
                found.append(rules.HDR_CONFLICT(
                    constant.loc,
                    f"engine API version constant {constant.name} is {constant.version} here but {version} in the checkout",
                    Note("defined here", Loc(display(path), line, 1)),
                ))
    return found
