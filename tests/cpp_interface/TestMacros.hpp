// Stand-in for hipDNN backend tests TestMacros.hpp. ASSERT_THROW_HIPDNN_STATUS(x, status) checked
// against id 15243190690 and its use in SdpaBwd test id 55355270239: no throw fails, a
// HipdnnException's getStatus() must equal status, any other exception fails. The file's path in
// hipDNN's tree: UNVERIFIED (tests include it as "TestMacros.hpp").
#pragma once

#include "HipdnnException.hpp"

#include <gtest/gtest.h>

#define ASSERT_THROW_HIPDNN_STATUS(x, status)                        \
    do                                                               \
    {                                                                \
        try                                                          \
        {                                                            \
            (x);                                                     \
            FAIL() << "expected a HipdnnException";                  \
        }                                                            \
        catch(const hipdnn_backend::HipdnnException& e)              \
        {                                                            \
            ASSERT_EQ(e.getStatus(), status);                        \
        }                                                            \
        catch(...)                                                   \
        {                                                            \
            FAIL() << "expected a HipdnnException, got another";     \
        }                                                            \
    } while(0)
