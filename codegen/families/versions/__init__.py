"""Engine-API versions family: for an op or slot whose `since` is later than hipDNN's baseline, the
feature constants of hipDNN's PluginVersionConstants.hpp, as a fragment `apply` places before
K_MAX_SUPPORTED_API_VERSION (which it repoints when a constant is higher), and what sets them: the
compute function's parameter, static version and check per feature, GraphDescriptor's query over
its operations and both callers' arguments (codegen/hipdnn/apply_versions.py places them). An op at the baseline
gets the fragment without constants, and apply leaves the header alone."""

from __future__ import annotations

from codegen.families import Family
from codegen.spec.model import OpSpec
from codegen.views import versions
from codegen.views.naming import ENGINE_PLUGIN_RESOURCE_MANAGER, OpNames, GRAPH_DESCRIPTOR_HEADER, GRAPH_DESCRIPTOR_SOURCE, PLUGIN_VERSION_CONSTANTS, VERSION_FRAGMENTS


def _fragments(names: OpNames) -> dict[str, str]:
    """The constants fragment always (empty at the baseline); what sets the floor only with constants."""
    stems = list(VERSION_FRAGMENTS) if has_versions(names.spec) else ["api_version_constants.inc"]
    return {f"versions/{stem}.j2": f"registry/{VERSION_FRAGMENTS[stem]}" for stem in stems}


def has_versions(spec: OpSpec) -> bool:
    return bool(versions.constants(spec))


FAMILY = Family(
    "versions",
    "the engine-API feature constants of an op or slot newer than hipDNN's baseline",
    _fragments,
    copied=False,
    registers_in_some={
        "plugin_version_constants": PLUGIN_VERSION_CONSTANTS,
        "graph_descriptor_header": GRAPH_DESCRIPTOR_HEADER,
        "graph_descriptor_source": GRAPH_DESCRIPTOR_SOURCE,
        "engine_plugin_resource_manager": ENGINE_PLUGIN_RESOURCE_MANAGER,
    },
    registers_some=has_versions,
)
