// Stand-in for hipdnn_frontend/attributes/TensorAttributes.hpp (accessors that packers,
// unpackers and nodes call). Checked against the calls in DescriptorHelpers id 64109159952
// (get_uid, get_name, get_data_type, get_dim, get_stride, get_is_virtual, get_alignment),
// DescriptorUnpackHelpers id 65501979117 (set_uid(..).set_data_type(..).set_dim(..)
// .set_stride(..).set_is_virtual(..), set_name) and LayernormBackwardNode id 59078622115
// (get_dim().empty(), set_dim, set_stride). Return types other than chaining: UNVERIFIED.
#pragma once

#include <hipdnn_frontend/Types.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hipdnn_frontend::graph
{

class GraphAttributes;

class TensorAttributes
{
public:
    int64_t get_uid() const;
    TensorAttributes& set_uid(int64_t uid);
    const std::string& get_name() const;
    TensorAttributes& set_name(const std::string& name);
    DataType get_data_type() const;
    TensorAttributes& set_data_type(DataType type);
    const std::vector<int64_t>& get_dim() const;
    TensorAttributes& set_dim(const std::vector<int64_t>& dims);
    const std::vector<int64_t>& get_stride() const;
    TensorAttributes& set_stride(const std::vector<int64_t>& strides);
    bool get_is_virtual() const;
    TensorAttributes& set_is_virtual(bool isVirtual);
    int64_t get_alignment() const;
    Error fill_from_context(const GraphAttributes& graphAttributes);
};

} // namespace hipdnn_frontend::graph
