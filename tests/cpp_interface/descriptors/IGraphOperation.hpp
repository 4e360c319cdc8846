#pragma once

#include "../IGraphOperation.hpp"
