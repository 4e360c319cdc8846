// Stand-in for hipDNN backend/src/HipdnnException.hpp. Class name hipdnn_backend::HipdnnException,
// ctor (hipdnnStatus_t, message) and THROW_IF_TRUE/FALSE/NULL/NE/LT macros checked against their use in
// ids 55326217242 and 57242394606 / 64647436836; accessor names getStatus/getMessage: UNVERIFIED.
#pragma once

#include "HipdnnStatus.h"

#include <exception>
#include <string>

namespace hipdnn_backend
{

class HipdnnException : public std::exception
{
public:
    explicit HipdnnException(hipdnnStatus_t status, std::string message);
    const char* what() const noexcept override;
    std::string getMessage() const noexcept;
    hipdnnStatus_t getStatus() const noexcept;

private:
    hipdnnStatus_t _status = HIPDNN_STATUS_SUCCESS; // stand-in storage (the real members: UNVERIFIED)
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
