#include "antialiasing.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "antialiasing_avx2.hpp"
#include "antialiasing_slopes.hpp"
#include "antialiasing_sse2.hpp"
#include "pixelmatch_colour.hpp"

namespace framecheck {
namespace {

using detail::kBits;
using detail::kDx;
using detail::kDy;
using detail::Slopes;
using pixelmatch::brightness_delta;
using pixelmatch::word;

// has_many_siblings, inlined into the detector: the scalar reference, or SSE2 where it fits.
[[gnu::always_inline]] inline bool many_siblings(SimdKernel kernel, const std::uint8_t* img, int x1,
                                                 int y1, int width, int height) {
#ifdef FRAMECHECK_SIMD_X86
  if (kernel != SimdKernel::kScalar && x1 > 0 && y1 > 0 && y1 + 1 < height && x1 + 2 < width)
    return detail::many_siblings_sse2(img, x1, y1, width);
#endif
  (void)kernel;
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::uint32_t val = word(img, static_cast<std::size_t>(y1) * width + x1);
  int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      zeroes += val == word(img, static_cast<std::size_t>(y) * width + x);
      if (zeroes > 2) return true;
    }
  }
  return false;
}

// pixelmatch's loop over the neighbours, for any pixel and any alpha; it stops at a third zero.
void scan_slopes(const std::uint8_t* img, int x1, int y1, int width, int height, bool checkerboard,
                 Slopes& s) {
  const int x0 = std::max(x1 - 1, 0), y0 = std::max(y1 - 1, 0);
  const int x2 = std::min(x1 + 1, width - 1), y2 = std::min(y1 + 1, height - 1);
  const std::size_t pos4 = (static_cast<std::size_t>(y1) * width + x1) * 4;
  s.zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0;
  for (int x = x0; x <= x2; ++x) {
    for (int y = y0; y <= y2; ++y) {
      if (x == x1 && y == y1) continue;
      const double delta =
          brightness_delta(img, pos4, (static_cast<std::size_t>(y) * width + x) * 4, checkerboard);
      if (delta == 0) {
        if (++s.zeroes > 2) return;
      } else if (delta < s.min) {
        s.min = delta;
        s.min_x = x;
        s.min_y = y;
      } else if (delta > s.max) {
        s.max = delta;
        s.max_x = x;
        s.max_y = y;
      }
    }
  }
}

// The interior, opaque case with `kernel`; false when the block is not opaque, or for the scalar
// reference, for scan_slopes to answer.
bool opaque_slopes(SimdKernel kernel, const std::uint8_t* img, int x1, int y1, int width,
                   Slopes& s) {
#ifdef FRAMECHECK_SIMD_X86
  if (kernel == SimdKernel::kAvx2) return detail::opaque_slopes_avx2(img, x1, y1, width, s);
  if (kernel == SimdKernel::kSse2) return detail::opaque_slopes_sse2(img, x1, y1, width, s);
#endif
  (void)kernel, (void)img, (void)x1, (void)y1, (void)width, (void)s;
  return false;
}

}  // namespace

bool has_many_siblings(SimdKernel kernel, const std::uint8_t* img, int x, int y, int width,
                       int height) {
  return many_siblings(kernel, img, x, y, width, height);
}

// `in_a_run`: whether the last pixel on this image was answered by three zero deltas, which in
// practice are three neighbours of its own colour. Then this one likely has them too (rendered
// frames are runs of one colour), and three integer compares of whole rows find them without
// the deltas: three such neighbours are three zero deltas, so the answer is the same. On grainy
// content the hint stays off and costs one branch.
bool antialiased(SimdKernel kernel, const std::uint8_t* img, int x1, int y1, int width, int height,
                 const std::uint8_t* a, const std::uint8_t* b, bool checkerboard, bool& in_a_run) {
  if (in_a_run && many_siblings(kernel, img, x1, y1, width, height)) return false;
  in_a_run = false;
  Slopes s;
  const bool interior = x1 > 0 && y1 > 0 && x1 + 1 < width && y1 + 1 < height;
  if (!interior || !opaque_slopes(kernel, img, x1, y1, width, s))
    scan_slopes(img, x1, y1, width, height, checkerboard, s);
  if (s.zeroes > 2) {
    in_a_run = true;  // most likely three neighbours of the centre's own colour
    return false;
  }
  // Without both a darker and a lighter neighbour it is not anti-aliasing; with them, it is when
  // either of those has three or more siblings of its colour in both images.
  if (s.min == 0 || s.max == 0) return false;
  return (many_siblings(kernel, a, s.min_x, s.min_y, width, height) &&
          many_siblings(kernel, b, s.min_x, s.min_y, width, height)) ||
         (many_siblings(kernel, a, s.max_x, s.max_y, width, height) &&
          many_siblings(kernel, b, s.max_x, s.max_y, width, height));
}

}  // namespace framecheck
