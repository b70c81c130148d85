#include "vector_kernel.hpp"

namespace framecheck {

VectorKernel best_vector_kernel() {
#if defined(__x86_64__) && defined(__GNUC__)
  static const VectorKernel best = __builtin_cpu_supports("avx2") &&
                                           __builtin_cpu_supports("popcnt") &&
                                           __builtin_cpu_supports("bmi")
                                       ? VectorKernel::kAvx2
                                       : VectorKernel::kPortable;
  return best;
#else
  return VectorKernel::kPortable;
#endif
}

bool vector_kernel_available(VectorKernel kernel) {
  return kernel == VectorKernel::kPortable || best_vector_kernel() == VectorKernel::kAvx2;
}

}  // namespace framecheck
