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
