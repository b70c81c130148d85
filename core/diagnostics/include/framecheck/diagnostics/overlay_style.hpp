// OverlayStyle: every size and colour the overlay uses, in one place.
#pragma once

namespace framecheck {

// A corner of the surface, for the debug panel.
enum class Corner { kTopLeft, kTopRight, kBottomLeft, kBottomRight };

// A straight (not premultiplied) colour, each channel in [0, 1].
struct Rgba {
  double r, g, b, a;
};

// Sizes are in ems of the overlay's type, so the whole panel scales with the surface height.
// The defaults are the look the golden images pin down: change one and they say so.
struct OverlayStyle {
  // Type size in device pixels: surface height times font_scale, never below min_font_px, rounded
  // to a whole pixel so glyphs sit on the same grid at every size.
  double font_scale = 1.0 / 60.0;         // 18 px at 1080 lines, 36 px at 2160
  double min_font_px = 11;                // legible on the smallest surfaces
  double line_spacing = 1.4;              // line pitch over type size
  double margin_em = 0.5;                 // from the surface's top-left corner to the panel
  double padding_em = 0.6;                // inside the panel, around text and graph
  double graph_gap_em = 1.0;              // between the text column and the graph
  double graph_width_em = 14;             // the graph's width
  double graph_min_lines = 4;             // the graph is at least this many lines tall
  double min_text_em = 12;                // below this text width a narrow surface drops the graph
  double graph_floor_ms = 33.3;           // the graph's scale never drops below this
  double reference_ms[2] = {16.7, 33.3};  // dashed lines: 60 and 30 frames per second
  double label_scale = 0.75;              // reference-line labels, relative to the type size
  double min_label_px = 9;                // and never smaller than this

  Rgba panel{0.055, 0.063, 0.078, 0.80};      // translucent: the game reads through it
  Rgba panel_edge{1.0, 1.0, 1.0, 0.10};       // a hairline keeps the edge on light scenes
  Rgba world_text{0.553, 0.792, 0.918, 1.0};  // the engine's own lines: calm blue
  Rgba name_text{0.600, 0.639, 0.690, 1.0};   // a reading's name: quieter than its value
  Rgba value_text{0.925, 0.937, 0.953, 1.0};  // a reading's value
  Rgba error_text{1.000, 0.478, 0.439, 1.0};  // a source that threw: its message, in red
  Rgba error_mark{1.000, 0.478, 0.439, 1.0};  // and a bar in the left padding beside it
  Rgba graph_back{1.0, 1.0, 1.0, 0.045};
  Rgba reference_line{1.0, 1.0, 1.0, 0.30};
  Rgba label_text{0.600, 0.639, 0.690, 0.85};
  Rgba bar_ok{0.388, 0.757, 0.514, 0.90};    // within 16.7 ms
  Rgba bar_slow{0.949, 0.765, 0.318, 0.95};  // within 33.3 ms
  Rgba bar_hitch{0.949, 0.404, 0.380, 1.0};  // over 33.3 ms

  // The debug panel (named debug sources): its corner, its rows (titles included), its colours.
  Corner debug_corner = Corner::kBottomRight;
  int debug_max_rows = 16;                     // rows past the last are dropped
  double debug_column_gap_em = 2;              // between labels and values
  Rgba debug_title{0.553, 0.792, 0.918, 1.0};  // a source's title: the engine's calm blue
  Rgba debug_warn{0.949, 0.765, 0.318, 1.0};   // a row marked warn: amber
  double debug_line_width_px = 1.5;            // world-space lines, in device pixels
};

}  // namespace framecheck
