// Stand-in for hipdnn_frontend/attributes/TensorAttributes.hpp.
// Checked against: id 58697136732 (newest seen: ragged offset, alignment, stricter validate()) and
// id 59757782299 (older: validate() checks only the data type; validate_dims_* helpers). Real
// names, signatures and behaviour kept: get_uid/set_uid (set_uid also marks has_uid), has_uid,
// clear_uid, get_name/set_name, get_data_type/set_data_type, get_dim/set_dim,
// get_stride/set_stride, get_volume, get_is_virtual/set_is_virtual, set_output(b) ==
// set_is_virtual(!b), get/set/has_ragged_offset, get/set_alignment (default 16 per the real doc
// comment; the real constant lives in detail/TensorConstants.hpp, not modelled),
// fill_from_context(const GraphAttributes&) -> TensorAttributes& (fills an unset data type from
// the graph's intermediate type for virtual tensors, io type otherwise), validate() -> Error,
// logicallyEquals/operator==, typedef Tensor_attributes. Also used by DescriptorHelpers
// id 64109159952 and DescriptorUnpackHelpers id 65501979117.
// Pass-by-value as id 59757782299 has it: set_value(v) holds a value, makes dims and strides {1}
// and takes the value's data type (float and int32_t here); get_pass_by_value() says whether a
// value is held; clear_value() drops it. Not modelled: the value itself (get_pass_by_value<T>, the
// value variant, ScalarType, the scalar constructors) and pack_attributes (flatbuffers), so
// validate() skips the two pass-by-value checks.
#pragma once

#include "GraphAttributes.hpp"

#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/Types.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace hipdnn_frontend::graph
{

class TensorAttributes
{
public:
    TensorAttributes() = default;

    int64_t get_uid() const
    {
        return _uid;
    }
    const std::string& get_name() const
    {
        return _name;
    }
    DataType get_data_type() const
    {
        return _dataType;
    }
    const std::vector<int64_t>& get_stride() const
    {
        return _stride;
    }
    const std::vector<int64_t>& get_dim() const
    {
        return _dim;
    }
    int64_t get_volume() const
    {
        int64_t product = 1;
        for(const int64_t extent : _dim)
        {
            product *= extent;
        }
        return product;
    }
    bool get_is_virtual() const
    {
        return _isVirtual;
    }
    bool has_uid() const
    {
        return _uidSet;
    }
    bool get_pass_by_value() const
    {
        return _holdsValue;
    }
    TensorAttributes& set_value(float)
    {
        return holdValue(DataType::FLOAT);
    }
    TensorAttributes& set_value(int32_t)
    {
        return holdValue(DataType::INT32);
    }
    TensorAttributes& clear_value()
    {
        _holdsValue = false;
        return *this;
    }

    TensorAttributes& set_uid(int64_t uid)
    {
        _uid = uid;
        _uidSet = true;
        return *this;
    }
    TensorAttributes& set_name(const std::string& name)
    {
        _name = name;
        return *this;
    }
    TensorAttributes& set_data_type(DataType dataType)
    {
        _dataType = dataType;
        return *this;
    }
    TensorAttributes& set_stride(const std::vector<int64_t>& stride)
    {
        _stride = stride;
        return *this;
    }
    TensorAttributes& set_dim(const std::vector<int64_t>& dim)
    {
        _dim = dim;
        return *this;
    }
    TensorAttributes& set_is_virtual(bool isVirtual)
    {
        _isVirtual = isVirtual;
        return *this;
    }
    TensorAttributes& set_output(bool output)
    {
        return set_is_virtual(!output);
    }
    TensorAttributes& clear_uid()
    {
        _uidSet = false;
        _uid = 0;
        return *this;
    }

    std::shared_ptr<TensorAttributes> get_ragged_offset()
    {
        return _raggedOffset;
    }
    TensorAttributes& set_ragged_offset(const std::shared_ptr<TensorAttributes>& value)
    {
        _raggedOffset = value;
        return *this;
    }
    bool has_ragged_offset() const
    {
        return _raggedOffset != nullptr;
    }

    int64_t get_alignment() const
    {
        return _alignment;
    }
    TensorAttributes& set_alignment(const int64_t value)
    {
        _alignment = value;
        return *this;
    }

    TensorAttributes& fill_from_context(const GraphAttributes& graphAttributes)
    {
        if(_dataType != DataType::NOT_SET)
        {
            return *this;
        }
        _dataType = _isVirtual ? graphAttributes.get_intermediate_data_type()
                               : graphAttributes.get_io_data_type();
        return *this;
    }

    Error validate() const
    {
        if(_dataType == DataType::NOT_SET)
        {
            return {ErrorCode::ATTRIBUTE_NOT_SET, "Tensor " + _name + " has no data type"};
        }
        HIPDNN_RETURN_IF_NE(_dim.size(),
                            _stride.size(),
                            ErrorCode::INVALID_VALUE,
                            "Tensor " + _name + ": dim and stride sizes differ");
        HIPDNN_RETURN_IF_TRUE(
            _dim.empty(), ErrorCode::ATTRIBUTE_NOT_SET, "Tensor " + _name + ": dim is empty");
        HIPDNN_RETURN_IF_FALSE(
            std::all_of(_dim.begin(), _dim.end(), [](int64_t extent) { return extent > 0; }),
            ErrorCode::INVALID_VALUE,
            "Tensor " + _name + ": every dim must be positive");
        HIPDNN_RETURN_IF_TRUE(_alignment < 1,
                              ErrorCode::INVALID_VALUE,
                              "Tensor " + _name + ": alignment must be at least 1");
        return {ErrorCode::OK, ""};
    }

    bool validate_dims_set_and_positive() const
    {
        return !_dim.empty()
               && std::all_of(_dim.begin(), _dim.end(), [](int64_t extent) { return extent > 0; });
    }
    bool validate_dims_and_strides_set_and_positive() const
    {
        return validate_dims_set_and_positive() && _stride.size() == _dim.size()
               && std::all_of(
                   _stride.begin(), _stride.end(), [](int64_t step) { return step > 0; });
    }

    // Same shape, layout, type and role; the name and uid are ignored.
    bool logicallyEquals(const TensorAttributes& other) const
    {
        return _dataType == other._dataType && _dim == other._dim && _stride == other._stride
               && _isVirtual == other._isVirtual;
    }
    bool operator==(const TensorAttributes& other) const
    {
        return logicallyEquals(other) && _name == other._name && _uidSet == other._uidSet
               && (!_uidSet || _uid == other._uid);
    }
    bool operator!=(const TensorAttributes& other) const
    {
        return !(*this == other);
    }

private:
    TensorAttributes& holdValue(DataType dataType)
    {
        _holdsValue = true;
        _dataType = dataType;
        _dim = _stride = {1};
        return *this;
    }

    bool _holdsValue = false;
    int64_t _uid = 0;
    bool _uidSet = false;
    std::string _name;
    DataType _dataType = DataType::NOT_SET;
    std::vector<int64_t> _stride;
    std::vector<int64_t> _dim;
    bool _isVirtual = false;
    std::shared_ptr<TensorAttributes> _raggedOffset;
    int64_t _alignment = 16;
};

typedef TensorAttributes Tensor_attributes;

} // namespace hipdnn_frontend::graph
