// hipdnn-codegen test case, written for this project in the form of hipDNN's backend/include/HipdnnBackendDescriptorType.h
// (id 70394006770): the enum with its first entry only; this case is about PluginVersionConstants.hpp.

typedef enum
{
    HIPDNN_INVALID_TYPE_EXT = 0,
} hipdnnBackendDescriptorType_t;
