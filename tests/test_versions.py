"""Engine-API versions: a tensor or field newer than its op (`since`) becomes a feature constant of
hipDNN's PluginVersionConstants.hpp, which apply places before K_MAX_SUPPORTED_API_VERSION and then
points K_MAX_SUPPORTED_API_VERSION at the highest constant (hipDNN's rule: the deserialize ceiling
equals the highest feature-gated version, id 58744208129)."""

from __future__ import annotations

import shutil

from conftest import REPO, run_cli

FIXTURE = REPO / "tests" / "fixtures" / "hipdnn_tree"
HEADER = "plugin_sdk/include/hipdnn_plugin_sdk/PluginVersionConstants.hpp"
MEAN = "  - {name: mean, attribute: HIPDNN_ATTR_OPERATION_LAYERNORM_BACKWARD_MEAN_EXT, id: 3603, role: input, optional: true,"


def _workspace(tmp_path, since: str):
    """A copy of the repository's specs with layernorm_bwd's optional mean read from `since` on,
    generated."""
    ws = tmp_path / "ws"
    shutil.copytree(REPO / "op_specs", ws / "op_specs")
    spec = ws / "op_specs" / "layernorm_bwd.yaml"
    text = spec.read_text()
    assert MEAN in text
    spec.write_text(text.replace(MEAN, MEAN.replace("optional: true,", f"optional: true, since: {since},")))
    result = run_cli("generate", "-q", cwd=ws)
    assert result.code == 0, result.out + result.err
    return ws


def _checkout(tmp_path):
    root = tmp_path / "projects" / "hipdnn"
    shutil.copytree(FIXTURE, root)
    return root


def test_a_newer_slot_gets_a_feature_constant_and_raises_the_ceiling(tmp_path):
    ws = _workspace(tmp_path, "1.4.0")
    fragment = (ws / "generated/layernorm_bwd/registry/PluginVersionConstants.hpp.constants.inc").read_text()
    assert 'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.4.0";' in fragment
    root = _checkout(tmp_path)
    first = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert first.code == 0, first.out + first.err
    header = (root / HEADER).read_text()
    assert (
        "    = K_RAGGED_TENSOR_MIN_API_VERSION;\n"
        "\n"
        "// Minimum engine plugin API version for a graph holding LayernormBackwardAttributes.mean_tensor_uid set\n"
        "// (op_specs/layernorm_bwd.yaml `since`): an engine below it declines such a graph.\n"
        'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.4.0";\n'
        "\n"
        "// The deserialize ceiling: the highest feature version above.\n"
        "inline constexpr std::string_view K_MAX_SUPPORTED_API_VERSION\n"
        "    = K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION;\n"
    ) in header
    second = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert second.code == 0 and (root / HEADER).read_text() == header


def test_a_constant_below_the_ceiling_leaves_it(tmp_path):
    ws = _workspace(tmp_path, "1.2.1")
    root = _checkout(tmp_path)
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws).code == 0
    header = (root / HEADER).read_text()
    assert 'K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.2.1";' in header
    assert "inline constexpr std::string_view K_MAX_SUPPORTED_API_VERSION = K_RAGGED_TENSOR_MIN_API_VERSION;\n" in header


def test_a_constant_the_checkout_holds_at_another_version_stops_the_apply(tmp_path):
    ws = _workspace(tmp_path, "1.4.0")
    root = _checkout(tmp_path)
    path = root / HEADER
    text = path.read_text().replace(
        "// The deserialize ceiling", 'inline constexpr std::string_view K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION = "1.5.0";\n\n// The deserialize ceiling'
    )
    path.write_text(text)
    result = run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws)
    assert result.code == 1
    # apply refuses what `check --hipdnn-root` rejects, before its own APPLY-CONFLICT would
    assert "error[HDR-CONFLICT]: engine API version constant K_LAYERNORM_BACKWARD_MEAN_MIN_API_VERSION is 1.4.0 here but 1.5.0 in the checkout" in result.out
    assert path.read_text() == text


def test_ops_at_the_baseline_leave_the_header_alone(tmp_path):
    root = _checkout(tmp_path)
    before = (root / HEADER).read_text()
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=REPO).code == 0
    assert (root / HEADER).read_text() == before


FLOOR_FILES = (
    HEADER,
    "backend/src/descriptors/GraphDescriptor.hpp",
    "backend/src/descriptors/GraphDescriptor.cpp",
    "backend/src/plugin/EnginePluginResourceManager.cpp",
)

# A graph of one layernorm backward node, its optional mean set or not, through the fixture's
# GraphDescriptor with the generated query applied: the stamp is the mean's 1.4.0 with it and the
# baseline without; the compute function puts the new check before ragged tensors' 1.3.0; the
# resource manager's applicability filter, its flag line applied, keeps only engines at 1.4.0 or
# above for a graph that sets the mean.
FLOOR_TEST = r"""
#include "EnginePluginResourceManager.hpp"
#include "GraphDescriptor.hpp"

#include <gtest/gtest.h>
#include <hipdnn_plugin_sdk/PluginVersionConstants.hpp>

namespace
{
using namespace hipdnn_flatbuffers_sdk::data_objects;

class LayernormBackwardOperation : public IBackendDescriptor, public hipdnn_backend::IGraphOperation
{
public:
    explicit LayernormBackwardOperation(bool withMean)
        : _withMean(withMean)
    {
    }
    void finalize() override {}
    bool isFinalized() const override
    {
        return true;
    }
    void getAttribute(hipdnnBackendAttributeName_t, hipdnnBackendAttributeType_t, int64_t, int64_t*, void*) const override {}
    void setAttribute(hipdnnBackendAttributeName_t, hipdnnBackendAttributeType_t, int64_t, const void*) override {}
    hipdnnBackendDescriptorType_t getType() const override
    {
        return static_cast<hipdnnBackendDescriptorType_t>(0);
    }
    std::string toString() const override
    {
        return "layernorm backward";
    }
    hipdnn_backend::IGraphOperation* asGraphOperation() override
    {
        return this;
    }
    std::vector<std::shared_ptr<hipdnn_backend::TensorDescriptor>> getTensorDescriptors() const override
    {
        return {};
    }
    std::unique_ptr<NodeT> buildNode() const override
    {
        LayernormBackwardAttributesT attributes;
        attributes.dy_tensor_uid = 1;
        if(_withMean)
        {
            attributes.mean_tensor_uid = 5;
        }
        auto node = std::make_unique<NodeT>();
        node->attributes.Set(std::move(attributes));
        return node;
    }

private:
    bool _withMean;
};

hipdnn_backend::GraphDescriptor graphOf(bool withMean)
{
    hipdnn_backend::GraphDescriptor graph;
    graph.setOperations({std::make_shared<LayernormBackwardOperation>(withMean)});
    return graph;
}

std::string stamped(bool withMean)
{
    const auto graph = graphOf(withMean);
    EXPECT_EQ(graph.hasLayernormBackwardMean(), withMean);
    const auto built = graph.buildGraphFromOperations();
    const auto& version = *built->min_required_engine_api_version;
    return std::to_string(version.major()) + "." + std::to_string(version.minor()) + "."
           + std::to_string(version.patch());
}
} // namespace

TEST(TestEngineApiVersionFloor, AGraphSettingTheNewerSlotNeedsItsVersion)
{
    EXPECT_EQ(stamped(true), "1.4.0");
    EXPECT_EQ(stamped(false), "1.0.0");
    EXPECT_EQ(std::string(hipdnn_plugin_sdk::K_MAX_SUPPORTED_API_VERSION), "1.4.0");
}

TEST(TestEngineApiVersionFloor, TheNewCheckRunsBeforeLowerFeatures)
{
    using hipdnn_plugin_sdk::computeMinimumEnginePluginApiVersion;
    EXPECT_EQ(computeMinimumEnginePluginApiVersion(true, true, true, true, true).str(), "1.4.0");
    EXPECT_EQ(computeMinimumEnginePluginApiVersion(false, false, true, false, false).str(), "1.3.0");
    EXPECT_EQ(computeMinimumEnginePluginApiVersion(false, false, false, false, false).str(), "1.0.0");
}

TEST(TestEngineApiVersionFloor, TheApplicabilityFilterSkipsEnginesBelowTheNewerSlot)
{
    using hipdnn_data_sdk::utilities::Version;
    const hipdnn_backend::plugin::EnginePluginResourceManager manager(
        {{1, Version(1, 3, 0)}, {2, Version(1, 4, 0)}, {3, Version(1, 0, 0)}});
    const auto withMean = graphOf(true);
    const auto withoutMean = graphOf(false);
    EXPECT_EQ(manager.getApplicableEngineIds(&withMean), (std::vector<int64_t>{2}));
    EXPECT_EQ(manager.getApplicableEngineIds(&withoutMean), (std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(manager.getApplicableEngineIds(&withoutMean, true), (std::vector<int64_t>{1}));
}
"""


def test_the_floor_is_computed_from_the_graph_and_builds_and_runs(tmp_path):
    """apply adds the mean's parameter, static version and check to computeMinimumEnginePluginApiVersion,
    GraphDescriptor's query and both callers' arguments, once; the applied stand-ins (GraphDescriptor.cpp
    and EnginePluginResourceManager.cpp) build with -Wall -Wextra -Werror against flatc's headers,
    stamp the mean's version only on a graph that sets it and skip engines below it for such a graph."""
    from codegen.pipeline.workspace import load
    from cpp_harness import FLATBUFFERS_INCLUDE, INTERFACE, build_and_run, write_stubs

    ws = _workspace(tmp_path, "1.4.0")
    root = _checkout(tmp_path)
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws).code == 0
    applied = {rel: (root / rel).read_text() for rel in FLOOR_FILES}
    assert run_cli("apply", "--force", "--hipdnn-root", str(root), "layernorm_bwd", cwd=ws).code == 0
    assert {rel: (root / rel).read_text() for rel in FLOOR_FILES} == applied  # once
    header, declaration, source, manager = (applied[rel] for rel in FLOOR_FILES)
    assert "                                         bool hasNonDefaultTensorAlignment,\n                                         bool hasLayernormBackwardMean)\n" in header
    assert header.index("if(hasLayernormBackwardMean)") < header.index("if(isRaggedTensorEnabled)")
    assert header.count("s_layernormBackwardMeanMinVersion") == 2
    assert "    bool hasLayernormBackwardMean() const;\n" in declaration
    assert source.count("hasLayernormBackwardMean()") == 2  # the definition and the stamp's argument
    assert "    const bool hasLayernormBackwardMean = graphDesc->hasLayernormBackwardMean();\n" in manager
    assert "hasNonDefaultTensorAlignment,\n" in manager and "hasLayernormBackwardMean);" in manager

    stubs = tmp_path / "stubs"
    write_stubs(load(ws).specs, ws / "generated", stubs)
    test = tmp_path / "TestEngineApiVersionFloor.cpp"
    test.write_text(FLOOR_TEST)
    flags = [
        f"-I{root / 'backend/src/descriptors'}",
        f"-I{root / 'backend/src/plugin'}",
        f"-I{root / 'backend/src'}",
        f"-I{root / 'plugin_sdk/include'}",
        f"-I{stubs}",
        f"-I{INTERFACE}",
        f"-I{FLATBUFFERS_INCLUDE}",
    ]
    sources = [root / "backend/src/descriptors/GraphDescriptor.cpp", root / "backend/src/plugin/EnginePluginResourceManager.cpp", test]
    assert build_and_run(tmp_path / "floor", flags, sources) == 3
