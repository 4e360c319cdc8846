// hipdnn-codegen's cross-check of the Python mirror against the generated C++ JSON utilities,
// written for this project. It uses only the generated <Table>.hpp utilities as pasted into the
// json/Graph.hpp stand-in (its to_json(Node) and json::to<Node>, modelled on index id 55241529329)
// and flatc's generated graph code:
//   1. reads the FlatBuffers graph the mirror wrote (HIPDNN_CODEGEN_GRAPH_BIN), verifies it, and
//      writes the JSON to_json(Node) gives each node as one array (HIPDNN_CODEGEN_NODES_OUT);
//   2. reads the mirror's JSON of the same nodes (HIPDNN_CODEGEN_NODES_JSON), builds each node with
//      json::to<Node> into a graph without tensors and writes its bytes (HIPDNN_CODEGEN_GRAPH_OUT).
// The Python test compares both outputs with what the mirror holds.
#include <hipdnn_flatbuffers_sdk/utilities/json/Graph.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace
{

std::string pathFromEnvironment(const char* name)
{
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

std::vector<char> readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

TEST(MirrorJsonCrossCheck, GeneratedUtilitiesAgreeWithTheMirror)
{
    namespace data = hipdnn_flatbuffers_sdk::data_objects;
    const auto graphBin = pathFromEnvironment("HIPDNN_CODEGEN_GRAPH_BIN");
    const auto nodesJson = pathFromEnvironment("HIPDNN_CODEGEN_NODES_JSON");
    const auto nodesOut = pathFromEnvironment("HIPDNN_CODEGEN_NODES_OUT");
    const auto graphOut = pathFromEnvironment("HIPDNN_CODEGEN_GRAPH_OUT");
    ASSERT_FALSE(graphBin.empty() || nodesJson.empty() || nodesOut.empty() || graphOut.empty());

    const auto bytes = readAll(graphBin);
    flatbuffers::Verifier verifier(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    ASSERT_TRUE(data::VerifyGraphBuffer(verifier));
    const auto* graph = data::GetGraph(bytes.data());
    ASSERT_NE(graph->nodes(), nullptr);
    auto nodes = nlohmann::json::array();
    for(const auto* node : *graph->nodes())
    {
        nlohmann::json entry;
        data::to_json(entry, *node);
        nodes.push_back(entry);
    }
    std::ofstream(nodesOut) << nodes.dump();

    const auto text = readAll(nodesJson);
    const auto parsed = nlohmann::json::parse(text.begin(), text.end());
    flatbuffers::FlatBufferBuilder builder;
    std::vector<flatbuffers::Offset<data::Node>> built;
    for(const auto& entry : parsed)
    {
        built.push_back(hipdnn_flatbuffers_sdk::json::to<data::Node>(builder, entry));
    }
    const std::vector<flatbuffers::Offset<data::TensorAttributes>> noTensors;
    builder.Finish(data::CreateGraphDirect(builder, "", data::DataType::UNSET, data::DataType::UNSET, data::DataType::UNSET, &noTensors, &built));
    std::ofstream(graphOut, std::ios::binary)
        .write(reinterpret_cast<const char*>(builder.GetBufferPointer()), static_cast<std::streamsize>(builder.GetSize()));
}
