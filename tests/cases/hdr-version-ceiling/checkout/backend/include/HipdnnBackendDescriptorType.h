// hipdnn-codegen test fixture, written for this project in the form of hipDNN's backend/include/HipdnnBackendDescriptorType.h.
// Names and values are hipDNN's, checked with the search index: id 56376600390. Only the entries
// this case needs; every comment is our own.

typedef enum
{
    HIPDNN_INVALID_TYPE_EXT = 0,
    HIPDNN_BACKEND_OPERATION_BATCHNORM_INFERENCE_DESCRIPTOR_EXT = 17,
    HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_QUANTIZE_DESCRIPTOR = 26,
    HIPDNN_BACKEND_OPERATION_BLOCK_SCALE_DEQUANTIZE_DESCRIPTOR = 28,
    HIPDNN_BACKEND_OPERATION_RMSNORM_BACKWARD_DESCRIPTOR_EXT = 33,
} hipdnnBackendDescriptorType_t;
