// The overlay's layout, and drawing it onto a Cairo context.
#pragma once

#include <cairo.h>

#include <cstddef>
#include <framecheck/diagnostics/diagnostics.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>

namespace framecheck {

// A rectangle in device pixels.
struct PixelRect {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
};

// Where everything goes on a surface of a given size: pure arithmetic over the style, the
// number of lines and the widest line, so it can be checked without drawing.
struct OverlayLayout {
  double font_px = 0;      // type size
  double line_height = 0;  // baseline to baseline
  double padding = 0;
  PixelRect panel;                // the translucent panel, inside the surface
  PixelRect text;                 // the text column; text past its right edge is clipped
  PixelRect graph;                // the frame-time graph; zero width when the surface is too narrow
  std::size_t lines = 0;          // lines of text in the panel
  std::size_t visible_lines = 0;  // how many of them fit the panel's height
};

// The layout for `lines` lines whose widest measures `widest_text_px` at the style's type size.
OverlayLayout layout_overlay(const OverlayStyle& style, int width, int height, std::size_t lines,
                             double widest_text_px);

// The type size for a surface of this height: what layout_overlay uses, before measuring.
double overlay_font_px(const OverlayStyle& style, int height);

// Measures the panel as draw() would lay it out now (this reads every source once).
OverlayLayout measure_overlay(Diagnostics& diagnostics, int width, int height);

}  // namespace framecheck
