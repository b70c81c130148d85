#include <gtest/gtest.h>

#include <framecheck/diagnostics/overlay.hpp>

namespace framecheck {
namespace {

const OverlayStyle kStyle;

void expect_inside(const PixelRect& r, int width, int height) {
  EXPECT_GE(r.x, 0);
  EXPECT_GE(r.y, 0);
  EXPECT_LE(r.right(), width);
  EXPECT_LE(r.bottom(), height);
}

TEST(OverlayLayout, TypeSizeTracksTheSurfaceHeightWithAFloor) {
  EXPECT_EQ(overlay_font_px(kStyle, 1080), 18);
  EXPECT_EQ(overlay_font_px(kStyle, 2160), 36);
  EXPECT_EQ(overlay_font_px(kStyle, 48), kStyle.min_font_px);
}

TEST(OverlayLayout, ThePanelSitsTopLeftSizedToItsText) {
  const OverlayLayout l = layout_overlay(kStyle, 1920, 1080, 5, 300);
  EXPECT_EQ(l.panel.x, 9);  // half an em of 18 px
  EXPECT_EQ(l.panel.y, 9);
  EXPECT_EQ(l.text.w, 300);
  EXPECT_EQ(l.graph.x, l.text.right() + 18);
  EXPECT_EQ(l.graph.w, 14 * 18);
  EXPECT_EQ(l.panel.right(), l.graph.right() + l.padding);
  EXPECT_EQ(l.text.h, 5 * l.line_height);
  EXPECT_EQ(l.visible_lines, 5u);
}

TEST(OverlayLayout, AWideLineIsClampedToTheSurfaceAndTheGraphStays) {
  const OverlayLayout l = layout_overlay(kStyle, 1280, 720, 4, 90000);
  expect_inside(l.panel, 1280, 720);
  EXPECT_GT(l.graph.w, 0);
  EXPECT_LE(l.graph.right(), l.panel.right());
  EXPECT_LT(l.text.w, 90000);
}

TEST(OverlayLayout, ANarrowSurfaceDropsTheGraphBeforeTheText) {
  const OverlayLayout l = layout_overlay(kStyle, 200, 400, 4, 180);
  EXPECT_EQ(l.graph.w, 0);
  expect_inside(l.panel, 200, 400);
}

TEST(OverlayLayout, ATinySurfaceGetsAPanelInsideIt) {
  const OverlayLayout l = layout_overlay(kStyle, 64, 48, 6, 400);
  expect_inside(l.panel, 64, 48);
  expect_inside(l.text, 64, 48);
  EXPECT_LT(l.visible_lines, 6u);
}

TEST(OverlayLayout, ALargeSurfaceScalesEverything) {
  const OverlayLayout small = layout_overlay(kStyle, 1920, 1080, 6, 400);
  const OverlayLayout large = layout_overlay(kStyle, 3840, 2160, 6, 800);
  expect_inside(large.panel, 3840, 2160);
  EXPECT_EQ(large.font_px, 2 * small.font_px);
  EXPECT_EQ(large.graph.w, 2 * small.graph.w);
}

TEST(OverlayLayout, TheGraphIsAtLeastItsMinimumHeight) {
  const OverlayLayout l = layout_overlay(kStyle, 1920, 1080, 2, 200);
  EXPECT_EQ(l.graph.h, kStyle.graph_min_lines * l.line_height);
  EXPECT_EQ(l.panel.h, l.graph.h + 2 * l.padding);
}

}  // namespace
}  // namespace framecheck
