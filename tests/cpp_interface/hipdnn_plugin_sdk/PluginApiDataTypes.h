// Stand-in for hipDNN's hipdnn_plugin_sdk/PluginApiDataTypes.h: only hipdnnPluginConstData_t, which
// GraphDescriptor::getSerializedGraph() returns (GraphDescriptor.hpp id 62446465109). Tests read
// its .ptr and .size (id 58526835129); the exact field types are UNVERIFIED.
#pragma once

#include <stddef.h>

typedef struct
{
    const void* ptr;
    size_t size;
} hipdnnPluginConstData_t;
