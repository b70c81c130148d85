#include "pixel_over.hpp"

#include <algorithm>
#include <cstring>

#include "pixel_over_avx2.hpp"
#include "pixel_over_sse2.hpp"

namespace framecheck {
namespace {

std::uint32_t over_pixel(std::uint32_t s, std::uint32_t d) {
  const std::uint32_t inverse_alpha = 255 - (s >> 24);
  std::uint32_t out = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    const std::uint32_t t = ((d >> shift) & 0xff) * inverse_alpha + 0x80;
    const std::uint32_t sum = ((s >> shift) & 0xff) + ((t + (t >> 8)) >> 8);
    out |= (sum > 255 ? 255 : sum) << shift;
  }
  return out;
}

// A row of OVER: each pixel x of dst gets src's pixel x composited over it, or, given heights,
// only those whose height reaches `level` (a row of bars; the rest stay as they are).
void over_row_scalar(std::uint8_t* dst, const std::uint8_t* src, const std::int32_t* heights,
                     std::int32_t level, int w) {
  for (int x = 0; x < w; ++x) {
    if (heights != nullptr && heights[x] < level) continue;
    std::uint32_t s;
    std::uint32_t d;
    std::memcpy(&s, src + 4 * x, 4);
    std::memcpy(&d, dst + 4 * x, 4);
    d = over_pixel(s, d);
    std::memcpy(dst + 4 * x, &d, 4);
  }
}

// A row with `kernel`: the widest kernel takes what it can, the narrower ones the rest.
void over_row(SimdKernel kernel, std::uint8_t* dst, const std::uint8_t* src,
              const std::int32_t* heights, std::int32_t level, int w) {
  int x = 0;
  const auto from = [&](int done) {
    x += done;
    return heights == nullptr ? nullptr : heights + x;
  };
#ifdef FRAMECHECK_SIMD_X86
  if (kernel == SimdKernel::kAvx2) from(detail::over_row_avx2(dst, src, heights, level, w));
  if (kernel != SimdKernel::kScalar)
    from(detail::over_row_sse2(dst + 4 * x, src + 4 * x, from(0), level, w - x));
#endif
  (void)kernel;
  over_row_scalar(dst + 4 * x, src + 4 * x, from(0), level, w - x);
}

}  // namespace

void composite_over_with(SimdKernel kernel, PixelRows dst, const std::uint8_t* src, int src_stride,
                         int w, int h) {
  for (int y = 0; y < h; ++y)
    over_row(kernel, dst.data + static_cast<std::ptrdiff_t>(y) * dst.stride,
             src + static_cast<std::ptrdiff_t>(y) * src_stride, nullptr, 0, w);
}

void composite_bars_with(SimdKernel kernel, PixelRows dst, const std::uint32_t* colours,
                         const std::int32_t* heights, int w, int h) {
  const std::int32_t tallest = w == 0 ? 0 : std::min(h, *std::max_element(heights, heights + w));
  for (int y = h - tallest; y < h; ++y)
    over_row(kernel, dst.data + static_cast<std::ptrdiff_t>(y) * dst.stride,
             reinterpret_cast<const std::uint8_t*>(colours), heights, h - y, w);
}

void composite_over(PixelRows dst, const std::uint8_t* src, int src_stride, int w, int h) {
  static const SimdKernel kernel = detail::best_simd_kernel();
  composite_over_with(kernel, dst, src, src_stride, w, h);
}

void composite_bars(PixelRows dst, const std::uint32_t* colours, const std::int32_t* heights, int w,
                    int h) {
  static const SimdKernel kernel = detail::best_simd_kernel();
  composite_bars_with(kernel, dst, colours, heights, w, h);
}

}  // namespace framecheck
