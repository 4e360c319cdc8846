// Stand-in for hipdnn_data_sdk/utilities/Tensor.hpp, written for hipdnn-codegen's compile check.
// Checked against id 58745199706 (tvy-amd fork): namespace hipdnn_data_sdk::utilities,
// TensorBase<T> with dims(), strides(), getHostValue / setHostValue by index vector, memory()
// and markHostModified(); Tensor<T> built from dims (packed row-major strides) or from dims and
// strides. Host memory only here (the real one migrates to the device); only what generated
// CPU-reference code and its golden tests use is declared. Every body is written here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace hipdnn_data_sdk::utilities
{

template <class T>
class HostMemory
{
public:
    virtual ~HostMemory() = default;
    virtual T* hostData() = 0;
    virtual const T* hostData() const = 0;
    void markHostModified()
    {
        _hostModified = true;
    }

private:
    bool _hostModified = false;
};

template <class T>
class TensorBase
{
public:
    virtual ~TensorBase() = default;

    const std::vector<int64_t>& dims() const
    {
        return _dims;
    }
    const std::vector<int64_t>& strides() const
    {
        return _strides;
    }

    virtual HostMemory<T>& memory() = 0;
    virtual const HostMemory<T>& memory() const = 0;

    T getHostValue(const std::vector<int64_t>& indices) const
    {
        return memory().hostData()[offset(indices)];
    }
    void setHostValue(T value, const std::vector<int64_t>& indices)
    {
        memory().hostData()[offset(indices)] = value;
    }
    void markHostModified()
    {
        memory().markHostModified();
    }

protected:
    TensorBase(std::vector<int64_t> dims, std::vector<int64_t> strides)
        : _dims(std::move(dims))
        , _strides(std::move(strides))
    {
        if(_dims.size() != _strides.size())
        {
            throw std::invalid_argument("dims and strides differ in rank");
        }
    }

    std::size_t elementSpace() const
    {
        std::size_t last = 0;
        for(std::size_t d = 0; d < _dims.size(); ++d)
        {
            last += static_cast<std::size_t>((_dims[d] - 1) * _strides[d]);
        }
        return _dims.empty() ? 1 : last + 1;
    }

private:
    std::size_t offset(const std::vector<int64_t>& indices) const
    {
        if(indices.size() > _strides.size())
        {
            throw std::invalid_argument("more indices than dims");
        }
        int64_t at = 0;
        for(std::size_t d = 0; d < indices.size(); ++d)
        {
            at += indices[d] * _strides[d];
        }
        return static_cast<std::size_t>(at);
    }

    std::vector<int64_t> _dims;
    std::vector<int64_t> _strides;
};

inline std::vector<int64_t> packedStrides(const std::vector<int64_t>& dims)
{
    std::vector<int64_t> strides(dims.size(), 1);
    for(std::size_t d = dims.size(); d-- > 1;)
    {
        strides[d - 1] = strides[d] * dims[d];
    }
    return strides;
}

template <class T>
class Tensor : public TensorBase<T>
{
public:
    explicit Tensor(const std::vector<int64_t>& dims)
        : Tensor(dims, packedStrides(dims))
    {
    }
    Tensor(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides)
        : TensorBase<T>(dims, strides)
        , _memory(this->elementSpace())
    {
    }

    HostMemory<T>& memory() override
    {
        return _memory;
    }
    const HostMemory<T>& memory() const override
    {
        return _memory;
    }

private:
    class Owned : public HostMemory<T>
    {
    public:
        explicit Owned(std::size_t count)
            : _data(count)
        {
        }
        T* hostData() override
        {
            return _data.data();
        }
        const T* hostData() const override
        {
            return _data.data();
        }

    private:
        std::vector<T> _data;
    };

    Owned _memory;
};

} // namespace hipdnn_data_sdk::utilities
