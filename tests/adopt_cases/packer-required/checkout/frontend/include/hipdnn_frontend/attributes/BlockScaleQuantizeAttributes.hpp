// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT

// hipdnn-codegen test fixture, written for this project in the format of hipDNN's
// frontend/include/hipdnn_frontend/attributes/BlockScaleQuantizeAttributes.hpp (checked against
// index id 57278527370, fork hdt98, a merge commit whose conflict markers were read on the HEAD
// side (no packing methods)). block_size and axis are std::optional (unset until set); the schema's
// block_size is a plain int, so the packer needs it set. The public API (class, enums, members,
// accessors and their signatures, alias) is hipDNN's; the bodies are trivial ones of our own, doc
// comments and packing code are left out.

#pragma once

#include "Attributes.hpp"
#include "TensorAttributes.hpp"
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>

namespace hipdnn_frontend::graph
{

class BlockScaleQuantizeAttributes : public Attributes<BlockScaleQuantizeAttributes>
{
public:
    BlockScaleQuantizeAttributes() = default;

    enum class InputNames
    {
        X = 0
    };
    typedef InputNames input_names; // NOLINT(readability-identifier-naming)

    enum class OutputNames
    {
        Y = 0,
        SCALE = 1
    };
    typedef OutputNames output_names; // NOLINT(readability-identifier-naming)

    std::unordered_map<InputNames, std::shared_ptr<TensorAttributes>> inputs;
    std::unordered_map<OutputNames, std::shared_ptr<TensorAttributes>> outputs;

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_x() const
    {
        return getInput(InputNames::X);
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_y() const
    {
        return getOutput(OutputNames::Y);
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_scale() const
    {
        return getOutput(OutputNames::SCALE);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_x(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::X, value);
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_x(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::X, std::move(value));
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_y(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::Y, value);
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_y(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::Y, std::move(value));
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_scale(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::SCALE, value);
    }
    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_scale(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::SCALE, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::optional<int32_t> get_block_size() const
    {
        return block_size;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_block_size(int32_t value)
    {
        block_size = value;
        return *this;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::optional<int64_t> get_axis() const
    {
        return axis;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_axis(int64_t value)
    {
        axis = value;
        return *this;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    bool get_transpose() const
    {
        return transpose;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    BlockScaleQuantizeAttributes& set_transpose(bool value)
    {
        transpose = value;
        return *this;
    }

private:
    // NOLINTNEXTLINE(readability-identifier-naming)
    std::optional<int32_t> block_size;
    // NOLINTNEXTLINE(readability-identifier-naming)
    std::optional<int64_t> axis;
    // NOLINTNEXTLINE(readability-identifier-naming)
    bool transpose = false;
};

using Block_scale_quantize_attributes // NOLINT(readability-identifier-naming)
    = BlockScaleQuantizeAttributes;

} // namespace hipdnn_frontend::graph
