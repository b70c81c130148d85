#include "overlay_renderer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <framecheck/diagnostics/overlay_font.hpp>
#include <optional>

namespace framecheck {
namespace {

void set_colour(cairo_t* cr, const Rgba& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

cairo_scaled_font_t* make_font(double px) {
  cairo_matrix_t size, identity;
  cairo_matrix_init_scale(&size, px, px);
  cairo_matrix_init_identity(&identity);
  return cairo_scaled_font_create(overlay_font_face(), &size, &identity, overlay_font_options());
}

// A reference line's label in its shortest form: "16.7", not the panel's "16.700".
std::string label_for(double ms) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, ms);
  return std::string(buf, end);
}

// Readings equal as the panel shows them: NaN shows as "NaN" whatever its bits.
bool same_reading(const DiagnosticReading& a, const DiagnosticReading& b) {
  if (a.name != b.name || a.value.has_value() != b.value.has_value()) return false;
  if (!a.value) return a.error == b.error;
  if (a.value->is_number() && b.value->is_number() && std::isnan(a.value->as_number()) &&
      std::isnan(b.value->as_number())) {
    return true;
  }
  return *a.value == *b.value;
}

}  // namespace

OverlayRenderer::~OverlayRenderer() {
  if (panel_cr_) cairo_destroy(panel_cr_);
  if (panel_surface_) cairo_surface_destroy(panel_surface_);
  if (font_) cairo_scaled_font_destroy(font_);
  if (label_font_) cairo_scaled_font_destroy(label_font_);
}

void OverlayRenderer::set_engine_line(std::size_t i, const std::string& text) {
  Line& line = lines_[i];
  if (cache_enabled_ && line.kind == LineKind::kEngine && line.head.empty() && line.body == text)
    return;
  line.kind = LineKind::kEngine;
  line.head.clear();
  line.body.assign(text);
  line.dirty = true;
}

void OverlayRenderer::collect_lines(Diagnostics& diagnostics) {
  diagnostics.read_reusing(readings_);
  const std::size_t n = readings_.size();
  if (lines_.size() != n + 2) {
    lines_.resize(n + 2);
    for (Line& line : lines_)
      line.dirty = true;
  }
  shown_.resize(n);

  const WorldLine w = diagnostics.world_line();
  scratch_.clear();
  append_world_line(scratch_, w.level, w.phase, w.actors);
  set_engine_line(0, scratch_);

  for (std::size_t i = 0; i < n; ++i) {
    const DiagnosticReading& r = readings_[i];
    Line& line = lines_[i + 1];
    if (cache_enabled_ && !line.dirty && same_reading(r, shown_[i])) continue;
    shown_[i] = r;
    line.kind = r.ok() ? LineKind::kValue : LineKind::kError;
    line.head.assign(r.name);
    line.head += ": ";
    line.body.clear();
    if (r.ok()) {
      append_value(line.body, *r.value);
    } else {
      line.body += *r.error;
    }
    line.dirty = true;
  }

  scratch_.clear();
  append_metrics(scratch_, diagnostics.metrics());
  set_engine_line(n + 1, scratch_);
}

void OverlayRenderer::prepare_font(const OverlayStyle& style, int height) {
  const double px = overlay_font_px(style, height);
  if (font_ && px == font_px_ && cache_enabled_) return;
  if (font_) cairo_scaled_font_destroy(font_);
  if (label_font_) cairo_scaled_font_destroy(label_font_);
  font_px_ = px;
  font_ = make_font(px);
  label_font_ = make_font(std::max(style.min_label_px, std::round(px * style.label_scale)));
  for (Line& line : lines_)
    line.dirty = true;
}

void OverlayRenderer::shape(Line& line) {
  // UTF-8 to positioned glyphs, once per change of text; the glyph buffer is reused.
  const auto convert = [&](const std::string& text, double x, std::size_t at) -> double {
    cairo_glyph_t* glyphs = line.glyphs.data() + at;
    int count = static_cast<int>(line.glyphs.size() - at);
    cairo_scaled_font_text_to_glyphs(font_, x, 0, text.data(), static_cast<int>(text.size()),
                                     &glyphs, &count, nullptr, nullptr, nullptr);
    if (glyphs != line.glyphs.data() + at) {  // cairo needed a bigger buffer than ours
      line.glyphs.resize(at + static_cast<std::size_t>(count));
      std::memcpy(line.glyphs.data() + at, glyphs,
                  sizeof(cairo_glyph_t) * static_cast<std::size_t>(count));
      cairo_glyph_free(glyphs);
    }
    line.glyphs.resize(at + static_cast<std::size_t>(count));
    cairo_text_extents_t e;
    cairo_scaled_font_glyph_extents(font_, line.glyphs.data() + at, count, &e);
    return e.x_advance;
  };
  line.glyphs.resize(std::max(line.glyphs.capacity(), line.head.size() + line.body.size() + 1));
  line.head_width = convert(line.head, 0, 0);
  line.head_glyphs = static_cast<int>(line.glyphs.size());
  line.glyphs.resize(std::max(line.glyphs.capacity(), line.glyphs.size() + line.body.size() + 1));
  line.width = line.head_width +
               convert(line.body, line.head_width, static_cast<std::size_t>(line.head_glyphs));
  line.dirty = false;
  line.drawn = false;
}

OverlayLayout OverlayRenderer::lay_out(int width, int height, const OverlayStyle& style) {
  prepare_font(style, height);
  double widest = 0;
  for (Line& line : lines_) {
    if (line.dirty) shape(line);
    widest = std::max(widest, line.width);
  }
  return layout_overlay(style, width, height, lines_.size(), widest);
}

OverlayLayout OverlayRenderer::measure(int width, int height, Diagnostics& diagnostics) {
  collect_lines(diagnostics);
  return lay_out(width, height, diagnostics.style());
}

namespace {

bool same_geometry(const OverlayLayout& a, const OverlayLayout& b) {
  const auto same = [](const PixelRect& x, const PixelRect& y) {
    return x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h;
  };
  return same(a.panel, b.panel) && same(a.text, b.text) && same(a.graph, b.graph) &&
         a.line_height == b.line_height && a.visible_lines == b.visible_lines &&
         a.padding == b.padding;
}

// Where a sample of `ms` reaches, from the graph's bottom, at a scale topped by top_ms.
double bar_height(double ms, double top_ms, double graph_h) {
  return std::round(std::clamp(ms / top_ms, 0.0, 1.0) * graph_h);
}

bool is_whole(double v) {
  return v == std::floor(v) && std::abs(v) < 1 << 30;
}

// The target's pixels where drawing them ourselves with pixman's arithmetic (pixel_over.hpp)
// gives exactly what Cairo would: an image target drawn at identity, the operator OVER, and `r`
// on whole pixels inside the target and inside one rectangle of the clip. Otherwise none, and
// Cairo draws.
std::optional<PixelRows> direct_pixels(cairo_t* cr, const PixelRect& r) {
  cairo_surface_t* target = cairo_get_group_target(cr);
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS || cairo_get_operator(cr) != CAIRO_OPERATOR_OVER ||
      cairo_surface_get_type(target) != CAIRO_SURFACE_TYPE_IMAGE)
    return std::nullopt;
  const cairo_format_t format = cairo_image_surface_get_format(target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) return std::nullopt;
  cairo_matrix_t m;
  cairo_get_matrix(cr, &m);
  double offset_x = 0, offset_y = 0, scale_x = 1, scale_y = 1;
  cairo_surface_get_device_offset(target, &offset_x, &offset_y);
  cairo_surface_get_device_scale(target, &scale_x, &scale_y);
  if (m.xx != 1 || m.yx != 0 || m.xy != 0 || m.yy != 1 || m.x0 != 0 || m.y0 != 0 || offset_x != 0 ||
      offset_y != 0 || scale_x != 1 || scale_y != 1)
    return std::nullopt;
  if (!is_whole(r.x) || !is_whole(r.y) || !is_whole(r.w) || !is_whole(r.h) || r.x < 0 || r.y < 0 ||
      r.right() > cairo_image_surface_get_width(target) ||
      r.bottom() > cairo_image_surface_get_height(target))
    return std::nullopt;
  cairo_rectangle_list_t* clip = cairo_copy_clip_rectangle_list(cr);
  bool inside = false;
  if (clip->status == CAIRO_STATUS_SUCCESS) {
    for (int i = 0; i < clip->num_rectangles && !inside; ++i) {
      const cairo_rectangle_t& c = clip->rectangles[i];
      inside =
          c.x <= r.x && c.y <= r.y && c.x + c.width >= r.right() && c.y + c.height >= r.bottom();
    }
  }
  cairo_rectangle_list_destroy(clip);
  if (!inside) return std::nullopt;
  cairo_surface_flush(target);
  const int stride = cairo_image_surface_get_stride(target);
  return PixelRows{cairo_image_surface_get_data(target) +
                       static_cast<std::ptrdiff_t>(r.y) * stride +
                       static_cast<std::ptrdiff_t>(r.x) * 4,
                   stride};
}

// Tells Cairo the pixels of `r` were written behind its back.
void mark_drawn(cairo_t* cr, const PixelRect& r) {
  cairo_surface_mark_dirty_rectangle(cairo_get_group_target(cr), static_cast<int>(r.x),
                                     static_cast<int>(r.y), static_cast<int>(r.w),
                                     static_cast<int>(r.h));
}

// The premultiplied pixel Cairo makes of a colour, taken from Cairo itself: painted over one
// transparent pixel, OVER leaves exactly the source.
std::uint32_t cairo_pixel(const Rgba& c) {
  cairo_surface_t* one = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t* cr = cairo_create(one);
  set_colour(cr, c);
  cairo_paint(cr);
  cairo_destroy(cr);
  cairo_surface_flush(one);
  std::uint32_t pixel = 0;
  std::memcpy(&pixel, cairo_image_surface_get_data(one), 4);
  cairo_surface_destroy(one);
  return pixel;
}

}  // namespace

std::uint32_t OverlayRenderer::bar_pixel(int band, const Rgba& colour) {
  ColourPixel& cached = bar_pixels_[static_cast<std::size_t>(band)];
  const Rgba& c = cached.colour;
  if (!cached.valid || c.r != colour.r || c.g != colour.g || c.b != colour.b || c.a != colour.a)
    cached = {colour, cairo_pixel(colour), true};
  return cached.pixel;
}

void OverlayRenderer::render_panel(const OverlayLayout& l, const OverlayStyle& style,
                                   double top_ms) {
  cairo_t* cr = panel_cr_;
  if (!panel_surface_ || !cache_enabled_ || !same_geometry(l, panel_layout_)) {
    // A new geometry: a new image with its background and edge, and everything on it to draw.
    if (panel_cr_) cairo_destroy(panel_cr_);
    if (panel_surface_) cairo_surface_destroy(panel_surface_);
    panel_surface_ =
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(std::ceil(l.panel.w)),
                                   static_cast<int>(std::ceil(l.panel.h)));
    panel_cr_ = cr = cairo_create(panel_surface_);
    cairo_translate(cr, -l.panel.x, -l.panel.y);  // draw in surface coordinates, like the frame
    panel_layout_ = l;
    panel_top_ms_ = -1;
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    set_colour(cr, style.panel);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    set_colour(cr, style.panel_edge);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, l.panel.x + 0.5, l.panel.y + 0.5, l.panel.w - 1, l.panel.h - 1);
    cairo_stroke(cr);
    cairo_font_extents_t fe;
    cairo_scaled_font_extents(font_, &fe);
    // Centre the glyphs' ascent-to-descent box in each line's pitch, on a whole pixel.
    baseline_ = std::round((l.line_height - (fe.ascent + fe.descent)) / 2 + fe.ascent);
    for (Line& line : lines_)
      line.drawn = false;
  }

  cairo_set_scaled_font(cr, font_);
  for (std::size_t i = 0; i < l.visible_lines; ++i) {
    Line& line = lines_[i];
    if (line.drawn) continue;
    // The row: from inside the left edge to the text column's right, one line pitch tall, cut at
    // the bottom of the text column. Repainted with the panel colour, then drawn.
    const double top = l.text.y + static_cast<double>(i) * l.line_height;
    const double bottom = std::min(top + l.line_height, l.text.bottom());
    cairo_save(cr);
    cairo_rectangle(cr, l.panel.x + 1, top, l.text.right() - l.panel.x - 1, bottom - top);
    cairo_clip(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    set_colour(cr, style.panel);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    if (line.kind == LineKind::kError) {
      // The mark sits in the padding, outside the text column, so a clipped line still shows it.
      set_colour(cr, style.error_mark);
      const double mark_w = std::max(2.0, std::round(l.padding * 0.35));
      cairo_rectangle(cr, l.panel.x + std::round((l.padding - mark_w) / 2), top + 2, mark_w,
                      l.line_height - 4);
      cairo_fill(cr);
    }
    cairo_rectangle(cr, l.text.x, top, l.text.w, bottom - top);
    cairo_clip(cr);
    cairo_translate(cr, l.text.x, top + baseline_);
    if (line.head_glyphs > 0) {
      set_colour(cr, style.name_text);
      cairo_show_glyphs(cr, line.glyphs.data(), line.head_glyphs);
    }
    set_colour(cr, line.kind == LineKind::kEngine  ? style.world_text
                   : line.kind == LineKind::kError ? style.error_text
                                                   : style.value_text);
    cairo_show_glyphs(cr, line.glyphs.data() + line.head_glyphs,
                      static_cast<int>(line.glyphs.size()) - line.head_glyphs);
    cairo_restore(cr);
    line.drawn = true;
  }

  const PixelRect g = l.graph;
  if (g.w > 0 && g.h > 0 && top_ms != panel_top_ms_) {
    // The graph's background and its labels, which move only when the scale does.
    panel_top_ms_ = top_ms;
    cairo_save(cr);
    cairo_rectangle(cr, g.x, g.y, g.w, g.h);
    cairo_clip(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    set_colour(cr, style.panel);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    set_colour(cr, style.graph_back);
    cairo_paint(cr);
    cairo_set_scaled_font(cr, label_font_);
    cairo_font_extents_t fe;
    cairo_scaled_font_extents(label_font_, &fe);
    for (double ms : style.reference_ms) {
      const double y = g.bottom() - bar_height(ms, top_ms, g.h) + 0.5;
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
    cairo_restore(cr);
  }
  cairo_surface_flush(panel_surface_);
}

void OverlayRenderer::draw(cairo_t* cr, int width, int height, Diagnostics& diagnostics) {
  collect_lines(diagnostics);
  const OverlayStyle& style = diagnostics.style();
  const OverlayLayout l = lay_out(width, height, style);
  if (l.panel.w < 1 || l.panel.h < 1) return;
  const double top_ms = std::max(diagnostics.window().max_ms(), style.graph_floor_ms);
  render_panel(l, style, top_ms);
  cairo_rectangle(cr, l.panel.x, l.panel.y, l.panel.w, l.panel.h);
  cairo_clip(cr);
  const std::optional<PixelRows> direct = direct_pixels(cr, l.panel);
  if (direct && cairo_image_surface_get_width(panel_surface_) == l.panel.w &&
      cairo_image_surface_get_height(panel_surface_) == l.panel.h) {
    composite_over(*direct, cairo_image_surface_get_data(panel_surface_),
                   cairo_image_surface_get_stride(panel_surface_), static_cast<int>(l.panel.w),
                   static_cast<int>(l.panel.h));
    mark_drawn(cr, l.panel);
  } else {
    cairo_set_source_surface(cr, panel_surface_, l.panel.x, l.panel.y);
    cairo_paint(cr);
  }
  if (l.graph.w > 0 && l.graph.h > 0) draw_bars(cr, l, style, diagnostics.window(), top_ms, direct);
}

void OverlayRenderer::draw_bars(cairo_t* cr, const OverlayLayout& l, const OverlayStyle& style,
                                const FrameWindow& window, double top_ms,
                                std::optional<PixelRows> panel) {
  const PixelRect g = l.graph;
  // One column per sample, oldest at the left. Where samples outnumber the graph's pixels, each
  // pixel column shows the largest sample it covers, so a one-frame hitch is never averaged away.
  const std::size_t n = window.size();
  const auto pixels = static_cast<std::size_t>(g.w);
  const std::size_t columns = std::min(n, pixels);
  const Rgba* colours[3] = {&style.bar_ok, &style.bar_slow, &style.bar_hitch};
  const auto column_ms = [&](std::size_t c) {
    double ms = 0;
    for (std::size_t i = c * n / columns; i < (c + 1) * n / columns; ++i)
      ms = std::max(ms, window.sample(i));
    return ms;
  };
  const auto band_of = [&](double ms) {
    return ms <= style.reference_ms[0] ? 0 : ms <= style.reference_ms[1] ? 1 : 2;
  };
  const auto column_x = [&](std::size_t c) {
    return g.x + std::floor(static_cast<double>(c * pixels) / static_cast<double>(columns));
  };
  // The graph lies inside the panel, so where the panel's pixels are ours, so are its.
  const PixelRect& p = l.panel;
  if (panel && is_whole(g.x) && is_whole(g.y) && is_whole(g.w) && is_whole(g.h) && g.x >= p.x &&
      g.y >= p.y && g.right() <= p.right() && g.bottom() <= p.bottom()) {
    // Every bar is a box of whole pixels in a solid colour: composited here a row at a time,
    // each pixel as Cairo's fill of its box would.
    const std::uint32_t pixel[3] = {bar_pixel(0, *colours[0]), bar_pixel(1, *colours[1]),
                                    bar_pixel(2, *colours[2])};
    bar_heights_.assign(pixels, 0);
    bar_colours_.resize(pixels);
    for (std::size_t c = 0; c < columns; ++c) {
      const double ms = column_ms(c);
      const auto h = static_cast<std::int32_t>(bar_height(ms, top_ms, g.h));
      for (auto x = static_cast<std::size_t>(column_x(c) - g.x);
           x < static_cast<std::size_t>(column_x(c + 1) - g.x); ++x) {
        bar_heights_[x] = h;
        bar_colours_[x] = pixel[band_of(ms)];
      }
    }
    cairo_surface_flush(cairo_get_group_target(cr));  // Cairo may have drawn the panel
    composite_bars({panel->data + static_cast<std::ptrdiff_t>(g.y - p.y) * panel->stride +
                        static_cast<std::ptrdiff_t>(g.x - p.x) * 4,
                    panel->stride},
                   bar_colours_.data(), bar_heights_.data(), static_cast<int>(g.w),
                   static_cast<int>(g.h));
    mark_drawn(cr, g);
  } else {
    for (int pass = 0; pass < 3; ++pass) {  // one path and one fill per colour
      for (std::size_t c = 0; c < columns; ++c) {
        const double ms = column_ms(c);
        if (band_of(ms) != pass) continue;
        const double h = bar_height(ms, top_ms, g.h);
        cairo_rectangle(cr, column_x(c), g.bottom() - h, column_x(c + 1) - column_x(c), h);
      }
      set_colour(cr, *colours[pass]);
      cairo_fill(cr);
    }
  }
  // The reference lines over the bars, dashed.
  cairo_set_line_width(cr, 1);
  const double dash[] = {3, 3};
  set_colour(cr, style.reference_line);
  cairo_set_dash(cr, dash, 2, 0);
  for (double ms : style.reference_ms) {
    const double y = g.bottom() - bar_height(ms, top_ms, g.h) + 0.5;
    cairo_move_to(cr, g.x, y);
    cairo_line_to(cr, g.right(), y);
  }
  cairo_stroke(cr);
}

}  // namespace framecheck
