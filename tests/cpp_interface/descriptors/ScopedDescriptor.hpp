#pragma once

#include "../ScopedDescriptor.hpp"
