// hipdnn-codegen test fixture in the form of hipDNN's HipdnnBackendAttributeName.h: only the
// resample backward names, with the values the registry of op_specs/ has for them (3408-3410, the
// fixture tree's transcription of index id 68917362156). Comments are our own.
typedef enum
{
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DYDESC = 3408,
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_DXDESC = 3409,
    HIPDNN_ATTR_OPERATION_RESAMPLE_BWD_IDXDESC = 3410,
} hipdnnBackendAttributeName_t;
