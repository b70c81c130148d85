#include <gtest/gtest.h>

#include <cstring>
#include <framecheck/diagnostics/overlay.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace framecheck {
namespace {

// An ARGB32 image filled with a pattern, so any pixel the overlay touches shows.
struct Canvas {
  cairo_surface_t* surface;
  cairo_t* cr;
  int width, height;
  Canvas(int w, int h) : width(w), height(h) {
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.2, 0.5, 0.3);
    cairo_paint(cr);
    cairo_surface_flush(surface);
  }
  ~Canvas() {
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
  }
  std::vector<unsigned char> bytes() {
    cairo_surface_flush(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    return {data, data + cairo_image_surface_get_stride(surface) * height};
  }
  std::uint32_t pixel(int x, int y) {
    cairo_surface_flush(surface);
    std::uint32_t p;
    std::memcpy(
        &p,
        cairo_image_surface_get_data(surface) + y * cairo_image_surface_get_stride(surface) + 4 * x,
        4);
    return p;
  }
};

void register_sample_sources(Diagnostics& d) {
  d.instance_registry().register_source("levels visited", [] { return 2; });
  d.instance_registry().register_source("session time", [] { return 12.0625; });
  d.world_registry().register_source("leader", [] { return "none"; });
  d.world_registry().register_source("alive", [] { return true; });
  d.world_registry().register_source("boss",
                                     []() -> int { throw std::runtime_error("boss not spawned"); });
  for (int i = 1; i <= 700; ++i)
    d.window().add(SimTime(i * 16'666'666LL), i % 97 == 0 ? 48.0 : 8 + i % 9);
}

TEST(Overlay, HiddenDrawsNothingAtAll) {
  Diagnostics d;
  register_sample_sources(d);
  Canvas canvas(320, 200);
  const auto before = canvas.bytes();
  d.draw(canvas.cr, canvas.width, canvas.height);
  EXPECT_EQ(canvas.bytes(), before);
}

TEST(Overlay, VisibleDrawsInsideThePanelOnly) {
  Diagnostics d;
  register_sample_sources(d);
  d.set_enabled(true);
  Canvas canvas(800, 600);
  const std::uint32_t background = canvas.pixel(799, 599);
  d.draw(canvas.cr, canvas.width, canvas.height);
  const OverlayLayout l = measure_overlay(d, 800, 600);
  int changed_inside = 0;
  for (int y = 0; y < 600; ++y) {
    for (int x = 0; x < 800; ++x) {
      const bool inside =
          x >= l.panel.x && x < l.panel.right() && y >= l.panel.y && y < l.panel.bottom();
      const bool changed = canvas.pixel(x, y) != background;
      if (!inside) {
        ASSERT_FALSE(changed) << "pixel outside the panel changed at " << x << "," << y;
      }
      changed_inside += changed;
    }
  }
  EXPECT_GT(changed_inside, l.panel.w * l.panel.h * 0.9);
}

struct CairoState {
  cairo_pattern_t* source;
  double r, g, b, a;
  cairo_font_face_t* font;
  cairo_matrix_t matrix, font_matrix;
  double clip[4];
  double line_width;
  cairo_operator_t op;

  static CairoState of(cairo_t* cr) {
    CairoState s{};
    s.source = cairo_get_source(cr);
    cairo_pattern_get_rgba(s.source, &s.r, &s.g, &s.b, &s.a);
    s.font = cairo_get_font_face(cr);
    cairo_get_matrix(cr, &s.matrix);
    cairo_get_font_matrix(cr, &s.font_matrix);
    cairo_clip_extents(cr, &s.clip[0], &s.clip[1], &s.clip[2], &s.clip[3]);
    s.line_width = cairo_get_line_width(cr);
    s.op = cairo_get_operator(cr);
    return s;
  }
  bool operator==(const CairoState& o) const {
    return source == o.source && r == o.r && g == o.g && b == o.b && a == o.a && font == o.font &&
           std::memcmp(&matrix, &o.matrix, sizeof matrix) == 0 &&
           std::memcmp(&font_matrix, &o.font_matrix, sizeof font_matrix) == 0 &&
           std::memcmp(clip, o.clip, sizeof clip) == 0 && line_width == o.line_width && op == o.op;
  }
};

TEST(Overlay, LeavesTheCairoStateAsItFoundItAlsoWithAThrowingSource) {
  Diagnostics d;
  register_sample_sources(d);
  d.set_enabled(true);
  Canvas canvas(640, 360);
  cairo_t* cr = canvas.cr;
  cairo_set_source_rgba(cr, 0.1, 0.2, 0.3, 0.4);
  cairo_select_font_face(cr, "serif", CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size(cr, 31);
  cairo_rectangle(cr, 10, 10, 500, 300);
  cairo_clip(cr);
  cairo_set_line_width(cr, 7);
  cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
  const CairoState before = CairoState::of(cr);
  d.draw(cr, canvas.width, canvas.height);
  EXPECT_EQ(cairo_status(cr), CAIRO_STATUS_SUCCESS);
  EXPECT_TRUE(CairoState::of(cr) == before);
}

TEST(Overlay, AValueOfTenThousandCharactersIsClampedToTheSurface) {
  Diagnostics d;
  d.instance_registry().register_source("long", [] { return std::string(10000, 'x'); });
  d.set_enabled(true);
  const OverlayLayout l = measure_overlay(d, 1280, 720);
  EXPECT_LE(l.panel.right(), 1280);
  EXPECT_GT(l.graph.w, 0) << "the graph was pushed off by a long line";
  Canvas canvas(1280, 720);
  d.draw(canvas.cr, 1280, 720);
  EXPECT_EQ(cairo_status(canvas.cr), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(canvas.pixel(1279, 700), canvas.pixel(1279, 719)) << "drawing reached the far edge";
}

TEST(Overlay, TinyAndLargeSurfacesKeepThePanelInside) {
  for (auto [w, h] : {std::pair{64, 48}, std::pair{3840, 2160}}) {
    Diagnostics d;
    register_sample_sources(d);
    d.set_enabled(true);
    const OverlayLayout l = measure_overlay(d, w, h);
    EXPECT_GE(l.panel.x, 0);
    EXPECT_LE(l.panel.right(), w);
    EXPECT_LE(l.panel.bottom(), h);
    Canvas canvas(w, h);
    d.draw(canvas.cr, w, h);
    EXPECT_EQ(cairo_status(canvas.cr), CAIRO_STATUS_SUCCESS);
  }
}

TEST(Overlay, DrawingTwiceGivesTheSameBytes) {
  Diagnostics d;
  register_sample_sources(d);
  d.set_enabled(true);
  Canvas a(640, 360), b(640, 360);
  d.draw(a.cr, 640, 360);
  d.draw(b.cr, 640, 360);
  EXPECT_EQ(a.bytes(), b.bytes());
}

// The panel is composited by the overlay's own OVER where the target allows it, and by Cairo
// otherwise: a clip that is not rectangles (a circle around the whole canvas) forces Cairo's path.
// Over a background of every colour, on both image formats, the two give the same bytes.
TEST(Overlay, CompositesThePanelExactlyAsCairoDoes) {
  for (const cairo_format_t format : {CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24}) {
    Diagnostics d;
    register_sample_sources(d);
    for (int i = 701; i <= 760; ++i)  // slow frames too: bars of all three colours
      d.window().add(SimTime(i * 16'666'666LL), 17 + i % 16);
    d.set_enabled(true);
    std::vector<std::vector<unsigned char>> drawn;
    for (const bool round_clip : {false, true}) {
      cairo_surface_t* surface = cairo_image_surface_create(format, 640, 360);
      unsigned char* data = cairo_image_surface_get_data(surface);
      const int stride = cairo_image_surface_get_stride(surface);
      for (int y = 0; y < 360; ++y)
        for (int x = 0; x < stride; ++x)
          data[y * stride + x] = static_cast<unsigned char>((x * 7 + y * 13) ^ (x * y));
      cairo_surface_mark_dirty(surface);
      cairo_t* cr = cairo_create(surface);
      if (round_clip) {
        cairo_arc(cr, 320, 180, 1000, 0, 2 * 3.14159265358979);
        cairo_clip(cr);
      }
      d.draw(cr, 640, 360);
      cairo_destroy(cr);
      cairo_surface_flush(surface);
      drawn.emplace_back(data, data + stride * 360);
      cairo_surface_destroy(surface);
    }
    EXPECT_EQ(drawn[0], drawn[1]) << (format == CAIRO_FORMAT_RGB24 ? "RGB24" : "ARGB32");
  }
}

TEST(Overlay, DrawReadsEachSourceOnce) {
  Diagnostics d;
  int reads = 0;
  d.instance_registry().register_source("count", [&] { return ++reads; });
  d.set_enabled(true);
  Canvas canvas(320, 200);
  d.draw(canvas.cr, 320, 200);
  EXPECT_EQ(reads, 1);
}

}  // namespace
}  // namespace framecheck
