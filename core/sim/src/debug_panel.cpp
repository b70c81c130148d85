#include "debug_panel.hpp"

#include <algorithm>
#include <cmath>
#include <framecheck/diagnostics/detail/cairo_saved_state.hpp>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/diagnostics/overlay.hpp>
#include <framecheck/diagnostics/overlay_font.hpp>

namespace framecheck {
namespace {

void colour(cairo_t* cr, const Rgba& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

double advance(cairo_scaled_font_t* font, const std::string& text) {
  cairo_text_extents_t e;
  cairo_scaled_font_text_extents(font, text.c_str(), &e);
  return e.x_advance;
}

}  // namespace

DebugPanel::~DebugPanel() {
  if (font_) cairo_scaled_font_destroy(font_);
}

void DebugPanel::set_row(std::size_t i, bool title, bool warn, std::string_view label,
                         const DiagnosticValue* value) {
  if (rows_.size() <= i) rows_.resize(i + 1);
  Row& r = rows_[i];
  r.title = title;
  r.warn = warn;
  if (r.label != label) {
    r.label.assign(label);
    r.label_w = -1;
  }
  scratch_.clear();
  if (value) append_value(scratch_, *value);
  if (r.value != scratch_) {
    r.value.assign(scratch_);
    r.value_w = -1;
  }
}

void DebugPanel::draw(cairo_t* cr, int width, int height, const DebugRegistry& debug,
                      const OverlayStyle& style) {
  // The rows, capped; the last row says how many lines were dropped, when any were.
  const auto max_rows = static_cast<std::size_t>(std::max(1, style.debug_max_rows));
  const std::size_t dropped = debug.lines().dropped();
  const std::size_t room = dropped > 0 ? max_rows - 1 : max_rows;
  count_ = 0;
  for (const DebugRegistry::Section& section : debug.sections()) {
    if (count_ >= room) break;
    set_row(count_++, true, false, section.title, nullptr);
    for (std::size_t i = 0; i < section.rows.size() && count_ < room; ++i) {
      const DebugRow& row = section.rows[i];
      set_row(count_++, false, row.warn, row.label, &row.value);
    }
  }
  if (dropped > 0) {
    const DiagnosticValue n(static_cast<double>(dropped));
    set_row(count_++, false, true, "lines dropped", &n);
  }
  if (count_ == 0) return;

  const double px = overlay_font_px(style, height);
  if (!font_ || px != font_px_) {
    if (font_) cairo_scaled_font_destroy(font_);
    cairo_matrix_t size, identity;
    cairo_matrix_init_scale(&size, px, px);
    cairo_matrix_init_identity(&identity);
    font_ = cairo_scaled_font_create(overlay_font_face(), &size, &identity, overlay_font_options());
    font_px_ = px;
    for (Row& r : rows_)
      r.label_w = r.value_w = -1;
  }
  double label_w = 0, value_w = 0;
  for (std::size_t i = 0; i < count_; ++i) {
    Row& r = rows_[i];
    if (r.label_w < 0) r.label_w = advance(font_, r.label);
    if (r.value_w < 0) r.value_w = advance(font_, r.value);
    label_w = std::max(label_w, r.title ? 0 : r.label_w);
    value_w = std::max(value_w, r.value_w);
  }
  for (std::size_t i = 0; i < count_; ++i) {
    if (rows_[i].title) label_w = std::max(label_w, rows_[i].label_w - value_w);
  }

  const double line_h = std::round(px * style.line_spacing);
  const double pad = std::round(px * style.padding_em);
  const double margin = std::round(px * style.margin_em);
  const double gap = std::round(px * style.debug_column_gap_em);
  const double w =
      std::min(std::ceil(2 * pad + label_w + gap + value_w), std::max(0.0, width - 2 * margin));
  const double h =
      std::min(2 * pad + static_cast<double>(count_) * line_h, std::max(0.0, height - 2 * margin));
  if (w <= 0 || h <= 0) return;
  const bool right =
      style.debug_corner == Corner::kTopRight || style.debug_corner == Corner::kBottomRight;
  const bool bottom =
      style.debug_corner == Corner::kBottomLeft || style.debug_corner == Corner::kBottomRight;
  const double x = right ? width - margin - w : margin;
  const double y = bottom ? height - margin - h : margin;

  const CairoSavedState saved(cr);
  cairo_rectangle(cr, x, y, w, h);
  cairo_clip(cr);
  colour(cr, style.panel);
  cairo_paint(cr);
  colour(cr, style.panel_edge);
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, x + 0.5, y + 0.5, w - 1, h - 1);
  cairo_stroke(cr);
  cairo_set_scaled_font(cr, font_);
  cairo_font_extents_t fe;
  cairo_scaled_font_extents(font_, &fe);
  const double baseline = std::round((line_h - (fe.ascent + fe.descent)) / 2 + fe.ascent);
  for (std::size_t i = 0; i < count_; ++i) {
    const Row& r = rows_[i];
    const double top = y + pad + static_cast<double>(i) * line_h;
    if (r.title) {
      colour(cr, style.debug_title);
      cairo_move_to(cr, x + pad, top + baseline);
      cairo_show_text(cr, r.label.c_str());
      continue;
    }
    colour(cr, style.name_text);
    cairo_move_to(cr, x + pad, top + baseline);
    cairo_show_text(cr, r.label.c_str());
    colour(cr, r.warn ? style.debug_warn : style.value_text);
    cairo_move_to(cr, std::round(x + w - pad - r.value_w), top + baseline);
    cairo_show_text(cr, r.value.c_str());
  }
}

}  // namespace framecheck
