// The suites parameterised over framecheck's vector kernels (detail/simd.hpp): every kernel,
// named as the test names it, and skipped where this CPU cannot run it.
#pragma once

#include <gtest/gtest.h>

#include <framecheck/simd/simd.hpp>
#include <string>

namespace framecheck::testing {

// Scalar, SSE2 and AVX2, in that order.
inline auto every_simd_kernel() {
  using detail::SimdKernel;
  return ::testing::Values(SimdKernel::kScalar, SimdKernel::kSse2, SimdKernel::kAvx2);
}

// "Scalar", "Sse2", "Avx2".
inline std::string simd_kernel_test_name(const ::testing::TestParamInfo<detail::SimdKernel>& k) {
  return detail::simd_kernel_name(k.param);
}

}  // namespace framecheck::testing

// At the top of a test over kernels: skips one this build or CPU cannot run.
#define FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(kernel)                   \
  do {                                                               \
    if (!::framecheck::detail::simd_kernel_available(kernel))        \
      GTEST_SKIP() << ::framecheck::detail::simd_kernel_name(kernel) \
                   << " is not available on this CPU";               \
  } while (false)
