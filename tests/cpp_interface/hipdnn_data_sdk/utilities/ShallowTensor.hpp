// Stand-in for hipdnn_data_sdk/utilities/ShallowTensor.hpp, written for hipdnn-codegen's
// compile check. Checked against id 55114967637 (tvy-amd fork): ShallowTensor<T> derives from
// TensorBase<T> and views caller-owned memory, built from (void* memory, dims, strides).
// Every body is written here.
#pragma once

#include <cstdint>
#include <vector>

#include <hipdnn_data_sdk/utilities/Tensor.hpp>

namespace hipdnn_data_sdk::utilities
{

template <class T>
class ShallowTensor : public TensorBase<T>
{
public:
    ShallowTensor(void* memory, const std::vector<int64_t>& dims, const std::vector<int64_t>& strides)
        : TensorBase<T>(dims, strides)
        , _memory(static_cast<T*>(memory))
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
    class View : public HostMemory<T>
    {
    public:
        explicit View(T* data)
            : _data(data)
        {
        }
        T* hostData() override
        {
            return _data;
        }
        const T* hostData() const override
        {
            return _data;
        }

    private:
        T* _data;
    };

    View _memory;
};

} // namespace hipdnn_data_sdk::utilities
