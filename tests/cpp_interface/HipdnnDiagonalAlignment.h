// Stand-in for hipDNN backend/include/HipdnnDiagonalAlignment.h.
// Checked against: id 55547905794 (enumerator names and values). Included by the real SdpaBwd
// packer (65410368168), the backend SDPA tests (55355270239) and DescriptorAttributeUtils.hpp.
#pragma once

typedef enum
{
    HIPDNN_DIAGONAL_ALIGNMENT_TOP_LEFT_EXT = 0,
    HIPDNN_DIAGONAL_ALIGNMENT_BOTTOM_RIGHT_EXT = 1
} hipdnnDiagonalAlignment_t;
