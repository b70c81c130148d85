#include "pixel_over.hpp"

#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "simd_kernels.hpp"

namespace framecheck {
namespace {

// A premultiplied ARGB32 image of random pixels, with the alphas that take pixman's shortcuts
// (0 and 255) and every other value among them.
cairo_surface_t* random_image(int w, int h, std::uint32_t seed, bool premultiplied) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
  std::mt19937 rng(seed);
  unsigned char* data = cairo_image_surface_get_data(s);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const auto pick = static_cast<std::uint32_t>(rng() % 8);
      const auto a = static_cast<std::uint32_t>(pick == 0 ? 0 : pick == 1 ? 255 : rng() % 256);
      std::uint32_t p = a << 24;
      for (int shift = 0; shift < 24; shift += 8)
        p |= static_cast<std::uint32_t>(premultiplied ? rng() % (a + 1) : rng() % 256) << shift;
      std::memcpy(data + y * cairo_image_surface_get_stride(s) + 4 * x, &p, 4);
    }
  }
  cairo_surface_mark_dirty(s);
  return s;
}

std::vector<unsigned char> bytes(cairo_surface_t* s) {
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  return {data, data + cairo_image_surface_get_stride(s) * cairo_image_surface_get_height(s)};
}

class OverKernels : public ::testing::TestWithParam<SimdKernel> {};

// Every width from 1 to 40 exercises each kernel's vector body and its tail; the destination
// holds any bytes at all, as an x8r8g8b8 surface's padding byte may.
TEST_P(OverKernels, GiveCairosBytesForEveryPixelAndWidth) {
  FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam());
  for (int w = 1; w <= 40; ++w) {
    const int h = 7;
    cairo_surface_t* src = random_image(w, h, 1000 + w, true);
    cairo_surface_t* expected = random_image(w, h, 2000 + w, false);
    cairo_surface_t* actual = random_image(w, h, 2000 + w, false);
    cairo_t* cr = cairo_create(expected);
    cairo_set_source_surface(cr, src, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(actual);
    composite_over_with(
        GetParam(), {cairo_image_surface_get_data(actual), cairo_image_surface_get_stride(actual)},
        cairo_image_surface_get_data(src), cairo_image_surface_get_stride(src), w, h);
    cairo_surface_mark_dirty(actual);
    ASSERT_EQ(bytes(actual), bytes(expected)) << "width " << w;
    cairo_surface_destroy(src);
    cairo_surface_destroy(expected);
    cairo_surface_destroy(actual);
  }
}

// All 256 x 256 x 256 (source value, source alpha, destination value) cases of one channel,
// against the arithmetic written out: the rounding is pixman's, not merely close to it.
TEST_P(OverKernels, RoundLikePixmanForEveryByteTriple) {
  FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam());
  std::vector<std::uint32_t> src(256), dst(256), expected(256);
  for (std::uint32_t a = 0; a < 256; ++a) {
    for (std::uint32_t s = 0; s < 256; ++s) {
      for (std::uint32_t d = 0; d < 256; ++d) {
        src[d] = a << 24 | s;
        dst[d] = d << 24 | d;
        const std::uint32_t t = d * (255 - a) + 0x80;
        const std::uint32_t mul = (t + (t >> 8)) >> 8;
        expected[d] = std::min(255u, a + mul) << 24 | std::min(255u, s + mul);
      }
      composite_over_with(GetParam(), {reinterpret_cast<std::uint8_t*>(dst.data()), 1024},
                          reinterpret_cast<const std::uint8_t*>(src.data()), 1024, 256, 1);
      ASSERT_EQ(dst, expected) << "alpha " << a << ", source " << s;
    }
  }
}

// Bars of random heights (none, some, all, more than all) and colours (translucent, opaque,
// clear) over random pixels: each kernel gives the bytes of Cairo filling each bar's box.
TEST_P(OverKernels, DrawBarsAsCairoFillsTheirBoxes) {
  FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam());
  std::mt19937 rng(77);
  const double alphas[] = {0.9, 0.95, 1.0, 0.0, 0.5};
  for (int w = 1; w <= 40; ++w) {
    const int h = 9;
    cairo_surface_t* expected = random_image(w, h, 3000 + w, false);
    cairo_surface_t* actual = random_image(w, h, 3000 + w, false);
    std::vector<std::int32_t> heights(w);
    std::vector<std::uint32_t> colours(w);
    cairo_t* cr = cairo_create(expected);
    for (int x = 0; x < w; ++x) {
      heights[x] = static_cast<std::int32_t>(rng() % (h + 2));
      const auto channel = [&] { return static_cast<double>(rng() % 256) / 255.0; };
      const double r = channel(), g = channel(), b = channel();
      const double a = alphas[rng() % 5];
      cairo_surface_t* one = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
      cairo_t* one_cr = cairo_create(one);
      cairo_set_source_rgba(one_cr, r, g, b, a);
      cairo_paint(one_cr);
      cairo_destroy(one_cr);
      cairo_surface_flush(one);
      std::memcpy(&colours[x], cairo_image_surface_get_data(one), 4);
      cairo_surface_destroy(one);
      const int bar = std::min(heights[x], h);
      cairo_rectangle(cr, x, h - bar, 1, bar);
      cairo_set_source_rgba(cr, r, g, b, a);
      cairo_fill(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(actual);
    composite_bars_with(
        GetParam(), {cairo_image_surface_get_data(actual), cairo_image_surface_get_stride(actual)},
        colours.data(), heights.data(), w, h);
    cairo_surface_mark_dirty(actual);
    ASSERT_EQ(bytes(actual), bytes(expected)) << "width " << w;
    cairo_surface_destroy(expected);
    cairo_surface_destroy(actual);
  }
}

INSTANTIATE_TEST_SUITE_P(PixelOver, OverKernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

TEST(PixelOver, TheChosenKernelWritesOnlyItsRectangle) {
  cairo_surface_t* src = random_image(13, 5, 7, true);
  cairo_surface_t* canvas = random_image(32, 16, 8, false);
  const std::vector<unsigned char> before = bytes(canvas);
  const int stride = cairo_image_surface_get_stride(canvas);
  composite_over({cairo_image_surface_get_data(canvas) + 3 * stride + 4 * 11, stride},
                 cairo_image_surface_get_data(src), cairo_image_surface_get_stride(src), 13, 5);
  const std::vector<unsigned char> after = bytes(canvas);
  int changed_outside = 0;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 32; ++x)
      if ((y < 3 || y >= 8 || x < 11 || x >= 24) &&
          std::memcmp(&before[y * stride + 4 * x], &after[y * stride + 4 * x], 4) != 0)
        ++changed_outside;
  EXPECT_EQ(changed_outside, 0);
  EXPECT_NE(before, after);
  cairo_surface_destroy(src);
  cairo_surface_destroy(canvas);
}

}  // namespace
}  // namespace framecheck
