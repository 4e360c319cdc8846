// hipdnn-codegen test fixture, written for this project in the form of hipDNN's frontend/include/hipdnn_frontend/node/NodeType.hpp.
// Names and values are hipDNN's, checked with the search index: id 62461044382. Only the entries
// this case needs (the custom op's); every comment is our own.

#pragma once

namespace hipdnn_frontend::graph
{
enum class NodeType
{
    UNKNOWN = 0,
    CUSTOM_OP = 16,
};
} // namespace hipdnn_frontend::graph
