// Test names for the diff's vector kernels, for the suites parameterised over them.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "vector_kernel.hpp"

namespace framecheck::testing {

inline std::string vector_kernel_name(const ::testing::TestParamInfo<VectorKernel>& kernel) {
  return kernel.param == VectorKernel::kAvx2 ? "Avx2" : "Portable";
}

}  // namespace framecheck::testing
