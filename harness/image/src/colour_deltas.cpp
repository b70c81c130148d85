#include "colour_deltas.hpp"

#include "colour_deltas_avx2.hpp"

namespace framecheck {

DeltaBlock opaque_deltas_over(SimdKernel kernel, const std::uint8_t* img1, const std::uint8_t* img2,
                              std::size_t i, std::size_t n, double max_delta) {
#ifdef FRAMECHECK_SIMD_X86
  if (kernel == SimdKernel::kAvx2) return detail::deltas_avx2(img1, img2, i, n, max_delta);
#endif
  (void)kernel, (void)img1, (void)img2, (void)i, (void)n, (void)max_delta;
  return {};
}

}  // namespace framecheck
