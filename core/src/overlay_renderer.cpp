#include "overlay_renderer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <framecheck/overlay_font.hpp>

namespace framecheck {
namespace {

void set_colour(cairo_t* cr, const Rgba& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

double text_width(cairo_t* cr, const std::string& s) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  return e.x_advance;
}

void use_overlay_font(cairo_t* cr, double font_px) {
  cairo_set_font_face(cr, overlay_font_face());
  cairo_set_font_options(cr, overlay_font_options());
  cairo_set_font_size(cr, font_px);
}

// A reference line's label in its shortest form: "16.7", not the panel's "16.700".
std::string label_for(double ms) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, ms);
  return std::string(buf, end);
}

}  // namespace

void OverlayRenderer::collect_lines(Diagnostics& diagnostics) {
  readings_.clear();
  diagnostics.read_into(readings_);
  lines_.resize(readings_.size() + 2);
  const WorldLine w = diagnostics.world_line();
  lines_.front() = {LineKind::kEngine, {}, format_world_line(w.level, w.phase, w.actors)};
  for (std::size_t i = 0; i < readings_.size(); ++i) {
    const DiagnosticReading& r = readings_[i];
    Line& line = lines_[i + 1];
    line.kind = r.ok() ? LineKind::kValue : LineKind::kError;
    line.head = r.name + ": ";
    line.body = r.ok() ? format_value(*r.value) : *r.error;
  }
  lines_.back() = {LineKind::kEngine, {}, format_metrics(diagnostics.metrics())};
}

OverlayLayout OverlayRenderer::lay_out(cairo_t* cr, int width, int height,
                                       const OverlayStyle& style) {
  use_overlay_font(cr, overlay_font_px(style, height));
  double widest = 0;
  for (const Line& line : lines_) {
    widest = std::max(widest, text_width(cr, line.head) + text_width(cr, line.body));
  }
  return layout_overlay(style, width, height, lines_.size(), widest);
}

OverlayLayout OverlayRenderer::measure(cairo_t* cr, int width, int height,
                                       Diagnostics& diagnostics) {
  collect_lines(diagnostics);
  cairo_save(cr);
  const OverlayLayout l = lay_out(cr, width, height, diagnostics.style());
  cairo_restore(cr);
  return l;
}

void OverlayRenderer::draw(cairo_t* cr, int width, int height, Diagnostics& diagnostics) {
  collect_lines(diagnostics);
  const OverlayStyle& style = diagnostics.style();
  const OverlayLayout l = lay_out(cr, width, height, style);
  if (l.panel.w <= 0 || l.panel.h <= 0) return;
  cairo_rectangle(cr, l.panel.x, l.panel.y, l.panel.w, l.panel.h);
  cairo_clip(cr);
  draw_panel(cr, l, style);
  draw_text(cr, l, style);
  if (l.graph.w > 0 && l.graph.h > 0) draw_graph(cr, l, style, diagnostics.window());
}

void OverlayRenderer::draw_panel(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style) {
  set_colour(cr, style.panel);
  cairo_rectangle(cr, l.panel.x, l.panel.y, l.panel.w, l.panel.h);
  cairo_fill(cr);
  set_colour(cr, style.panel_edge);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, l.panel.x + 0.5, l.panel.y + 0.5, l.panel.w - 1, l.panel.h - 1);
  cairo_stroke(cr);
}

void OverlayRenderer::draw_text(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style) {
  cairo_font_extents_t fe;
  cairo_font_extents(cr, &fe);
  // Centre the glyphs' ascent-to-descent box in each line's pitch, on a whole pixel.
  const double baseline_offset =
      std::round((l.line_height - (fe.ascent + fe.descent)) / 2 + fe.ascent);

  for (std::size_t i = 0; i < l.visible_lines; ++i) {
    const Line& line = lines_[i];
    const double top = l.text.y + static_cast<double>(i) * l.line_height;
    if (line.kind == LineKind::kError) {
      // The mark sits in the padding, outside the text clip, so a clipped line still shows it.
      set_colour(cr, style.error_mark);
      const double mark_w = std::max(2.0, std::round(l.padding * 0.35));
      cairo_rectangle(cr, l.panel.x + std::round((l.padding - mark_w) / 2), top + 2, mark_w,
                      l.line_height - 4);
      cairo_fill(cr);
    }
    cairo_save(cr);
    cairo_rectangle(cr, l.text.x, top, l.text.w, l.line_height);
    cairo_clip(cr);
    cairo_move_to(cr, l.text.x, top + baseline_offset);
    if (!line.head.empty()) {
      set_colour(cr, style.name_text);
      cairo_show_text(cr, line.head.c_str());
    }
    set_colour(cr, line.kind == LineKind::kEngine  ? style.world_text
                   : line.kind == LineKind::kError ? style.error_text
                                                   : style.value_text);
    cairo_show_text(cr, line.body.c_str());
    cairo_restore(cr);
  }
}

void OverlayRenderer::draw_graph(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style,
                                 const FrameWindow& window) {
  const PixelRect g = l.graph;
  set_colour(cr, style.graph_back);
  cairo_rectangle(cr, g.x, g.y, g.w, g.h);
  cairo_fill(cr);

  const double top_ms = std::max(window.max_ms(), style.graph_floor_ms);
  const auto height_of = [&](double ms) {
    return std::round(std::clamp(ms / top_ms, 0.0, 1.0) * g.h);
  };

  // One column per sample, oldest at the left. Where samples outnumber the graph's pixels, each
  // pixel column shows the largest sample it covers, so a one-frame hitch is never averaged away.
  const std::size_t n = window.size();
  const auto pixels = static_cast<std::size_t>(g.w);
  const std::size_t columns = std::min(n, pixels);
  const Rgba* colours[3] = {&style.bar_ok, &style.bar_slow, &style.bar_hitch};
  for (int pass = 0; pass < 3; ++pass) {  // one path and one fill per colour
    for (std::size_t c = 0; c < columns; ++c) {
      const std::size_t first = c * n / columns;
      const std::size_t last = (c + 1) * n / columns;
      double ms = 0;
      for (std::size_t i = first; i < last; ++i)
        ms = std::max(ms, window.sample(i));
      const int band = ms <= style.reference_ms[0] ? 0 : ms <= style.reference_ms[1] ? 1 : 2;
      if (band != pass) continue;
      const double x0 =
          g.x + std::floor(static_cast<double>(c * pixels) / static_cast<double>(columns));
      const double x1 =
          g.x + std::floor(static_cast<double>((c + 1) * pixels) / static_cast<double>(columns));
      const double h = height_of(ms);
      cairo_rectangle(cr, x0, g.bottom() - h, x1 - x0, h);
    }
    set_colour(cr, *colours[pass]);
    cairo_fill(cr);
  }

  // Reference lines, dashed, labelled at the right in small type.
  cairo_set_line_width(cr, 1);
  const double dash[] = {3, 3};
  cairo_set_font_size(cr, std::max(style.min_label_px, std::round(l.font_px * style.label_scale)));
  cairo_font_extents_t fe;
  cairo_font_extents(cr, &fe);
  for (double ms : style.reference_ms) {
    const double y = g.bottom() - height_of(ms) + 0.5;
    set_colour(cr, style.reference_line);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, g.x, y);
    cairo_line_to(cr, g.right(), y);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    const std::string label = label_for(ms);
    cairo_text_extents_t te;
    cairo_text_extents(cr, label.c_str(), &te);
    set_colour(cr, style.label_text);
    // Above its line, unless the line runs along the graph's top; then below it.
    const double above = y - 3;
    const double baseline = above - fe.ascent >= g.y ? above : y + fe.ascent + 2;
    cairo_move_to(cr, std::round(g.right() - te.x_advance - 2), std::round(baseline));
    cairo_show_text(cr, label.c_str());
  }
}

}  // namespace framecheck
