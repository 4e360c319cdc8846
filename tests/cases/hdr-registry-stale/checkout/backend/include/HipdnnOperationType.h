// hipdnn-codegen test fixture in the form of hipDNN's HipdnnOperationType.h: resample backward's
// operation type, 21, as in index id 58753977426. Comments are our own.
typedef enum
{
    HIPDNN_OPERATION_TYPE_NOT_SET_EXT = 0,
    HIPDNN_OPERATION_TYPE_RESAMPLE_BWD_EXT = 21,
} hipdnnOperationType_ext_t;
