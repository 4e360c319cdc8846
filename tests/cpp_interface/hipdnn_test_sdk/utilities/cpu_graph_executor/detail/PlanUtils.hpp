// Stand-in for cpu_graph_executor/detail/PlanUtils.hpp, written for hipdnn-codegen's compile
// check. Checked against ids 59049155639 (tvy-amd fork) / 70543160738 (upstream): global macros
// that make the calling function return false: CHECK_TENSOR_EXISTS(map, uid) when the UID is not
// in the map, CHECK_TENSOR_TYPE(map, uid, type) when its data_type() differs,
// CHECK_OPTIONAL_TENSOR_EXISTS(map, optional uid) when unset or missing,
// CHECK_OPTIONAL_TENSOR_TYPE(map, optional uid, type) (does not test has_value). The SDPA helpers
// of the real file are not declared.
#pragma once

#define CHECK_TENSOR_EXISTS(tensor_map, tensor_uid)        \
    do                                                     \
    {                                                      \
        if((tensor_map).find(tensor_uid) == (tensor_map).end()) \
        {                                                  \
            return false;                                  \
        }                                                  \
    } while(0)

#define CHECK_TENSOR_TYPE(tensor_map, tensor_uid, datatype_enum) \
    do                                                           \
    {                                                            \
        if((tensor_map).at(tensor_uid)->data_type() != (datatype_enum)) \
        {                                                        \
            return false;                                        \
        }                                                        \
    } while(0)

#define CHECK_OPTIONAL_TENSOR_EXISTS(tensor_map, optional_uid) \
    do                                                         \
    {                                                          \
        if(!(optional_uid).has_value())                        \
        {                                                      \
            return false;                                      \
        }                                                      \
        CHECK_TENSOR_EXISTS(tensor_map, *(optional_uid));      \
    } while(0)

#define CHECK_OPTIONAL_TENSOR_TYPE(tensor_map, optional_uid, datatype_enum) \
    CHECK_TENSOR_TYPE(tensor_map, *(optional_uid), datatype_enum)
