#include <gtest/gtest.h>

#include <cstring>
#include <framecheck/diagnostics/overlay.hpp>
#include <framecheck/diagnostics/rgba_overlay.hpp>
#include <stdexcept>
#include <vector>

namespace framecheck {
namespace {

constexpr int kWidth = 320;
constexpr int kHeight = 180;

// An opaque frame with a pattern, so every pixel the overlay touches differs from its neighbours.
std::vector<std::uint8_t> pattern(std::uint8_t alpha = 255) {
  std::vector<std::uint8_t> rgba(kWidth * kHeight * 4);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      std::uint8_t* p = rgba.data() + (y * kWidth + x) * 4;
      p[0] = static_cast<std::uint8_t>(x * 7);
      p[1] = static_cast<std::uint8_t>(y * 5);
      p[2] = static_cast<std::uint8_t>((x + y) * 3);
      p[3] = alpha;
    }
  }
  return rgba;
}

struct Shown {
  Diagnostics diagnostics;
  Shown() {
    diagnostics.instance_registry().register_source("score", [] { return std::int64_t{42}; });
    diagnostics.window().add(SimTime{16666667}, 4.0);
    diagnostics.set_enabled(true);
  }
};

TEST(RgbaOverlay, DrawsNothingWhileHidden) {
  Diagnostics diagnostics;
  std::vector<std::uint8_t> frame = pattern();
  draw_overlay_rgba(diagnostics, frame, kWidth, kHeight);
  EXPECT_EQ(frame, pattern());
}

// The same frame, as a Cairo surface the overlay draws on directly: the bytes must agree.
TEST(RgbaOverlay, MatchesTheOverlayDrawnOnACairoSurface) {
  Shown shown;
  std::vector<std::uint8_t> frame = pattern();
  draw_overlay_rgba(shown.diagnostics, frame, kWidth, kHeight);
  EXPECT_NE(frame, pattern());

  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, kWidth, kHeight);
  ASSERT_EQ(cairo_image_surface_get_stride(surface), kWidth * 4);
  const std::vector<std::uint8_t> straight = pattern();
  for (int i = 0; i < kWidth * kHeight; ++i) {  // opaque: premultiplied is straight
    const std::uint8_t* p = straight.data() + i * 4;
    const std::uint32_t argb = 0xffu << 24 | p[0] << 16 | p[1] << 8 | p[2];
    std::memcpy(cairo_image_surface_get_data(surface) + i * 4, &argb, 4);
  }
  cairo_surface_mark_dirty(surface);
  cairo_t* cr = cairo_create(surface);
  shown.diagnostics.draw(cr, kWidth, kHeight);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  for (int i = 0; i < kWidth * kHeight; ++i) {
    std::uint32_t argb;
    std::memcpy(&argb, cairo_image_surface_get_data(surface) + i * 4, 4);
    const std::uint8_t* p = frame.data() + i * 4;
    ASSERT_EQ((std::uint32_t{p[3]} << 24 | p[0] << 16 | p[1] << 8 | p[2]), argb) << "pixel " << i;
  }
  cairo_surface_destroy(surface);
}

TEST(RgbaOverlay, KeepsATranslucentFramesAlpha) {
  Shown shown;
  std::vector<std::uint8_t> frame = pattern(128);
  draw_overlay_rgba(shown.diagnostics, frame, kWidth, kHeight);
  const std::uint8_t bottom_right = frame[((kHeight - 1) * kWidth + kWidth - 1) * 4 + 3];
  EXPECT_EQ(bottom_right, 128);  // far from the panel
}

TEST(RgbaOverlay, ConvertsToCairoAndBackExactlyWhenOpaque) {
  std::vector<std::uint8_t> frame = pattern();
  rgba_to_argb32(frame);
  argb32_to_rgba(frame);
  EXPECT_EQ(frame, pattern());
}

TEST(RgbaOverlay, RefusesABufferOfTheWrongSize) {
  Shown shown;
  std::vector<std::uint8_t> frame(kWidth * kHeight * 4 - 1);
  EXPECT_THROW(draw_overlay_rgba(shown.diagnostics, frame, kWidth, kHeight), std::invalid_argument);
}

}  // namespace
}  // namespace framecheck
