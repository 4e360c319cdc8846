// Stand-in for hipdnn_data_sdk/types.hpp, written for hipdnn-codegen's compile check.
// Checked against ids 65248220340 (types.hpp), 65461033587 (types/Half.hpp), 65354753408
// (types/Bfloat16.hpp), 55109034101 (types/Float.hpp): names `half` and `bfloat16` in
// hipdnn_data_sdk::types, a single uint16_t `data`, explicit construction from float and double
// (double through float), explicit conversion to float/double, float -> half and float -> bfloat16
// rounding to nearest even, arithmetic through float rounded after every operation, and `sqrt`
// overloads for half, bfloat16 and float. Only what the generated CPU-reference code and its
// golden tests use is declared; the fp8/fp6/fp4 types are not. Every body is written here.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace hipdnn_data_sdk::types
{

namespace detail
{
inline uint32_t bitsOf(float value)
{
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

inline float floatOf(uint32_t bits)
{
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

inline uint16_t halfBits(float value)
{
    const uint32_t x = bitsOf(value);
    const auto sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
    const uint32_t magnitude = x & 0x7fffffffu;
    if(magnitude >= 0x7f800000u)
    {
        return static_cast<uint16_t>(sign | (magnitude > 0x7f800000u ? 0x7e00u : 0x7c00u));
    }
    if(magnitude < 0x38800000u) // below 2^-14: a subnormal half (or zero)
    {
        const float scaled = floatOf(magnitude) * 16777216.0f; // exact: times 2^24
        return static_cast<uint16_t>(sign | static_cast<uint32_t>(std::nearbyint(scaled)));
    }
    const uint32_t exponent = (magnitude >> 23) - 127u + 15u;
    if(exponent >= 31u)
    {
        return static_cast<uint16_t>(sign | 0x7c00u);
    }
    uint32_t result = (exponent << 10) | ((magnitude & 0x7fffffu) >> 13);
    const uint32_t rest = magnitude & 0x1fffu;
    if(rest > 0x1000u || (rest == 0x1000u && (result & 1u) != 0u))
    {
        ++result; // a carry into the exponent is the right result, up to infinity
    }
    return static_cast<uint16_t>(sign | result);
}

inline float halfValue(uint16_t bits)
{
    const uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
    const uint32_t exponent = (bits >> 10) & 0x1fu;
    const uint32_t mantissa = bits & 0x3ffu;
    if(exponent == 0u)
    {
        const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign != 0u ? -magnitude : magnitude;
    }
    if(exponent == 31u)
    {
        return floatOf(sign | 0x7f800000u | (mantissa << 13));
    }
    return floatOf(sign | ((exponent + 127u - 15u) << 23) | (mantissa << 13));
}

inline uint16_t bfloat16Bits(float value)
{
    const uint32_t x = bitsOf(value);
    if((x & 0x7fffffffu) > 0x7f800000u)
    {
        return static_cast<uint16_t>((x >> 16) | 0x0040u); // stays a NaN
    }
    const uint32_t rounded = x + 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(rounded >> 16);
}
} // namespace detail

// A 16-bit float of `Traits`' format; every operation is done in float and rounded back.
template <class Traits>
struct Float16Like
{
    uint16_t data = 0;

    constexpr Float16Like() = default;
    explicit Float16Like(float value)
        : data(Traits::toBits(value))
    {
    }
    explicit Float16Like(double value)
        : Float16Like(static_cast<float>(value))
    {
    }
    explicit Float16Like(int value)
        : Float16Like(static_cast<float>(value))
    {
    }
    explicit Float16Like(int64_t value)
        : Float16Like(static_cast<float>(value))
    {
    }

    explicit operator float() const
    {
        return Traits::toFloat(data);
    }
    explicit operator double() const
    {
        return static_cast<double>(Traits::toFloat(data));
    }

    friend Float16Like operator+(Float16Like a, Float16Like b)
    {
        return Float16Like(static_cast<float>(a) + static_cast<float>(b));
    }
    friend Float16Like operator-(Float16Like a, Float16Like b)
    {
        return Float16Like(static_cast<float>(a) - static_cast<float>(b));
    }
    friend Float16Like operator*(Float16Like a, Float16Like b)
    {
        return Float16Like(static_cast<float>(a) * static_cast<float>(b));
    }
    friend Float16Like operator/(Float16Like a, Float16Like b)
    {
        return Float16Like(static_cast<float>(a) / static_cast<float>(b));
    }
    Float16Like& operator+=(Float16Like other)
    {
        return *this = *this + other;
    }
    Float16Like& operator-=(Float16Like other)
    {
        return *this = *this - other;
    }
    friend bool operator==(Float16Like a, Float16Like b)
    {
        return static_cast<float>(a) == static_cast<float>(b);
    }
    friend bool operator!=(Float16Like a, Float16Like b)
    {
        return !(a == b);
    }
};

struct HalfTraits
{
    static uint16_t toBits(float value)
    {
        return detail::halfBits(value);
    }
    static float toFloat(uint16_t bits)
    {
        return detail::halfValue(bits);
    }
};

struct Bfloat16Traits
{
    static uint16_t toBits(float value)
    {
        return detail::bfloat16Bits(value);
    }
    static float toFloat(uint16_t bits)
    {
        return detail::floatOf(static_cast<uint32_t>(bits) << 16);
    }
};

using half = Float16Like<HalfTraits>;
using bfloat16 = Float16Like<Bfloat16Traits>;

inline half sqrt(half value)
{
    return half(std::sqrt(static_cast<float>(value)));
}

inline bfloat16 sqrt(bfloat16 value)
{
    return bfloat16(std::sqrt(static_cast<float>(value)));
}

inline float sqrt(float value)
{
    return std::sqrt(value);
}

} // namespace hipdnn_data_sdk::types
