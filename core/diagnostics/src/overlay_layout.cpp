#include <algorithm>
#include <cmath>
#include <framecheck/diagnostics/overlay.hpp>

namespace framecheck {

double overlay_font_px(const OverlayStyle& style, int height) {
  return std::max(style.min_font_px, std::round(height * style.font_scale));
}

OverlayLayout layout_overlay(const OverlayStyle& style, int width, int height, std::size_t lines,
                             double widest_text_px) {
  OverlayLayout l;
  l.font_px = overlay_font_px(style, height);
  const double em = l.font_px;
  l.line_height = std::round(em * style.line_spacing);
  l.padding = std::round(em * style.padding_em);
  l.lines = lines;

  // A surface too small for the margins gets a panel from its very corner.
  double margin = std::round(em * style.margin_em);
  if (width <= 2 * margin + 2 * l.padding || height <= 2 * margin + 2 * l.padding) margin = 0;
  const double avail_w = std::max(0.0, width - 2 * margin);
  const double avail_h = std::max(0.0, height - 2 * margin);

  double text_w = std::ceil(widest_text_px);
  double gap = std::round(em * style.graph_gap_em);
  double graph_w = std::round(em * style.graph_width_em);
  if (2 * l.padding + text_w + gap + graph_w > avail_w) {
    // Too wide: the text column gives way first, down to min_text_em; then the graph goes.
    const double min_text = std::min(text_w, std::round(em * style.min_text_em));
    text_w = avail_w - 2 * l.padding - gap - graph_w;
    if (text_w < min_text) {
      gap = graph_w = 0;
      text_w = std::max(0.0, avail_w - 2 * l.padding);
    }
  }

  const double text_h = static_cast<double>(lines) * l.line_height;
  const double inner_h =
      graph_w > 0 ? std::max(text_h, style.graph_min_lines * l.line_height) : text_h;
  l.panel = {margin, margin, std::min(2 * l.padding + text_w + gap + graph_w, avail_w),
             std::min(2 * l.padding + inner_h, avail_h)};
  const double inner_visible = std::max(0.0, l.panel.h - 2 * l.padding);
  l.text = {margin + l.padding, margin + l.padding, text_w, std::min(text_h, inner_visible)};
  l.graph = {l.text.right() + gap, l.text.y, graph_w,
             graph_w > 0 ? std::min(inner_h, inner_visible) : 0};
  l.visible_lines =
      std::min(lines, static_cast<std::size_t>(std::ceil(inner_visible / l.line_height)));
  return l;
}

}  // namespace framecheck
