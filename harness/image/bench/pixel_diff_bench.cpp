// The diff's hot loops, each kernel on the same pixels in one process: pixelmatch's
// anti-aliasing detector, the rows that let the diff skip it, the diff picture's grey and the
// colour deltas, with each kernel (the first argument: 0 scalar, 1 SSE2, 2 AVX2); and the whole
// comparison on a photo-like and a UI-like 1080p pair.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <framecheck/image/pixel_diff.hpp>

#include "antialiasing.hpp"
#include "bench_frames.hpp"
#include "colour_deltas.hpp"
#include "grey_picture.hpp"
#include "photo_like.hpp"
#include "pixelmatch_colour.hpp"
#include "sibling_rows.hpp"

namespace framecheck {
namespace {

const int kWidth = bench_width(1920), kHeight = bench_height(1080);

struct Pair {
  Image a, b;
};

const Pair& pair(int which) {
  static const Pair photos{photo_like(kWidth, kHeight), photo_like(kWidth, kHeight, 7)};
  static const Pair frames{arena_frame(600), arena_frame(660)};
  return which == 0 ? photos : frames;
}

SimdKernel kernel_of(const benchmark::State& state) {
  return static_cast<SimdKernel>(state.range(0));
}

bool skip_unavailable(benchmark::State& state) {
  if (detail::simd_kernel_available(kernel_of(state))) return false;
  state.SkipWithError("this CPU lacks the kernel");
  return true;
}

// The detector asked about every pixel of both photos, as the diff asks about a differing one.
void BM_AntialiasedPhoto(benchmark::State& state) {
  if (skip_unavailable(state)) return;
  const Pair& p = pair(0);
  const std::uint8_t* a = p.a.rgba.data();
  const std::uint8_t* b = p.b.rgba.data();
  for (auto _ : state) {
    std::size_t yes = 0;
    bool run_a = false, run_b = false;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        yes += antialiased(kernel_of(state), a, x, y, kWidth, kHeight, a, b, true, run_a) ||
               antialiased(kernel_of(state), b, x, y, kWidth, kHeight, b, a, true, run_b);
      }
    }
    benchmark::DoNotOptimize(yes);
  }
  state.SetItemsProcessed(state.iterations() * kWidth * kHeight);
}
BENCHMARK(BM_AntialiasedPhoto)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// Every row of "three or more siblings in both images", for both pairs.
void BM_FlatInBothRows(benchmark::State& state) {
  if (skip_unavailable(state)) return;
  const Pair& p = pair(static_cast<int>(state.range(1)));
  std::vector<std::uint8_t> row(kWidth);
  for (auto _ : state) {
    for (int y = 0; y < kHeight; ++y)
      flat_in_both_row(kernel_of(state), p.a.rgba.data(), p.b.rgba.data(), y, kWidth, kHeight,
                       row.data());
    benchmark::DoNotOptimize(row.data());
  }
  state.SetItemsProcessed(state.iterations() * kWidth * kHeight);
}
BENCHMARK(BM_FlatInBothRows)->ArgsProduct({{0, 1, 2}, {0, 1}})->Unit(benchmark::kMillisecond);

// The diff picture's faded grey for a whole photo (no two neighbours alike) and a whole frame
// (runs of one colour), as RGBA pixels and as palette levels.
void BM_GreyPicture(benchmark::State& state) {
  if (skip_unavailable(state)) return;
  const Image& img = pair(static_cast<int>(state.range(1))).a;
  Image out(kWidth, kHeight);
  const bool levels = state.range(2) == 1;
  for (auto _ : state) {
    if (levels) {
      draw_grey_levels(kernel_of(state), img.rgba.data(), 0, img.pixels(), 0.1, out.rgba.data());
    } else {
      draw_grey(kernel_of(state), img.rgba.data(), 0, img.pixels(), 0.1, out.rgba.data());
    }
    benchmark::DoNotOptimize(out.rgba.data());
  }
  state.SetItemsProcessed(state.iterations() * kWidth * kHeight);
}
BENCHMARK(BM_GreyPicture)->ArgsProduct({{0, 1, 2}, {0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

// Every pixel of the photos judged against the default threshold: pixel by pixel with the scalar
// delta (the scalar and SSE2 kernels' way), or a block of opaque pixels at a time (AVX2).
void BM_DeltasOver(benchmark::State& state) {
  if (skip_unavailable(state)) return;
  const Pair& p = pair(0);
  const std::uint8_t* a = p.a.rgba.data();
  const std::uint8_t* b = p.b.rgba.data();
  const double max_delta = 35215 * 0.1 * 0.1;
  const std::size_t n = p.a.pixels();
  for (auto _ : state) {
    std::size_t over = 0;
    for (std::size_t i = 0; i < n;) {
      const DeltaBlock block =
          opaque_deltas_over(kernel_of(state), a, b, i, std::min(kDeltaBlock, n - i), max_delta);
      if (block.pixels == 0) {
        over += std::fabs(pixelmatch::color_delta(a, b, 4 * i, true)) > max_delta;
        ++i;
      } else {
        over += static_cast<std::size_t>(__builtin_popcount(block.over));
        i += block.pixels;
      }
    }
    benchmark::DoNotOptimize(over);
  }
  state.SetItemsProcessed(state.iterations() * kWidth * kHeight);
}
BENCHMARK(BM_DeltasOver)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The whole comparison on one thread (the fastest kernels), photos then arena frames: without a
// diff picture, with an RGBA one, and with a palette one.
void BM_CountMismatched(benchmark::State& state) {
  const Pair& p = pair(static_cast<int>(state.range(0)));
  Image diff;
  PalettePicture palette;
  for (auto _ : state) {
    if (state.range(1) == 2) {
      benchmark::DoNotOptimize(count_mismatched_palette(p.a, p.b, palette, {}, 1));
    } else {
      benchmark::DoNotOptimize(
          count_mismatched(p.a, p.b, state.range(1) == 1 ? &diff : nullptr, {}));
    }
  }
  state.SetItemsProcessed(state.iterations() * kWidth * kHeight);
}
BENCHMARK(BM_CountMismatched)->ArgsProduct({{0, 1}, {0, 1, 2}})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
