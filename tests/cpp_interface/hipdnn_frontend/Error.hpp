// Stand-in for hipdnn_frontend/Error.hpp.
// Checked against: id 57265648387 (kokolchin fork): ErrorCode enumerators, Error{code, err_msg},
// get_message/get_code/is_good/is_bad, comparison operators, HIPDNN_CHECK_ERROR and the
// HIPDNN_RETURN_IF_* macros. Written independently; only names and signatures are real.
#pragma once

#include <string>
#include <utility>

#define HIPDNN_CHECK_ERROR(x)     \
    do                            \
    {                             \
        const auto checked_ = x;  \
        if(checked_.is_bad())     \
        {                         \
            return checked_;      \
        }                         \
    } while(0)

namespace hipdnn_frontend
{

enum class ErrorCode
{
    OK,
    INVALID_VALUE,
    HIPDNN_BACKEND_ERROR,
    ATTRIBUTE_NOT_SET
};

std::string to_string(ErrorCode code);

struct Error
{
    ErrorCode code;
    std::string err_msg;

    Error()
        : code(ErrorCode::OK)
    {
    }
    Error(ErrorCode errorCode, std::string message)
        : code(errorCode)
        , err_msg(std::move(message))
    {
    }
    std::string get_message() const
    {
        return err_msg;
    }
    ErrorCode get_code() const
    {
        return code;
    }
    bool is_good() const
    {
        return code == ErrorCode::OK;
    }
    bool is_bad() const
    {
        return !is_good();
    }
    bool operator==(ErrorCode other) const
    {
        return code == other;
    }
    bool operator!=(ErrorCode other) const
    {
        return code != other;
    }
    bool operator==(const Error& other) const
    {
        return code == other.code;
    }
    bool operator!=(const Error& other) const
    {
        return code != other.code;
    }
};

typedef ErrorCode error_code_t;
typedef Error error_object;
typedef Error error_t;

} // namespace hipdnn_frontend

#define HIPDNN_RETURN_IF_TRUE(x, error_status, message) \
    do                                                  \
    {                                                   \
        if(x)                                           \
        {                                               \
            return {error_status, message};             \
        }                                               \
    } while(0)
#define HIPDNN_RETURN_IF_FALSE(x, error_status, message) HIPDNN_RETURN_IF_TRUE(!(x), error_status, message)
#define HIPDNN_RETURN_IF_NULL(x, error_status, message) HIPDNN_RETURN_IF_TRUE((x) == nullptr, error_status, message)
#define HIPDNN_RETURN_IF_EQ(x, y, error_status, message) HIPDNN_RETURN_IF_TRUE((x) == (y), error_status, message)
#define HIPDNN_RETURN_IF_NE(x, y, error_status, message) HIPDNN_RETURN_IF_TRUE((x) != (y), error_status, message)
#define HIPDNN_RETURN_IF_LT(x, y, error_status, message) HIPDNN_RETURN_IF_TRUE((x) < (y), error_status, message)
#define HIPDNN_RETURN_IF_GE(x, y, error_status, message) HIPDNN_RETURN_IF_TRUE((x) >= (y), error_status, message)
#define HIPDNN_RETURN_IF_LE(x, y, error_status, message) HIPDNN_RETURN_IF_TRUE((x) <= (y), error_status, message)
