"""Engine-API versions family: for an op or slot whose `since` is later than hipDNN's baseline, the
feature constants of hipDNN's PluginVersionConstants.hpp, as a fragment `apply` places before
K_MAX_SUPPORTED_API_VERSION (which it repoints when a constant is higher). An op at the baseline
gets the fragment without constants, and apply leaves the header alone."""

from __future__ import annotations

from codegen.families import Family, registry_fragments
from codegen.spec.model import OpSpec
from codegen.views import versions
from codegen.views.naming import PLUGIN_VERSION_CONSTANTS, VERSION_FRAGMENTS


def has_versions(spec: OpSpec) -> bool:
    return bool(versions.constants(spec))


FAMILY = Family(
    "versions",
    "the engine-API feature constants of an op or slot newer than hipDNN's baseline",
    registry_fragments("versions", VERSION_FRAGMENTS),
    copied=False,
    registers_in_some={"plugin_version_constants": PLUGIN_VERSION_CONSTANTS},
    registers_some=has_versions,
)
