// OverlayRenderer: draws the panel and the frame-time graph for one Diagnostics, keeping what it
// can from frame to frame.
#pragma once

#include <cairo.h>

#include <array>
#include <framecheck/diagnostics/diagnostics.hpp>
#include <framecheck/diagnostics/overlay.hpp>
#include <optional>
#include <string>
#include <vector>

#include "pixel_over.hpp"

namespace framecheck {

// The line cache: each line keeps the reading it was built from, its text, its positioned glyphs,
// its width, and its row of pixels in the panel image, which also holds everything else that
// does not move (background, edge, error marks, the graph's background and labels). A frame
// reads every source (the spec's one evaluation), but re-formats, re-shapes, re-measures and
// re-renders only the lines whose text changed; then it composites the panel image once and
// draws the graph's bars and reference lines over it. In a steady frame it allocates nothing.
class OverlayRenderer {
 public:
  OverlayRenderer() = default;
  ~OverlayRenderer();
  OverlayRenderer(const OverlayRenderer&) = delete;
  OverlayRenderer& operator=(const OverlayRenderer&) = delete;

  // Reads every source, lays the panel out and draws it. The caller has saved the context.
  void draw(cairo_t* cr, int width, int height, Diagnostics& diagnostics);
  // Reads every source and lays the panel out without drawing.
  OverlayLayout measure(int width, int height, Diagnostics& diagnostics);

  // With the cache off every line is formatted, measured and drawn afresh each frame: the
  // baseline the overlay benchmark compares against. On by default.
  void set_cache_enabled(bool enabled) { cache_enabled_ = enabled; }

 private:
  enum class LineKind { kEngine, kValue, kError };
  struct Line {
    LineKind kind = LineKind::kEngine;
    std::string head;   // drawn in the name colour ("score: "); empty for the engine's lines
    std::string body;   // the value, the error message, or the engine line's text
    bool dirty = true;  // text changed since its glyphs and pixels were made
    double head_width = 0, width = 0;
    std::vector<cairo_glyph_t> glyphs;  // head then body, positioned from the line's origin
    int head_glyphs = 0;
    bool drawn = false;  // its row in the panel image is current
  };

  void collect_lines(Diagnostics& diagnostics);
  // The world and metrics lines: engine text, no name; marked dirty only when it changed.
  void set_engine_line(std::size_t i, const std::string& text);
  void prepare_font(const OverlayStyle& style, int height);
  void shape(Line& line);
  OverlayLayout lay_out(int width, int height, const OverlayStyle& style);
  void render_panel(const OverlayLayout& l, const OverlayStyle& style, double top_ms);
  // The bars and reference lines. `panel` is the panel's pixels when draw() could write them
  // itself (the bars are then written the same way), none when Cairo draws.
  void draw_bars(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style,
                 const FrameWindow& window, double top_ms, std::optional<PixelRows> panel);
  // The premultiplied pixel Cairo makes of a bar colour, kept while the colour stays.
  std::uint32_t bar_pixel(int band, const Rgba& colour);

  bool cache_enabled_ = true;
  std::vector<DiagnosticReading> readings_;  // this frame's, read in place
  std::vector<DiagnosticReading> shown_;     // what each reading line was built from
  std::vector<Line> lines_;
  std::string scratch_;

  double font_px_ = 0;
  cairo_scaled_font_t* font_ = nullptr;  // the overlay face at font_px_
  cairo_scaled_font_t* label_font_ = nullptr;
  double baseline_ = 0;  // from a line's top to its baseline, for font_ at the line pitch
  cairo_surface_t* panel_surface_ = nullptr;  // the panel's still parts, in panel coordinates
  cairo_t* panel_cr_ = nullptr;
  OverlayLayout panel_layout_;  // the geometry panel_surface_ was made for
  double panel_top_ms_ = -1;    // the graph scale its labels were drawn at
  struct ColourPixel {
    Rgba colour{0, 0, 0, 0};
    std::uint32_t pixel = 0;
    bool valid = false;
  };
  std::array<ColourPixel, 3> bar_pixels_;   // ok, slow, hitch
  std::vector<std::int32_t> bar_heights_;   // per pixel column of the graph, this frame
  std::vector<std::uint32_t> bar_colours_;  // the same columns' premultiplied colours
};

}  // namespace framecheck
