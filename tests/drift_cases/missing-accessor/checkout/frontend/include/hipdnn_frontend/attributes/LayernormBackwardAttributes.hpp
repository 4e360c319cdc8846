// Copyright © Advanced Micro Devices, Inc., or its affiliates.
// SPDX-License-Identifier: MIT
// hipdnn-codegen drift case, written for this project: a per-op file at the path hipDNN keeps it
// (path checked: LayernormBackwardAttributes.hpp, index id 58774450256). Its content is this project's generated file with one API difference:
// hipDNN's class has an accessor get_keep_statistics() the generated one lacks

#pragma once

#include "Attributes.hpp"
#include "TensorAttributes.hpp"

#include <hipdnn_frontend/Types.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hipdnn_frontend::graph
{

class LayernormBackwardAttributes : public Attributes<LayernormBackwardAttributes>
{
public:
    LayernormBackwardAttributes() = default;

    enum class InputNames
    {
        DY = 0,
        X = 1,
        SCALE = 2,
        MEAN = 3,
        INV_VARIANCE = 4,
        EPSILON = 5,
    };
    typedef InputNames input_names;

    enum class OutputNames
    {
        DX = 0,
        DSCALE = 1,
        DBIAS = 2,
    };
    typedef OutputNames output_names;

    std::unordered_map<InputNames, std::shared_ptr<TensorAttributes>> inputs;
    std::unordered_map<OutputNames, std::shared_ptr<TensorAttributes>> outputs;

    // NOLINTBEGIN(readability-identifier-naming)
    int64_t normalized_dim_count = 0;
    // NOLINTEND(readability-identifier-naming)

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_dy() const
    {
        return getInput(InputNames::DY);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_x() const
    {
        return getInput(InputNames::X);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_scale() const
    {
        return getInput(InputNames::SCALE);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_mean() const
    {
        return getInput(InputNames::MEAN);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_inv_variance() const
    {
        return getInput(InputNames::INV_VARIANCE);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_epsilon() const
    {
        return getInput(InputNames::EPSILON);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_dx() const
    {
        return getOutput(OutputNames::DX);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_dscale() const
    {
        return getOutput(OutputNames::DSCALE);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    std::shared_ptr<TensorAttributes> get_dbias() const
    {
        return getOutput(OutputNames::DBIAS);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dy(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::DY, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dy(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::DY, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_x(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::X, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_x(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::X, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_scale(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::SCALE, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_scale(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::SCALE, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_mean(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::MEAN, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_mean(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::MEAN, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_inv_variance(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::INV_VARIANCE, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_inv_variance(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::INV_VARIANCE, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_epsilon(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::EPSILON, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_epsilon(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::EPSILON, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dx(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DX, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dx(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DX, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dscale(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DSCALE, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dscale(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DSCALE, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dbias(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DBIAS, std::move(value));
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_dbias(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DBIAS, value);
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    bool get_keep_statistics() const
    {
        return keep_statistics;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    int64_t get_normalized_dim_count() const
    {
        return normalized_dim_count;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes& set_normalized_dim_count(int64_t value)
    {
        normalized_dim_count = value;
        return *this;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes&
        set_saved_mean_and_inv_variance(const std::shared_ptr<TensorAttributes>& mean,
                                        const std::shared_ptr<TensorAttributes>& invVariance)
    {
        setInput(InputNames::MEAN, mean);
        setInput(InputNames::INV_VARIANCE, invVariance);
        return *this;
    }

    // NOLINTNEXTLINE(readability-identifier-naming)
    LayernormBackwardAttributes&
        set_saved_mean_and_inv_variance(std::shared_ptr<TensorAttributes>&& mean,
                                        std::shared_ptr<TensorAttributes>&& invVariance)
    {
        setInput(InputNames::MEAN, std::move(mean));
        setInput(InputNames::INV_VARIANCE, std::move(invVariance));
        return *this;
    }

private:
    bool keep_statistics = false; // NOLINT(readability-identifier-naming)
};

typedef LayernormBackwardAttributes
    Layernorm_backward_attributes; // NOLINT(readability-identifier-naming)

} // namespace hipdnn_frontend::graph
