#pragma once

#include "../GraphDescriptor.hpp"
