// Stand-in for hipdnn_frontend/attributes/LayernormBackwardAttributes.hpp (hand-written in hipDNN).
// Checked against: id 58774450256: class name, InputNames/OutputNames, get_/set_ per tensor (move and
// copy setters), public `int64_t normalized_dim_count = 0` with set_/get_normalized_dim_count, both
// set_saved_mean_and_inv_variance overloads, alias Layernorm_backward_attributes. Bodies are own.
#pragma once

#include "Attributes.hpp"
#include "TensorAttributes.hpp"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>

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

    int64_t normalized_dim_count = 0;

    std::shared_ptr<TensorAttributes> get_dy() const
    {
        return getInput(InputNames::DY);
    }
    std::shared_ptr<TensorAttributes> get_x() const
    {
        return getInput(InputNames::X);
    }
    std::shared_ptr<TensorAttributes> get_scale() const
    {
        return getInput(InputNames::SCALE);
    }
    std::shared_ptr<TensorAttributes> get_mean() const
    {
        return getInput(InputNames::MEAN);
    }
    std::shared_ptr<TensorAttributes> get_inv_variance() const
    {
        return getInput(InputNames::INV_VARIANCE);
    }
    std::shared_ptr<TensorAttributes> get_epsilon() const
    {
        return getInput(InputNames::EPSILON);
    }
    std::shared_ptr<TensorAttributes> get_dx() const
    {
        return getOutput(OutputNames::DX);
    }
    std::shared_ptr<TensorAttributes> get_dscale() const
    {
        return getOutput(OutputNames::DSCALE);
    }
    std::shared_ptr<TensorAttributes> get_dbias() const
    {
        return getOutput(OutputNames::DBIAS);
    }
    LayernormBackwardAttributes& set_dy(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::DY, std::move(value));
    }
    LayernormBackwardAttributes& set_dy(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::DY, value);
    }
    LayernormBackwardAttributes& set_x(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::X, std::move(value));
    }
    LayernormBackwardAttributes& set_x(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::X, value);
    }
    LayernormBackwardAttributes& set_scale(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::SCALE, std::move(value));
    }
    LayernormBackwardAttributes& set_scale(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::SCALE, value);
    }
    LayernormBackwardAttributes& set_mean(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::MEAN, std::move(value));
    }
    LayernormBackwardAttributes& set_mean(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::MEAN, value);
    }
    LayernormBackwardAttributes& set_inv_variance(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::INV_VARIANCE, std::move(value));
    }
    LayernormBackwardAttributes& set_inv_variance(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::INV_VARIANCE, value);
    }
    LayernormBackwardAttributes& set_epsilon(std::shared_ptr<TensorAttributes>&& value)
    {
        return setInput(InputNames::EPSILON, std::move(value));
    }
    LayernormBackwardAttributes& set_epsilon(const std::shared_ptr<TensorAttributes>& value)
    {
        return setInput(InputNames::EPSILON, value);
    }
    LayernormBackwardAttributes& set_dx(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DX, std::move(value));
    }
    LayernormBackwardAttributes& set_dx(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DX, value);
    }
    LayernormBackwardAttributes& set_dscale(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DSCALE, std::move(value));
    }
    LayernormBackwardAttributes& set_dscale(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DSCALE, value);
    }
    LayernormBackwardAttributes& set_dbias(std::shared_ptr<TensorAttributes>&& value)
    {
        return setOutput(OutputNames::DBIAS, std::move(value));
    }
    LayernormBackwardAttributes& set_dbias(const std::shared_ptr<TensorAttributes>& value)
    {
        return setOutput(OutputNames::DBIAS, value);
    }
    LayernormBackwardAttributes& set_normalized_dim_count(int64_t value)
    {
        normalized_dim_count = value;
        return *this;
    }
    int64_t get_normalized_dim_count() const
    {
        return normalized_dim_count;
    }
    LayernormBackwardAttributes& set_saved_mean_and_inv_variance(const std::shared_ptr<TensorAttributes>& mean,
                                          const std::shared_ptr<TensorAttributes>& invVariance)
    {
        set_mean(mean);
        return set_inv_variance(invVariance);
    }
    LayernormBackwardAttributes& set_saved_mean_and_inv_variance(std::shared_ptr<TensorAttributes>&& mean,
                                          std::shared_ptr<TensorAttributes>&& invVariance)
    {
        set_mean(std::move(mean));
        return set_inv_variance(std::move(invVariance));
    }
};

typedef LayernormBackwardAttributes Layernorm_backward_attributes;

} // namespace hipdnn_frontend::graph
