// Stand-in for hipdnn_frontend/attributes/Attributes.hpp.
// Checked against: id 65590463241: template <typename DerivedT> class Attributes with public
// `std::string name`, `DataType compute_data_type = DataType::NOT_SET`, set_name/get_name,
// set_compute_data_type/get_compute_data_type, fill_from_context, and protected templated
// getInput/getOutput/setInput/setOutput (copy and move). fill_from_context is inline as in the
// real one: TensorAttributes::fill_from_context on every non-null tensor of the derived class's
// `inputs`, then of its `outputs`, then the graph's compute data type when this one is NOT_SET;
// returns a default (OK) Error. From the newer base, id 59058282675: the public
// `std::optional<std::string> unsupported_reason`, hasUnsupportedUsage(), getUnsupportedReason() (an
// empty string when none) and the protected first-wins recordUnsupported(const char*), which
// source-compatibility setters call (its equality operators are not modelled). Bodies written for
// this stand-in.
#pragma once

#include "GraphAttributes.hpp"
#include "TensorAttributes.hpp"

#include <hipdnn_frontend/Error.hpp>
#include <hipdnn_frontend/Types.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace hipdnn_frontend::graph
{

template <typename DerivedT>
class Attributes
{
public:
    std::string name;
    DataType compute_data_type = DataType::NOT_SET;
    std::optional<std::string> unsupported_reason;

    DerivedT& set_name(const std::string& nameValue)
    {
        name = nameValue;
        return derived();
    }
    const std::string& get_name() const
    {
        return name;
    }
    DerivedT& set_compute_data_type(DataType value)
    {
        compute_data_type = value;
        return derived();
    }
    DataType get_compute_data_type() const
    {
        return compute_data_type;
    }
    bool hasUnsupportedUsage() const
    {
        return unsupported_reason.has_value();
    }
    const std::string& getUnsupportedReason() const
    {
        static const std::string none;
        return unsupported_reason ? *unsupported_reason : none;
    }
    Error fill_from_context(const GraphAttributes& graphAttributes)
    {
        for(auto& entry : derived().inputs)
        {
            if(entry.second != nullptr)
            {
                entry.second->fill_from_context(graphAttributes);
            }
        }
        for(auto& entry : derived().outputs)
        {
            if(entry.second != nullptr)
            {
                entry.second->fill_from_context(graphAttributes);
            }
        }
        if(compute_data_type == DataType::NOT_SET)
        {
            set_compute_data_type(graphAttributes.get_compute_data_type());
        }
        return {};
    }

protected:
    DerivedT& recordUnsupported(const char* reason)
    {
        if(!unsupported_reason.has_value())
        {
            unsupported_reason = reason;
        }
        return derived();
    }
    template <typename InputNameT>
    std::shared_ptr<TensorAttributes> getInput(InputNameT inputName) const
    {
        const auto& map = derived().inputs;
        const auto found = map.find(inputName);
        return found == map.end() ? nullptr : found->second;
    }
    template <typename OutputNameT>
    std::shared_ptr<TensorAttributes> getOutput(OutputNameT outputName) const
    {
        const auto& map = derived().outputs;
        const auto found = map.find(outputName);
        return found == map.end() ? nullptr : found->second;
    }
    template <typename InputNameT>
    DerivedT& setInput(InputNameT inputName, const std::shared_ptr<TensorAttributes>& value)
    {
        derived().inputs[inputName] = value;
        return derived();
    }
    template <typename InputNameT>
    DerivedT& setInput(InputNameT inputName, std::shared_ptr<TensorAttributes>&& value)
    {
        derived().inputs[inputName] = std::move(value);
        return derived();
    }
    template <typename OutputNameT>
    DerivedT& setOutput(OutputNameT outputName, const std::shared_ptr<TensorAttributes>& value)
    {
        derived().outputs[outputName] = value;
        return derived();
    }
    template <typename OutputNameT>
    DerivedT& setOutput(OutputNameT outputName, std::shared_ptr<TensorAttributes>&& value)
    {
        derived().outputs[outputName] = std::move(value);
        return derived();
    }

private:
    DerivedT& derived()
    {
        return static_cast<DerivedT&>(*this);
    }
    const DerivedT& derived() const
    {
        return static_cast<const DerivedT&>(*this);
    }
};

} // namespace hipdnn_frontend::graph
