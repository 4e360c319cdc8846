"""Work-model family: the op's logical work as hipDNN's plugin SDK publishes it, as fragments `apply`
pastes into EngineFeatures.hpp (the nodeFlops overload and the logicalFlops case, or the case of a
type without a counting convention) and into its test (the entry pinning the test graph's work)."""

from __future__ import annotations

from codegen.families import Family
from codegen.spec.model import OpSpec
from codegen.views.naming import ENGINE_FEATURES, ENGINE_FEATURES_TESTS, WORK_FRAGMENTS, OpNames


def _fragments(names: OpNames) -> dict[str, str]:
    work = names.spec.work
    if work is None:
        return {}
    stems = ["logical_flops_case.inc"] if work.flops is None else list(WORK_FRAGMENTS)
    return {f"work/{stem}.j2": f"registry/{WORK_FRAGMENTS[stem]}" for stem in stems}


def _declares_work(spec: OpSpec) -> bool:
    return spec.work is not None


FAMILY = Family(
    "work",
    "the op's nodeFlops overload, logicalFlops case and declared-work test entry for the plugin SDK's work model",
    _fragments,
    copied=False,
    registers_in_some={"engine_features": ENGINE_FEATURES, "engine_features_tests": ENGINE_FEATURES_TESTS},
    registers_some=_declares_work,
)
