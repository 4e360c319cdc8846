// hipdnn-codegen test case, written for this project in the form of hipDNN's backend/include/HipdnnBackendAttributeName.h
// (id 68917362156): the enum with one real entry, none this case needs; this case is about PluginVersionConstants.hpp.

typedef enum
{
    HIPDNN_ATTR_POINTWISE_MODE = 2300,
} hipdnnBackendAttributeName_t;
