// Stand-in for hipDNN's test_sdk IntegrationTestFixture.hpp. Checked against ids 65605327125 /
// 55434583977: hipdnn_tests::IntegrationTestFixture : ::testing::Test with SetUp (skips without a
// device, hipInit, plugin paths, hipdnnCreate into the protected `_handle`), TearDown
// (hipdnnDestroy) and a virtual getPluginPaths(). Declarations only: the integration tests are
// compiled, not run, here (they need a GPU and the plugin pipeline).
#pragma once

#include <hipdnn_backend.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hipdnn_tests
{

class IntegrationTestFixture : public ::testing::Test
{
protected:
    void SetUp() override;
    void TearDown() override;
    virtual std::vector<std::string> getPluginPaths() const;

    hipdnnHandle_t _handle = nullptr;
};

} // namespace hipdnn_tests
