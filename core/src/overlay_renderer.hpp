// OverlayRenderer: draws the panel and the frame-time graph for one Diagnostics.
#pragma once

#include <cairo.h>

#include <framecheck/diagnostics.hpp>
#include <framecheck/overlay.hpp>
#include <string>
#include <vector>

namespace framecheck {

class OverlayRenderer {
 public:
  // Reads every source, lays the panel out and draws it. The caller has saved the context.
  void draw(cairo_t* cr, int width, int height, Diagnostics& diagnostics);
  // Reads every source and lays the panel out without drawing.
  OverlayLayout measure(cairo_t* cr, int width, int height, Diagnostics& diagnostics);

 private:
  enum class LineKind { kEngine, kValue, kError };
  struct Line {
    LineKind kind = LineKind::kEngine;
    std::string head;  // drawn in the name colour ("score: "); empty for the engine's lines
    std::string body;  // the value, the error message, or the engine line's text
  };

  void collect_lines(Diagnostics& diagnostics);
  OverlayLayout lay_out(cairo_t* cr, int width, int height, const OverlayStyle& style);
  void draw_panel(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style);
  void draw_text(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style);
  void draw_graph(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style,
                  const FrameWindow& window);

  std::vector<DiagnosticReading> readings_;
  std::vector<Line> lines_;
};

}  // namespace framecheck
