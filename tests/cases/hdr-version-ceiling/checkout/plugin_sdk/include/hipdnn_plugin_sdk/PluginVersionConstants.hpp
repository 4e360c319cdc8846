// hipdnn-codegen test case, written for this project in the format of hipDNN's
// plugin_sdk/include/hipdnn_plugin_sdk/PluginVersionConstants.hpp (id 58744208129: one `inline constexpr
// std::string_view K_..._VERSION = "MAJOR.MINOR.PATCH";` per engine-plugin feature, then
// K_MAX_SUPPORTED_API_VERSION, which must equal the highest of them). The constants' names and values
// are the real file's; the ceiling is wrong on purpose: it names pass-by-value's 1.2.0 while ragged
// tensors need 1.3.0. Only the constants are kept.

#pragma once

#include <string_view>

namespace hipdnn_plugin_sdk
{

inline constexpr std::string_view K_ENGINE_PLUGIN_API_VERSION_BASELINE = "1.0.0";
inline constexpr std::string_view K_OVERRIDE_EXECUTE_MIN_API_VERSION = "1.1.0";
inline constexpr std::string_view K_PASS_BY_VALUE_MIN_API_VERSION = "1.2.0";
inline constexpr std::string_view K_RAGGED_TENSOR_MIN_API_VERSION = "1.3.0";
inline constexpr std::string_view K_MAX_SUPPORTED_API_VERSION = K_PASS_BY_VALUE_MIN_API_VERSION;

} // namespace hipdnn_plugin_sdk
