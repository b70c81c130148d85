// The session plot as a person reads it: a stall stands out as a tall, wide-enough red bar with
// its frame named above it, and ordinary frames are bars from the floor, not faint dots.
#include <gtest/gtest.h>

#include <framecheck/image/png_io.hpp>
#include <framecheck/plot/frame_plot.hpp>

namespace framecheck {
namespace {

FrameSeries steady(std::size_t frames, double ms) {
  FrameSeries s;
  s.sample_ms.assign(frames, ms);
  s.mean_ms.assign(frames, ms);
  s.p95_ms.assign(frames, ms);
  s.p99_ms.assign(frames, ms);
  return s;
}

bool hitch_red(const Image& img, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * img.width + x) * 4;
  return img.rgba[i] == 242 && img.rgba[i + 1] == 103 && img.rgba[i + 2] == 97;
}

// Text is anti-aliased over the background: its pixels are red-dominant, not exactly red.
bool reddish(const Image& img, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * img.width + x) * 4;
  return img.rgba[i] > img.rgba[i + 1] + 60 && img.rgba[i] > img.rgba[i + 2] + 60;
}

bool greenish(const Image& img, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * img.width + x) * 4;
  return img.rgba[i + 1] > img.rgba[i] + 50 && img.rgba[i + 1] > img.rgba[i + 2] + 30;
}

// The plot's area: 64 px from the left, 24 from the right, 44 from the top, 36 from the bottom.
constexpr int kLeft = 64, kTop = 44, kBottom = 36;

TEST(FramePlot, AStallIsATallRedBarAtLeastThreePixelsWideAndNamed) {
  FrameSeries s = steady(600, 8);
  s.sample_ms[299] = 85;  // frame 300
  Result<Image> img = decode_png(render_frame_plot(s, {.title = "stall"}), "plot");
  ASSERT_TRUE(img) << img.error().message();
  const int plot_w = img->width - kLeft - 24, plot_h = img->height - kTop - kBottom;
  const int x = kLeft + static_cast<int>((299.5 / 600) * plot_w);
  // The bar: red from the floor to most of the way up (85 of the scale's 100 ms).
  int tall = 0;
  for (int y = kTop; y < kTop + plot_h; ++y)
    tall += hitch_red(*img, x, y) ? 1 : 0;
  EXPECT_GT(tall, plot_h * 80 / 100) << "the stall's bar is " << tall << " px tall";
  int wide = 0;
  for (int dx = -6; dx <= 6; ++dx)
    wide += hitch_red(*img, x + dx, kTop + plot_h - 20) ? 1 : 0;
  EXPECT_GE(wide, 3) << "the stall's bar is " << wide << " px wide";
  // Its label, in the same red, above the bar's top (the scale's top is 100 ms).
  const int bar_top = kTop + plot_h - plot_h * 85 / 100;
  int label = 0;
  for (int y = kTop; y < bar_top - 2; ++y) {
    for (int dx = -80; dx <= 80; ++dx)
      label += reddish(*img, x + dx, y) ? 1 : 0;
  }
  EXPECT_GT(label, 40) << "no label above the stall";
  // Ordinary frames: bars from the floor, in the overlay's green, across the whole plot.
  int bars = 0;
  for (int cx = kLeft + 1; cx < kLeft + plot_w - 1; ++cx)
    bars += greenish(*img, cx, kTop + plot_h - 3) ? 1 : 0;
  EXPECT_GT(bars, plot_w * 3 / 5) << "ordinary frames are not bars";
}

TEST(FramePlot, WithMoreFramesThanPixelsAStallIsStillDrawnWhole) {
  FrameSeries s = steady(36000, 8);  // ten minutes at 60 fps: 24 frames a pixel
  s.sample_ms[20000] = 85;
  Result<Image> img = decode_png(render_frame_plot(s, {.title = "long"}), "plot");
  ASSERT_TRUE(img);
  const int plot_h = img->height - kTop - kBottom;
  int red_columns = 0;
  for (int x = kLeft; x < img->width - 24; ++x)
    red_columns += hitch_red(*img, x, kTop + plot_h - 20) ? 1 : 0;
  EXPECT_GE(red_columns, 3);
  EXPECT_LE(red_columns, 4) << "one stall, one bar";
}

TEST(FramePlot, TheSameSeriesGivesTheSameBytes) {
  FrameSeries s = steady(600, 8);
  s.sample_ms[10] = 40;
  EXPECT_EQ(render_frame_plot(s, {}), render_frame_plot(s, {}));
}

}  // namespace
}  // namespace framecheck
