// Stand-in for hipDNN backend tests TestMacros.hpp. Name and arity of ASSERT_THROW_HIPDNN_STATUS(x, status)
// checked against ids 15243190690 / 66967225141 and its use in SdpaBwd test id 55355270239; the
// exception accessor it calls in the current tree (getStatus) is UNVERIFIED.
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
    } while(0)
