// hipdnn-codegen test case, written for this project in the form of hipDNN's backend/include/HipdnnOperationType.h
// (id 58753977426): the enum with its first entry only; this case is about PluginVersionConstants.hpp.

typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
} hipdnnOperationType_ext_t;
