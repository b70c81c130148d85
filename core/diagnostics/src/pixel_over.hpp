// pixel_over: Porter-Duff OVER of a premultiplied ARGB32 image onto another, with pixman's exact
// rounding, so a Cairo image surface gets the same bytes as cairo_paint() of the same source.
//
// Per byte (colour and alpha alike): d = saturate(s + mul_un8(d, 255 - s.alpha)), where
// mul_un8(a, b) = (t + (t >> 8)) >> 8 with t = a * b + 128. That is pixman's OVER for
// a8r8g8b8 onto a8r8g8b8 or x8r8g8b8 in every implementation it has (C, SSE2, AVX2), so the
// overlay can composite its cached panel without Cairo's per-call overhead and with wider
// vectors, and still reproduce the goldens bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <framecheck/simd/simd.hpp>

namespace framecheck {

using detail::SimdKernel;

// A rectangle of 32-bit pixels: `stride` is in bytes, as Cairo gives it.
struct PixelRows {
  std::uint8_t* data = nullptr;
  int stride = 0;
};

// Composites the w x h pixels of src over those of dst, the best implementation this CPU has.
void composite_over(PixelRows dst, const std::uint8_t* src, int src_stride, int w, int h);

// A graph's bars, w columns standing on the bottom of an h-row rectangle of dst: column x is
// heights[x] pixels tall (0 for none) and colours[x] (premultiplied) is composited over each of
// its pixels. What Cairo does for a fill of those whole-pixel boxes, done a row at a time.
void composite_bars(PixelRows dst, const std::uint32_t* colours, const std::int32_t* heights, int w,
                    int h);

// Composites with `kernel` (detail/simd.hpp), which must be available: for the tests that hold
// each kernel to the scalar reference's bytes.
void composite_over_with(SimdKernel kernel, PixelRows dst, const std::uint8_t* src, int src_stride,
                         int w, int h);
// The same for composite_bars.
void composite_bars_with(SimdKernel kernel, PixelRows dst, const std::uint32_t* colours,
                         const std::int32_t* heights, int w, int h);

}  // namespace framecheck
