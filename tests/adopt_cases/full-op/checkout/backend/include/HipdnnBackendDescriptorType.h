// Written for hipdnn-codegen's tests in the format of hipDNN's HipdnnBackendDescriptorType.h
// (ROCm/rocm-libraries, index id 65049159550; newer trees give every entry an explicit value).

#pragma once

/**
 * @enum hipdnnBackendDescriptorType_t
 * @brief Types of backend descriptors
 */
typedef enum
{
    /** @brief Invalid descriptor type - used for error detection */
    HIPDNN_INVALID_TYPE_EXT = 0,

    /** @brief Engine descriptor */
    HIPDNN_BACKEND_ENGINE_DESCRIPTOR = 1,

    /** @brief Groupnorm backward operation descriptor (extension) */
    HIPDNN_BACKEND_OPERATION_GROUPNORM_BACKWARD_DESCRIPTOR_EXT = 45,

} hipdnnBackendDescriptorType_t;
