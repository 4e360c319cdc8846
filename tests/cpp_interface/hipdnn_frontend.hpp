// Stand-in for hipDNN's frontend umbrella header <hipdnn_frontend.hpp> (the include the integration
// tests and the test SDK helpers use, ids 58870314002 / 64401794917): the Graph stand-in and what
// it pulls in.
#pragma once

#include <hipdnn_frontend/Graph.hpp>
