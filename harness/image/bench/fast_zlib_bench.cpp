// The diff picture's compression, both compressors on the same bytes in one process: libdeflate's
// fastest level (what framecheck used before) against ISA-L's, whole and in parts on two threads
// (fast_zlib). The bytes are pixelmatch's picture of a pair as PNG rows of one byte a pixel, the
// grey level standing for the palette index (a one-to-one relabelling compresses to the same
// size), for a photo-like pair and for two arena frames a second apart, at 1080p.
#include <benchmark/benchmark.h>
#include <libdeflate.h>

#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <string>
#include <vector>

#include "bench_frames.hpp"
#include "fast_zlib.hpp"
#include "photo_like.hpp"

namespace framecheck {
namespace {

const int kWidth = bench_width(1920), kHeight = bench_height(1080);

// Each row's filter byte (0), then each pixel's first channel: grey for the faded picture, 255
// for red and yellow (told apart by their second channel).
std::vector<std::uint8_t> picture_rows(const Image& a, const Image& b) {
  Image diff;
  count_mismatched(a, b, &diff);
  std::vector<std::uint8_t> rows;
  rows.reserve(diff.pixels() + static_cast<std::size_t>(diff.height));
  for (std::size_t i = 0; i < diff.pixels(); ++i) {
    if (i % static_cast<std::size_t>(diff.width) == 0) rows.push_back(0);
    const std::uint8_t* p = diff.rgba.data() + 4 * i;
    rows.push_back(p[0] == 255 && p[1] != 255 ? static_cast<std::uint8_t>(p[1] / 2) : p[0]);
  }
  return rows;
}

const std::vector<std::uint8_t>& rows_of(int which) {
  static const std::vector<std::uint8_t> photo =
      picture_rows(photo_like(kWidth, kHeight), photo_like(kWidth, kHeight, 7));
  static const std::vector<std::uint8_t> frames = picture_rows(arena_frame(600), arena_frame(660));
  return which == 0 ? photo : frames;
}

void BM_PictureLibdeflateFastest(benchmark::State& state) {
  const std::vector<std::uint8_t>& rows = rows_of(static_cast<int>(state.range(0)));
  libdeflate_compressor* compressor = libdeflate_alloc_compressor(1);
  std::string out(libdeflate_zlib_compress_bound(compressor, rows.size()), '\0');
  std::size_t size = 0;
  for (auto _ : state) {
    size = libdeflate_zlib_compress(compressor, rows.data(), rows.size(), out.data(), out.size());
    benchmark::DoNotOptimize(size);
  }
  libdeflate_free_compressor(compressor);
  state.counters["bytes"] = static_cast<double>(size);
  state.SetLabel(state.range(0) == 0 ? "photo" : "arena");
}
BENCHMARK(BM_PictureLibdeflateFastest)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_PictureFastZlib(benchmark::State& state) {
  const std::vector<std::uint8_t>& rows = rows_of(static_cast<int>(state.range(0)));
  std::size_t size = 0;
  for (auto _ : state) {
    size = compress_zlib_fast(rows).size();
    benchmark::DoNotOptimize(size);
  }
  state.counters["bytes"] = static_cast<double>(size);
  state.SetLabel(state.range(0) == 0 ? "photo" : "arena");
}
BENCHMARK(BM_PictureFastZlib)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace framecheck
