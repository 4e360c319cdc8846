// hipdnn-codegen test fixture in the form of hipDNN's HipdnnBackendDescriptorType.h, as a hipDNN
// commit that still spelled resample backward's descriptor type with _EXT would have it (the
// spelling issue 33 reports; the search index holds only the later form without _EXT, value 36,
// e.g. index id 57391217254, so this spelling is unverified). Comments are our own.
typedef enum
{
    HIPDNN_INVALID_TYPE_EXT = 0,
    HIPDNN_BACKEND_OPERATION_RESAMPLE_BWD_DESCRIPTOR_EXT = 36,
} hipdnnBackendDescriptorType_t;
