// pixelmatch's colour delta (pixelmatch_colour.hpp) of several neighbouring pixels at once, for
// the main loop where differences come in runs (a changed region, a photo's re-encoding). The
// AVX2 kernel (colour_deltas_avx2.hpp) works four opaque pixels at a time with the scalar code's
// IEEE operations in its order, so each delta is the scalar one to the bit; translucent pixels
// stay scalar, as their background depends on where they are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <framecheck/simd/simd.hpp>

namespace framecheck {

using detail::SimdKernel;

// The most pixels one call judges: enough to pay for the call in a run, few enough that one
// lone changed pixel costs little more than its own delta.
inline constexpr std::size_t kDeltaBlock = 16;

// What a block of pixels' deltas say, a bit per pixel from the first: over the threshold
// (|delta| > max_delta), and darker (delta < 0, where the second image is the lighter).
struct DeltaBlock {
  std::size_t pixels = 0;  // how many were judged: a multiple of four
  std::uint32_t over = 0;
  std::uint32_t darker = 0;  // only for pixels over
};

// Judges pixels [i, i + n) of the two images (n at most kDeltaBlock) four at a time while all
// four are opaque in both, stopping at the first four that are not. The scalar and SSE2 kernels
// judge none and leave every pixel to the scalar reference, pixelmatch::color_delta.
DeltaBlock opaque_deltas_over(SimdKernel kernel, const std::uint8_t* img1, const std::uint8_t* img2,
                              std::size_t i, std::size_t n, double max_delta);

}  // namespace framecheck
