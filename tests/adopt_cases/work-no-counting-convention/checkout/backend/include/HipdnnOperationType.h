// hipdnn-codegen test fixture, written for this project in the form of hipDNN's backend/include/HipdnnOperationType.h.
// Names and values are hipDNN's, checked with the search index: id 55353737401 (the custom op's: 58753977426). Only the entries
// this case needs (the custom op's); every comment is our own.

typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
    HIPDNN_OPERATION_TYPE_CUSTOM_OP_EXT = 16,
} hipdnnOperationType_ext_t;
