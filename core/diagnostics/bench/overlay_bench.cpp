// The overlay at 1920x1080 with 40 lines and a full graph: with the line cache, with every line
// formatted, measured and drawn afresh (the cache off), and a plain translucent fill of the same
// panel rectangle (the floor a translucent panel cannot go under), in the same binary.
#include <benchmark/benchmark.h>

#include <framecheck/diagnostics/diagnostics.hpp>
#include <framecheck/diagnostics/overlay.hpp>
#include <string>

#include "overlay_renderer.hpp"

namespace framecheck {
namespace {

struct Scene {
  Diagnostics diagnostics;
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1920, 1080);
  cairo_t* cr = cairo_create(surface);
  std::uint64_t frame = 0;

  Scene() {
    // 38 sources + the world line + the metrics line = 40 lines; two values change every frame.
    for (int i = 0; i < 38; ++i) {
      const std::string name = "source " + std::to_string(i);
      if (i == 0) {
        diagnostics.instance_registry().register_source(
            "frame", [this] { return static_cast<double>(frame); });
      } else if (i == 1) {
        diagnostics.instance_registry().register_source(
            "session time", [this] { return static_cast<double>(frame) / 60.0; });
      } else if (i % 3 == 0) {
        diagnostics.world_registry().register_source(name, [i] { return i * 1.5; });
      } else if (i % 3 == 1) {
        diagnostics.world_registry().register_source(name, [] { return "(155.0, 85.0)"; });
      } else {
        diagnostics.world_registry().register_source(name, [i] { return i % 2 == 0; });
      }
    }
    for (int i = 1; i <= 2400; ++i)
      diagnostics.window().add(FixedRate(240).end_of(i), 4.0 + (i % 7) * 0.5);
    diagnostics.set_enabled(true);
  }
  ~Scene() {
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
  }
};

void run(benchmark::State& state, bool cache) {
  Scene scene;
  OverlayRenderer renderer;
  renderer.set_cache_enabled(cache);
  for (auto _ : state) {
    ++scene.frame;
    cairo_save(scene.cr);
    renderer.draw(scene.cr, 1920, 1080, scene.diagnostics);
    cairo_restore(scene.cr);
    cairo_surface_flush(scene.surface);
  }
}

void BM_OverlayDrawCached(benchmark::State& state) {
  run(state, true);
}
BENCHMARK(BM_OverlayDrawCached)->Unit(benchmark::kMicrosecond);

void BM_OverlayDrawAfresh(benchmark::State& state) {
  run(state, false);
}
BENCHMARK(BM_OverlayDrawAfresh)->Unit(benchmark::kMicrosecond);

// The floor for a steady frame: a plain translucent fill of the panel's rectangle (the panel's
// own colour), the read-modify-write of the destination that any translucent panel costs.
void BM_PanelRectangleFill(benchmark::State& state) {
  Scene scene;
  const OverlayLayout layout = measure_overlay(scene.diagnostics, 1920, 1080);
  const Rgba c = scene.diagnostics.style().panel;
  for (auto _ : state) {
    cairo_save(scene.cr);
    cairo_set_source_rgba(scene.cr, c.r, c.g, c.b, c.a);
    cairo_rectangle(scene.cr, layout.panel.x, layout.panel.y, layout.panel.w, layout.panel.h);
    cairo_fill(scene.cr);
    cairo_restore(scene.cr);
    cairo_surface_flush(scene.surface);
  }
  state.counters["panel_w"] = layout.panel.w;
  state.counters["panel_h"] = layout.panel.h;
}
BENCHMARK(BM_PanelRectangleFill)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace framecheck
