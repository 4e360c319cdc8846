#pragma once

#include "../NodeFactory.hpp"
