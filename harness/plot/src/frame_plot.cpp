#include <cairo.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/diagnostics/overlay_font.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/plot/frame_plot.hpp>
#include <utility>
#include <vector>

namespace framecheck {
namespace {

// The plot shares the overlay's palette, so the two read as one tool.
const OverlayStyle kStyle;
constexpr Rgba kBackground{0.071, 0.078, 0.094, 1.0};
constexpr Rgba kGrid{1.0, 1.0, 1.0, 0.07};
constexpr Rgba kLevelMark{0.553, 0.792, 0.918, 0.55};
constexpr Rgba kP95{0.925, 0.937, 0.953, 0.70};  // near white: over the bars, not one of them
constexpr Rgba kP99{0.553, 0.792, 0.918, 1.0};   // the engine's calm blue
constexpr Rgba kLabelBack{0.071, 0.078, 0.094, 0.85};
constexpr int kWorstLabels = 3;        // the worst frames named on the plot
constexpr double kLabelSpacing = 160;  // px between two labels' frames, at least
constexpr double kFontPx = 13;
constexpr double kLeft = 64, kRight = 24, kTop = 44, kBottom = 36;

void colour(cairo_t* cr, const Rgba& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

std::string shortest(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

// A step of 1, 2 or 5 times a power of ten giving about `count` divisions of `span`.
double nice_step(double span, double count) {
  const double raw = span / count;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * power >= raw) return m * power;
  }
  return 10 * power;
}

// A frame's bar colour, as the overlay's graph colours it: within 16.7 ms, within 33.3, over.
const Rgba& bar_colour(double ms) {
  return ms <= kStyle.reference_ms[0]   ? kStyle.bar_ok
         : ms <= kStyle.reference_ms[1] ? kStyle.bar_slow
                                        : kStyle.bar_hitch;
}

void text(cairo_t* cr, double x, double y, const std::string& s, const Rgba& c, double align = 0) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  colour(cr, c);
  cairo_move_to(cr, std::round(x - e.x_advance * align), std::round(y));
  cairo_show_text(cr, s.c_str());
}

}  // namespace

std::string render_frame_plot(const FrameSeries& series, const PlotOptions& options) {
  const int W = options.width, H = options.height;
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
  cairo_t* cr = cairo_create(surface);
  cairo_set_font_face(cr, overlay_font_face());
  cairo_set_font_options(cr, overlay_font_options());
  cairo_set_font_size(cr, kFontPx);
  colour(cr, kBackground);
  cairo_paint(cr);

  const std::size_t n = series.sample_ms.size();
  const double max_sample =
      n ? *std::max_element(series.sample_ms.begin(), series.sample_ms.end()) : 0;
  const double step_ms = nice_step(std::max(max_sample, kStyle.graph_floor_ms) * 1.05, 6);
  const double top_ms =
      std::ceil(std::max(max_sample, kStyle.graph_floor_ms) * 1.05 / step_ms) * step_ms;
  const double px = kLeft, py = kTop, pw = W - kLeft - kRight, ph = H - kTop - kBottom;
  const auto y_of = [&](double ms) { return py + ph - std::min(ms / top_ms, 1.0) * ph; };
  const double seconds = static_cast<double>(n) / options.fps;

  // Title and legend.
  double worst_p99 = 0;
  for (double v : series.p99_ms)
    worst_p99 = std::max(worst_p99, v);
  text(cr, px, 26,
       options.title + "  " + std::to_string(n) + " frames, " + format_number(seconds) +
           " s; worst frame " + format_number(max_sample) + " ms, worst p99 " +
           format_number(worst_p99) + " ms",
       kStyle.world_text);
  // The legend, right-aligned: each entry in its own colour.
  double legend_x = W - kRight;
  const std::pair<const char*, Rgba> legend[] = {{"p99 (10 s window)", kP99},
                                                 {"p95", kP95},
                                                 {"frame over 33.3 ms", kStyle.bar_hitch},
                                                 {"over 16.7", kStyle.bar_slow},
                                                 {"within 16.7", kStyle.bar_ok}};
  for (const auto& [label, c] : legend) {
    cairo_text_extents_t e;
    cairo_text_extents(cr, label, &e);
    text(cr, legend_x, 26, label, c, 1);
    legend_x -= e.x_advance + 24;
  }

  // Horizontal grid with millisecond labels; vertical grid with seconds.
  cairo_set_line_width(cr, 1);
  for (double ms = 0; ms <= top_ms + 1e-9; ms += step_ms) {
    colour(cr, kGrid);
    cairo_move_to(cr, px, std::round(y_of(ms)) + 0.5);
    cairo_line_to(cr, px + pw, std::round(y_of(ms)) + 0.5);
    cairo_stroke(cr);
    text(cr, px - 8, y_of(ms) + 4, shortest(ms) + " ms", kStyle.label_text, 1);
  }
  if (n > 0) {
    const double step_s = nice_step(seconds, 10);
    for (double s = 0; s <= seconds + 1e-9; s += step_s) {
      const double x = std::round(px + s / seconds * pw) + 0.5;
      colour(cr, kGrid);
      cairo_move_to(cr, x, py);
      cairo_line_to(cr, x, py + ph);
      cairo_stroke(cr);
      text(cr, x, H - 14, shortest(s) + " s", kStyle.label_text, 0.5);
    }
  }
  const double dash[] = {4, 4};
  for (double ms : kStyle.reference_ms) {
    colour(cr, kStyle.reference_line);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, px, std::round(y_of(ms)) + 0.5);
    cairo_line_to(cr, px + pw, std::round(y_of(ms)) + 0.5);
    cairo_stroke(cr);
    cairo_set_dash(cr, nullptr, 0, 0);
    text(cr, px + pw - 4, y_of(ms) - 4, shortest(ms), kStyle.label_text, 1);
  }

  if (n > 0) {
    // A bar from 0 ms up to each frame's sample, as Tracy's and Unreal Insights' frame graphs
    // draw them. Where frames outnumber pixel columns, a column's bar is its worst frame, so a
    // stall is never averaged away; where columns outnumber frames, each frame is a bar as wide
    // as its share, with a gap once that is wide enough to see.
    const auto columns = static_cast<std::size_t>(pw);
    const auto first_of = [&](std::size_t c) { return c * n / columns; };
    const auto bar = [&](double x0, double x1, double ms) {
      const double top = std::min(std::floor(y_of(ms)), py + ph - 1);
      colour(cr, bar_colour(ms));
      cairo_rectangle(cr, x0, top, std::max(x1 - x0, 1.0), py + ph - top);
      cairo_fill(cr);
    };
    // A hitch's bar is at least this wide, drawn over its neighbours: it stands out at a glance
    // however many frames share a pixel.
    constexpr double kHitchWidth = 3;
    const auto hitch_bar = [&](double x0, double x1, double ms) {
      if (ms <= kStyle.reference_ms[1] || x1 - x0 >= kHitchWidth) return;
      const double mid = (x0 + x1) / 2;
      bar(std::floor(mid - kHitchWidth / 2), std::floor(mid - kHitchWidth / 2) + kHitchWidth, ms);
    };
    // The greatest of a series over the frames pixel column c covers.
    const auto column_max = [&](const std::vector<double>& values, std::size_t c) {
      const std::size_t from = first_of(c), to = std::max(first_of(c + 1), from + 1);
      double hi = 0;
      for (std::size_t i = from; i < std::min(to, n); ++i)
        hi = std::max(hi, values[i]);
      return hi;
    };
    struct Bar {
      double x0, x1, ms;  // [x0, x1) in pixels
    };
    std::vector<Bar> bars;
    double gap = 0;
    if (n <= columns) {
      const double w = pw / static_cast<double>(n);
      gap = w >= 3 ? 1 : 0;
      for (std::size_t i = 0; i < n; ++i) {
        bars.push_back({std::floor(px + static_cast<double>(i) * w),
                        std::floor(px + static_cast<double>(i + 1) * w), series.sample_ms[i]});
      }
    } else {
      for (std::size_t c = 0; c < columns; ++c) {
        bars.push_back({px + static_cast<double>(c), px + static_cast<double>(c) + 1,
                        column_max(series.sample_ms, c)});
      }
    }
    for (const Bar& b : bars)
      bar(b.x0, b.x1 - gap, b.ms);
    for (const Bar& b : bars)
      hitch_bar(b.x0, b.x1, b.ms);
    for (const auto* line : {&series.p95_ms, &series.p99_ms}) {
      colour(cr, line == &series.p95_ms ? kP95 : kP99);
      cairo_set_line_width(cr, 1.5);
      for (std::size_t c = 0; c < columns; ++c) {
        if (first_of(c) >= n) break;
        const double hi = column_max(*line, c);
        if (c == 0) {
          cairo_move_to(cr, px + static_cast<double>(c) + 0.5, y_of(hi));
        } else {
          cairo_line_to(cr, px + static_cast<double>(c) + 0.5, y_of(hi));
        }
      }
      cairo_stroke(cr);
    }
    // Where each level opened.
    cairo_set_line_width(cr, 1);
    for (const auto& [frame, level] : series.levels) {
      const double x =
          std::round(px + static_cast<double>(frame - 1) / static_cast<double>(n) * pw) + 0.5;
      colour(cr, kLevelMark);
      cairo_set_dash(cr, dash, 2, 0);
      cairo_move_to(cr, x, py);
      cairo_line_to(cr, x, py + ph);
      cairo_stroke(cr);
      cairo_set_dash(cr, nullptr, 0, 0);
      text(cr, x + 4, py + 14, level, kStyle.world_text);
    }
    // The worst frames named: the worst always, then the next worst hitches, each far enough
    // from the others that their labels never meet.
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
      order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return series.sample_ms[a] > series.sample_ms[b];
    });
    std::vector<double> labelled;
    for (const std::size_t i : order) {
      if (labelled.size() == kWorstLabels) break;
      const double ms = series.sample_ms[i];
      if (!labelled.empty() && ms <= kStyle.reference_ms[1]) break;
      const double x = px + (static_cast<double>(i) + 0.5) / static_cast<double>(n) * pw;
      if (std::any_of(labelled.begin(), labelled.end(),
                      [&](double other) { return std::fabs(other - x) < kLabelSpacing; }))
        continue;
      labelled.push_back(x);
      const std::string label = "frame " + std::to_string(i + 1) + ": " + format_number(ms) + " ms";
      cairo_text_extents_t e;
      cairo_text_extents(cr, label.c_str(), &e);
      const double left = std::clamp(x - e.x_advance / 2, px + 2, px + pw - e.x_advance - 2);
      const double baseline = std::max(std::floor(y_of(ms)) - 6, py + 14);
      colour(cr, kLabelBack);
      cairo_rectangle(cr, std::round(left) - 3, baseline - 12, std::round(e.x_advance) + 6, 16);
      cairo_fill(cr);
      text(cr, left, baseline, label, bar_colour(ms));
    }
  }

  cairo_destroy(cr);
  std::string png = encode_png(surface);
  cairo_surface_destroy(surface);
  return png;
}

}  // namespace framecheck
