// hipdnn-codegen test fixture, written for this project in the form of hipDNN's backend/include/HipdnnOperationType.h.
// Names and values are hipDNN's, checked with the search index: id 55353737401. Only the entries
// this case needs; every comment is our own.

typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
    HIPDNN_OPERATION_TYPE_BATCHNORM_INFERENCE_EXT = 4,
    HIPDNN_OPERATION_TYPE_BLOCK_SCALE_QUANTIZE_EXT = 13,
    HIPDNN_OPERATION_TYPE_BLOCK_SCALE_DEQUANTIZE_EXT = 15,
    HIPDNN_OPERATION_TYPE_RMSNORM_BACKWARD_EXT = 19,
} hipdnnOperationType_ext_t;
