// Stand-in for hipDNN's samples/utils/Helpers.hpp, written for hipdnn-codegen's tests: what the
// generated samples (generated/<op>/samples/<op>/*.cpp) use of it, so they compile here as they
// include it in hipDNN's tree ("../utils/Helpers.hpp" resolves through the -I of tests/cpp_interface).
// Checked against search-index id 55546813572 (read for facts only): HIPDNN_FE_CHECK prints the
// frontend error and exits with EXIT_FAILURE; HIPDNN_FE_CHECK_SKIPPABLE does the same except that a
// GRAPH_NOT_SUPPORTED status prints a skip line and makes the enclosing bool function return true;
// Config has cpuValidation and useRunningStats; parseCommandLineArgs(argc, argv) reads
// --verify-cpu/-vc and --help/-h and rejects anything else. createHipdnnHandle() is the frontend's
// (used as `auto [handle, handleError] = createHipdnnHandle();` then `*handle`, ids 55280124141 and
// 55427754651); its exact return type is not in the index: declared here as a pair of a pointer-like
// to hipdnnHandle_t and an Error, and not defined (the samples are compiled, not linked).
#pragma once

#include <hipdnn_backend.h>
#include <hipdnn_frontend.hpp>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <utility>

#define HIPDNN_FE_CHECK(statusObj)                                                             \
    do                                                                                         \
    {                                                                                          \
        auto const& status = statusObj;                                                        \
        if(!status.is_good())                                                                  \
        {                                                                                      \
            std::cerr << "hipDNN Frontend Error: " << status.get_message() << " at " << __FILE__ \
                      << ":" << __LINE__ << '\n';                                              \
            exit(EXIT_FAILURE);                                                                \
        }                                                                                      \
    } while(0)

#define HIPDNN_FE_CHECK_SKIPPABLE(statusObj)                                                   \
    do                                                                                         \
    {                                                                                          \
        auto const& status = statusObj;                                                        \
        if(!status.is_good())                                                                  \
        {                                                                                      \
            if(status.get_code() == hipdnn_frontend::ErrorCode::GRAPH_NOT_SUPPORTED)           \
            {                                                                                  \
                std::cout << "Skipping: no engine supports this graph on this device ("       \
                          << status.get_message() << ")\n";                                    \
                return true;                                                                   \
            }                                                                                  \
            std::cerr << "hipDNN Frontend Error: " << status.get_message() << " at " << __FILE__ \
                      << ":" << __LINE__ << '\n';                                              \
            exit(EXIT_FAILURE);                                                                \
        }                                                                                      \
    } while(0)

struct Config
{
    bool cpuValidation = false;
    bool useRunningStats = false;
};

inline Config parseCommandLineArgs(int argc, char** argv)
{
    Config config;
    for(int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if(arg == "--verify-cpu" || arg == "-vc")
        {
            config.cpuValidation = true;
        }
        else if(arg == "--help" || arg == "-h")
        {
            std::cout << "Usage: " << argv[0] << " [--verify-cpu] [--help]\n";
            exit(EXIT_SUCCESS);
        }
        else
        {
            std::cerr << "Unknown argument: " << arg << '\n';
            exit(EXIT_FAILURE);
        }
    }
    return config;
}

namespace hipdnn_frontend
{
std::pair<std::shared_ptr<hipdnnHandle_t>, Error> createHipdnnHandle();
} // namespace hipdnn_frontend
