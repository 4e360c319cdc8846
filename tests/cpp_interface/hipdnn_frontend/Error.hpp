// Stand-in for hipdnn_frontend/Error.hpp.
// Checked against: id 58842235514 (newest upstream): ErrorCode {OK, INVALID_VALUE,
// HIPDNN_BACKEND_ERROR, ATTRIBUTE_NOT_SET, GRAPH_NOT_SUPPORTED}; inline to_string(ErrorCode) with a
// default "UNKNOWN_ERROR"; inline operator<< for ErrorCode and for Error ("{code, message}");
// typedefs error_code_t / error_object / error_t; Error{code, err_msg} with get_message, get_code,
// is_good, is_bad and ==/!= against ErrorCode and Error (codes only); HIPDNN_CHECK_ERROR (local
// named `err`), HIPDNN_RETURN_IF_{NE,EQ,TRUE,FALSE,NULL,LT,GE,LE} (each a do/while returning
// {error_status, message}) and HIPDNN_FE_TRY (returns {err, {}}). Earlier check: id 57265648387.
// Written independently; only names, signatures and behaviour are real.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#define HIPDNN_CHECK_ERROR(x) \
    do                        \
    {                         \
        const auto err = x;   \
        if(err.is_bad())      \
        {                     \
            return err;       \
        }                     \
    } while(0)

namespace hipdnn_frontend
{

enum class ErrorCode
{
    OK,
    INVALID_VALUE,
    HIPDNN_BACKEND_ERROR,
    ATTRIBUTE_NOT_SET,
    GRAPH_NOT_SUPPORTED
};

inline std::string to_string(ErrorCode code)
{
    switch(code)
    {
    case ErrorCode::OK:
        return "OK";
    case ErrorCode::INVALID_VALUE:
        return "INVALID_VALUE";
    case ErrorCode::HIPDNN_BACKEND_ERROR:
        return "HIPDNN_BACKEND_ERROR";
    case ErrorCode::ATTRIBUTE_NOT_SET:
        return "ATTRIBUTE_NOT_SET";
    case ErrorCode::GRAPH_NOT_SUPPORTED:
        return "GRAPH_NOT_SUPPORTED";
    default:
        return "UNKNOWN_ERROR";
    }
}

inline std::ostream& operator<<(std::ostream& os, const ErrorCode& error)
{
    return os << to_string(error);
}

typedef ErrorCode error_code_t;

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
        return code != ErrorCode::OK;
    }
    bool operator==(ErrorCode otherCode) const
    {
        return code == otherCode;
    }
    bool operator!=(ErrorCode otherCode) const
    {
        return code != otherCode;
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

inline std::ostream& operator<<(std::ostream& os, const Error& error)
{
    return os << "{" << error.code << ", " << error.get_message() << "}";
}

typedef Error error_object;
typedef Error error_t;

#define HIPDNN_RETURN_IF_NE(x, y, error_status, message) \
    do                                                   \
    {                                                    \
        if((x) != (y))                                   \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

#define HIPDNN_RETURN_IF_EQ(x, y, error_status, message) \
    do                                                   \
    {                                                    \
        if((x) == (y))                                   \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

#define HIPDNN_RETURN_IF_TRUE(x, error_status, message) \
    do                                                  \
    {                                                   \
        if(x)                                           \
        {                                               \
            return {error_status, message};             \
        }                                               \
    } while(0)

#define HIPDNN_RETURN_IF_FALSE(x, error_status, message) \
    do                                                   \
    {                                                    \
        if(!(x))                                         \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

#define HIPDNN_RETURN_IF_NULL(x, error_status, message) \
    do                                                  \
    {                                                   \
        if((x) == nullptr)                              \
        {                                               \
            return {error_status, message};             \
        }                                               \
    } while(0)

#define HIPDNN_RETURN_IF_LT(x, y, error_status, message) \
    do                                                   \
    {                                                    \
        if((x) < (y))                                    \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

#define HIPDNN_RETURN_IF_GE(x, y, error_status, message) \
    do                                                   \
    {                                                    \
        if((x) >= (y))                                   \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

#define HIPDNN_RETURN_IF_LE(x, y, error_status, message) \
    do                                                   \
    {                                                    \
        if((x) <= (y))                                   \
        {                                                \
            return {error_status, message};              \
        }                                                \
    } while(0)

// For functions returning std::pair<Error, T>: on a bad Error, return it with a value-initialised T.
#define HIPDNN_FE_TRY(expr)             \
    do                                  \
    {                                   \
        auto tryError_ = (expr);        \
        if(tryError_.is_bad())          \
        {                               \
            return {tryError_, {}};     \
        }                               \
    } while(0)

} // namespace hipdnn_frontend
