#pragma once

#include "../TensorDescriptor.hpp"
