// The overlay drawn into a game's own RGBA frame (draw_overlay_rgba), against converting the
// whole frame to Cairo's form and back, which is what it did before it converted only the corner
// the panel covers. Both at 640x360 and 1920x1080, in one run:
//   framecheck_diagnostics_bench --benchmark_filter=Rgba --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <framecheck/diagnostics/rgba_overlay.hpp>
#include <string>
#include <vector>

namespace framecheck {
namespace {

std::vector<std::uint8_t> opaque_frame(int width, int height) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4, 120);
  for (std::size_t i = 3; i < rgba.size(); i += 4)
    rgba[i] = 255;
  return rgba;
}

void BM_DrawOverlayRgba(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const int height = static_cast<int>(state.range(1));
  Diagnostics diagnostics;
  for (int i = 0; i < 8; ++i) {
    diagnostics.instance_registry().register_source("value " + std::to_string(i),
                                                    [i] { return i * 1.5; });
  }
  diagnostics.window().add(SimTime{16'666'667}, 4.0);
  diagnostics.set_enabled(true);
  std::vector<std::uint8_t> frame = opaque_frame(width, height);
  for (auto _ : state) {
    draw_overlay_rgba(diagnostics, frame, width, height);
    benchmark::DoNotOptimize(frame.data());
  }
}
BENCHMARK(BM_DrawOverlayRgba)->Args({640, 360})->Args({1920, 1080})->Unit(benchmark::kMicrosecond);

void BM_WholeRgbaFrameToCairoAndBack(benchmark::State& state) {
  std::vector<std::uint8_t> frame =
      opaque_frame(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  for (auto _ : state) {
    rgba_to_argb32(frame);
    argb32_to_rgba(frame);
    benchmark::DoNotOptimize(frame.data());
  }
}
BENCHMARK(BM_WholeRgbaFrameToCairoAndBack)
    ->Args({640, 360})
    ->Args({1920, 1080})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace framecheck
