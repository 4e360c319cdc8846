// Stand-in for hipDNN backend/src/HipdnnException.hpp. Checked against id 56233926803: class
// hipdnn_backend::HipdnnException, ctor (hipdnnStatus_t, std::string), what()/getMessage()/getStatus()
// inline, status and message kept per exception; THROW_IF_TRUE/FALSE/NULL/EQ/NE/LT as used in ids
// 55326217242 and 57242394606 / 64647436836.
#pragma once

#include "HipdnnStatus.h"

#include <exception>
#include <string>
#include <utility>

namespace hipdnn_backend
{

class HipdnnException : public std::exception
{
public:
    explicit HipdnnException(hipdnnStatus_t status, std::string message)
        : _status(status)
        , _message(std::move(message))
    {
    }
    const char* what() const noexcept override
    {
        return _message.c_str();
    }
    std::string getMessage() const noexcept
    {
        return _message;
    }
    hipdnnStatus_t getStatus() const noexcept
    {
        return _status;
    }

private:
    hipdnnStatus_t _status;
    std::string _message;
};

} // namespace hipdnn_backend

#define THROW_IF_TRUE(x, failureStatus, message)                           \
    do                                                                     \
    {                                                                      \
        if(x)                                                              \
        {                                                                  \
            throw hipdnn_backend::HipdnnException(failureStatus, message); \
        }                                                                  \
    } while(0)
#define THROW_IF_FALSE(x, failureStatus, message) THROW_IF_TRUE(!(x), failureStatus, message)
#define THROW_IF_NULL(x, failureStatus, message) THROW_IF_TRUE((x) == nullptr, failureStatus, message)
#define THROW_IF_EQ(x, y, failureStatus, message) THROW_IF_TRUE((x) == (y), failureStatus, message)
#define THROW_IF_NE(x, y, failureStatus, message) THROW_IF_TRUE((x) != (y), failureStatus, message)
#define THROW_IF_LT(x, y, failureStatus, message) THROW_IF_TRUE((x) < (y), failureStatus, message)
