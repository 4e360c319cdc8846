// Stand-in for hipDNN's test_sdk TestableGraph.hpp. Checked against id 65499828820 (and 55542633816):
// hipdnn_tests::TestableGraphLifting (public: the protected Graph members build_operation_graph,
// deserialize_via_backend, fromBackendDescriptor, get_raw_graph_descriptor; getSubNodes() returning
// _sub_nodes) and hipdnn_tests::TestableGraphLowering (build_operation_graph_via_descriptors,
// get_raw_graph_descriptor). The knob variants are not declared. Written here.
#pragma once

#include <hipdnn_frontend.hpp>

#include <memory>
#include <vector>

namespace hipdnn_tests
{

class TestableGraphLifting : public hipdnn_frontend::graph::Graph
{
public:
    using Graph::build_operation_graph;
    using Graph::deserialize_via_backend;
    using Graph::fromBackendDescriptor;
    using Graph::get_raw_graph_descriptor;

    const std::vector<std::shared_ptr<hipdnn_frontend::graph::INode>>& getSubNodes() const
    {
        return _sub_nodes;
    }
};

class TestableGraphLowering : public hipdnn_frontend::graph::Graph
{
public:
    using Graph::build_operation_graph_via_descriptors;
    using Graph::get_raw_graph_descriptor;
};

} // namespace hipdnn_tests
