// hipdnn-codegen test fixture, written for this project in the form of hipDNN's backend/include/HipdnnBackendDescriptorType.h.
// Names and values are hipDNN's, checked with the search index: id 56376600390 (the custom op's: 70394006770). Only the entries
// this case needs (the custom op's); every comment is our own.

typedef enum
{
    HIPDNN_INVALID_TYPE_EXT = 0,
    HIPDNN_BACKEND_OPERATION_CUSTOM_OP_DESCRIPTOR_EXT = 29,
} hipdnnBackendDescriptorType_t;
