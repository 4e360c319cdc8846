"""The work model's C++ built as hipDNN builds it: every op's fragments placed, as `apply` places
them (codegen/hipdnn/apply_work.py, then clang-format on the added lines), into the fixture tree's
stand-ins of the plugin SDK's EngineFeatures.hpp and TestEngineFeatures.cpp, which then compile as
one test unit for all ops."""

from __future__ import annotations

import re
from pathlib import Path

from codegen.families import builtin_templates
from codegen.hipdnn import apply, apply_work
from codegen.plumbing import formatting
from codegen.pipeline.workspace import Workspace
from codegen.spec.model import OpSpec
from codegen.views.naming import ENGINE_FEATURES, ENGINE_FEATURES_TESTS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "hipdnn_tree"


def _without(text: str, tables: tuple[str, ...]) -> str:
    """The fixture file without hipDNN's own overloads, cases and test entries of `tables` (as a
    checkout that lacks those ops has it)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("inline std::optional<double>") and any(f"data_objects::{t}& op)" in "".join(lines[i:i + 3]) for t in tables):
            while lines[i] != "}":
                i += 1
            i += 2  # the closing brace and the blank line after it
            continue
        if any(re.search(rf"case NodeAttributes::{t}:", line) for t in tables):
            i += 2  # the case and its return
            continue
        if line.strip().startswith("//") and i + 2 < len(lines) and lines[i + 1].strip() == "{[] {" and any(f"{t}T " in lines[i + 2] for t in tables):
            while not re.match(r"\s+[0-9.e+]+\},$", lines[i]):
                i += 1
            i += 1
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def place_work(ws: Workspace, specs: list[OpSpec], out: Path, without: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """Write the fixture's two work-model files with every op's fragments placed under `out`
    (the same relative paths), the fixture's own entries of the tables `without` removed first;
    return (the plugin SDK include directory, the test source)."""
    sources = {
        key: apply.Source.read(rel, _without((FIXTURE / rel).read_text(encoding="utf-8"), without).encode("utf-8"))
        for key, rel in (("engine_features", ENGINE_FEATURES), ("engine_features_tests", ENGINE_FEATURES_TESTS))
    }
    for spec in specs:
        apply_work.register(ws, spec, sources)
    style = builtin_templates() / formatting.STYLE_FILE
    for key, rel in (("engine_features", ENGINE_FEATURES), ("engine_features_tests", ENGINE_FEATURES_TESTS)):
        apply._format_added(sources[key], style, Path(rel).name)
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(sources[key].encode())
    return out / "plugin_sdk" / "include", out / ENGINE_FEATURES_TESTS
