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
std::vector<std::uint8_t> pattern(std::uint8_t alpha = 255, int width = kWidth,
                                  int height = kHeight) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p = rgba.data() + (static_cast<std::size_t>(y) * width + x) * 4;
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
  explicit Shown(int sources = 1) {
    diagnostics.instance_registry().register_source("score", [] { return std::int64_t{42}; });
    for (int i = 1; i < sources; ++i) {
      diagnostics.instance_registry().register_source("a longer name " + std::to_string(i),
                                                      [i] { return i * 1.25; });
    }
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

// The same frame, as a Cairo surface the overlay draws on directly: every byte of the frame must
// agree, inside the corner draw_overlay_rgba converts and outside it.
void expect_the_overlay_drawn_on_cairo(int width, int height, int sources) {
  Shown shown(sources);
  std::vector<std::uint8_t> frame = pattern(255, width, height);
  draw_overlay_rgba(shown.diagnostics, frame, width, height);
  EXPECT_NE(frame, pattern(255, width, height));

  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  ASSERT_EQ(cairo_image_surface_get_stride(surface), width * 4);
  const std::vector<std::uint8_t> straight = pattern(255, width, height);
  for (int i = 0; i < width * height; ++i) {  // opaque: premultiplied is straight
    const std::uint8_t* p = straight.data() + i * 4;
    const std::uint32_t argb = 0xffu << 24 | p[0] << 16 | p[1] << 8 | p[2];
    std::memcpy(cairo_image_surface_get_data(surface) + i * 4, &argb, 4);
  }
  cairo_surface_mark_dirty(surface);
  cairo_t* cr = cairo_create(surface);
  shown.diagnostics.draw(cr, width, height);
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  for (int i = 0; i < width * height; ++i) {
    std::uint32_t argb;
    std::memcpy(&argb, cairo_image_surface_get_data(surface) + i * 4, 4);
    const std::uint8_t* p = frame.data() + i * 4;
    ASSERT_EQ((std::uint32_t{p[3]} << 24 | p[0] << 16 | p[1] << 8 | p[2]), argb)
        << width << "x" << height << ", pixel " << i % width << ", " << i / width;
  }
  cairo_surface_destroy(surface);
}

TEST(RgbaOverlay, MatchesTheOverlayDrawnOnACairoSurface) {
  expect_the_overlay_drawn_on_cairo(kWidth, kHeight, 1);
  expect_the_overlay_drawn_on_cairo(1280, 720, 12);
  expect_the_overlay_drawn_on_cairo(97, 61, 3);  // smaller than the panel would be
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
