// hipdnn-codegen test fixture, written for this project in the form of hipDNN's backend/include/HipdnnBackendAttributeName.h.
// Names and values are hipDNN's, checked with the search index: HipdnnBackendAttributeName.h ids 55525853195 and 55536461510 (the custom op's: 68917362156). Only the entries
// this case needs (the custom op's); every comment is our own.

/**
 * @enum hipdnnBackendAttributeName_t
 *
 * Attribute ranges by descriptor type:
 * - 3000-3099: Custom op operation attributes
 */
typedef enum
{
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_INPUTS_EXT = 3000,
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_OUTPUTS_EXT = 3001,
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_ID_EXT = 3002,
    HIPDNN_ATTR_OPERATION_CUSTOM_OP_DATA_EXT = 3003,
    HIPDNN_ATTR_CUSTOM_OP_COMP_TYPE_EXT = 3004,
} hipdnnBackendAttributeName_t;
