// Stand-in for hipdnn_frontend/attributes/GraphAttributes.hpp (only what Attributes.hpp and the
// node constructors need). Checked against: Attributes.hpp id 65590463241
// (graphAttributes.get_compute_data_type()) and OperationUnpacker id 55376356773.
// Everything else in the real class: not declared here.
#pragma once

#include <hipdnn_frontend/Types.hpp>

namespace hipdnn_frontend::graph
{

class GraphAttributes
{
public:
    DataType get_compute_data_type() const;
};

} // namespace hipdnn_frontend::graph
