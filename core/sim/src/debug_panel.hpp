// DebugPanel: the named debug sources' rows, in a corner of the surface.
#pragma once

#include <cairo.h>

#include <framecheck/diagnostics/debug_registry.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <string>
#include <vector>

namespace framecheck {

// Each source's title on a row of its own, then its rows: the label at the left, the value at the
// right, a warning's value in amber. At most style.debug_max_rows rows, titles included; rows past
// the last are dropped. A row's text is re-measured only when it changed.
class DebugPanel {
 public:
  ~DebugPanel();
  void draw(cairo_t* cr, int width, int height, const DebugRegistry& debug,
            const OverlayStyle& style);

 private:
  struct Row {
    bool title = false;
    bool warn = false;
    std::string label, value;
    double label_w = -1, value_w = -1;  // -1: to measure
  };
  void set_row(std::size_t i, bool title, bool warn, std::string_view label,
               const DiagnosticValue* value);

  std::vector<Row> rows_;
  std::size_t count_ = 0;
  std::string scratch_;
  cairo_scaled_font_t* font_ = nullptr;
  double font_px_ = 0;
};

}  // namespace framecheck
