// Stand-in for hipDNN data_sdk/include/hipdnn_data_sdk/utilities/VersionUtils.hpp, checked against
// id 65520406526: struct hipdnn_data_sdk::utilities::Version {int major, minor, patch} built from
// three ints or parsed from "MAJOR.MINOR.PATCH" (throwing std::invalid_argument otherwise), str(),
// and the six comparisons, lexicographic over (major, minor, patch). Written here.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

namespace hipdnn_data_sdk::utilities
{
struct Version
{
    int major = 0;
    int minor = 0;
    int patch = 0;

    Version() = default;
    Version(int inMajor, int inMinor, int inPatch)
        : major(inMajor)
        , minor(inMinor)
        , patch(inPatch)
    {
    }
    Version(std::string_view text)
    {
        const std::string copy(text);
        if(std::sscanf(copy.c_str(), "%d.%d.%d", &major, &minor, &patch) != 3)
        {
            throw std::invalid_argument("not MAJOR.MINOR.PATCH: " + copy);
        }
    }
    std::string str() const
    {
        return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
    }
};

inline auto versionKey(const Version& v)
{
    return std::make_tuple(v.major, v.minor, v.patch);
}
inline bool operator==(const Version& a, const Version& b)
{
    return versionKey(a) == versionKey(b);
}
inline bool operator!=(const Version& a, const Version& b)
{
    return !(a == b);
}
inline bool operator<(const Version& a, const Version& b)
{
    return versionKey(a) < versionKey(b);
}
inline bool operator>(const Version& a, const Version& b)
{
    return b < a;
}
inline bool operator<=(const Version& a, const Version& b)
{
    return !(b < a);
}
inline bool operator>=(const Version& a, const Version& b)
{
    return !(a < b);
}
} // namespace hipdnn_data_sdk::utilities
