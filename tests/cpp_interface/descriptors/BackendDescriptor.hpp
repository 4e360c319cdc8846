#pragma once

#include "../BackendDescriptor.hpp"
