#include <framecheck/simd/simd.hpp>

namespace framecheck::detail {

SimdKernel best_simd_kernel() {
#ifdef FRAMECHECK_SIMD_X86
  static const SimdKernel best = cpu_runs_avx2_kernel() ? SimdKernel::kAvx2 : SimdKernel::kSse2;
  return best;
#else
  return SimdKernel::kScalar;
#endif
}

bool simd_kernel_available(SimdKernel kernel) {
  return static_cast<int>(kernel) <= static_cast<int>(best_simd_kernel());
}

const char* simd_kernel_name(SimdKernel kernel) {
  switch (kernel) {
    case SimdKernel::kScalar:
      return "Scalar";
    case SimdKernel::kSse2:
      return "Sse2";
    case SimdKernel::kAvx2:
      return "Avx2";
  }
  return "Unknown";
}

}  // namespace framecheck::detail
