"""The work model's C++ built as hipDNN builds it: every op's fragments placed, as `apply` places
them (codegen/hipdnn/apply_work.py, then clang-format on the added lines), into the fixture tree's
stand-ins of the plugin SDK's EngineFeatures.hpp and TestEngineFeatures.cpp, which then compile as
one test unit for all ops."""

from __future__ import annotations

from pathlib import Path

from codegen.families import builtin_templates
from codegen.hipdnn import apply, apply_work
from codegen.plumbing import formatting
from codegen.pipeline.workspace import Workspace
from codegen.spec.model import OpSpec
from codegen.views.naming import ENGINE_FEATURES, ENGINE_FEATURES_TESTS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "hipdnn_tree"


def place_work(ws: Workspace, specs: list[OpSpec], out: Path) -> tuple[Path, Path]:
    """Write the fixture's two work-model files with every op's fragments placed under `out`
    (the same relative paths); return (the plugin SDK include directory, the test source)."""
    sources = {
        key: apply.Source.read(rel, (FIXTURE / rel).read_bytes())
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
