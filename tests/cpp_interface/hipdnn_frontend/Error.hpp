#pragma once

#include <string>

namespace hipdnn_frontend
{

enum class ErrorCode
{
    OK,
    INVALID_VALUE,
    HIPDNN_BACKEND_ERROR,
    ATTRIBUTE_NOT_SET,
};

struct Error
{
    ErrorCode code = ErrorCode::OK;
    std::string err_msg;
    Error() = default;
    Error(ErrorCode c, std::string message);
    bool is_good() const;
    bool is_bad() const;
};

} // namespace hipdnn_frontend

#define HIPDNN_CHECK_ERROR(x)       \
    do                              \
    {                               \
        const auto err = x;         \
        if(err.is_bad())            \
        {                           \
            return err;             \
        }                           \
    } while(0)
