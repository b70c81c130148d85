// framecheck's PNG reader (its libdeflate fast path, libpng for the rest) against libspng, the
// other decoder worth choosing, in one process on the same
// bytes: a 3840x2160 arena frame (UI-like, compressible) and a photo-like frame. Each decoder's
// benchmark also counts how many files of the pngjs-checked corpus it decodes to pngjs's exact
// bytes ("exact" of "files"): speed only counts for a decoder that is exact.
#include <benchmark/benchmark.h>
#include <spng.h>

#include <filesystem>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <nlohmann/json.hpp>
#include <optional>

#include "bench_frames.hpp"
#include "photo_like.hpp"
#include "vector_hash.hpp"

namespace framecheck {
namespace {

const std::filesystem::path kCorpus = FRAMECHECK_PNG_CORPUS_DIR;

std::string ui_frame() {
  std::string bytes = arena_frame_png("arena_frame_4k_0600.png");
  if (!bench_smoke()) return bytes;
  Result<Image> image = decode_png(bytes, "arena_frame_4k_0600.png");
  if (!image) throw std::runtime_error(image.error().message());
  return encode_png(top_left(*image, kSmokeWidth, kSmokeHeight));
}

std::string photo_frame() {
  return encode_png(photo_like(bench_width(3840), bench_height(2160)));
}

const std::string& frame(int which) {
  static const std::string ui = ui_frame();
  static const std::string photo = photo_frame();
  return which == 0 ? ui : photo;
}

std::optional<Image> decode_spng(const std::string& bytes) {
  spng_ctx* ctx = spng_ctx_new(0);
  spng_set_png_buffer(ctx, bytes.data(), bytes.size());
  std::size_t size = 0;
  spng_ihdr ihdr{};
  std::optional<Image> out;
  if (spng_get_ihdr(ctx, &ihdr) == 0 && spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &size) == 0) {
    out.emplace(static_cast<int>(ihdr.width), static_cast<int>(ihdr.height));
    if (spng_decode_image(ctx, out->rgba.data(), size, SPNG_FMT_RGBA8, SPNG_DECODE_TRNS) != 0)
      out.reset();
  }
  spng_ctx_free(ctx);
  return out;
}

// How many corpus files `decode` gives pngjs's exact bytes for.
template <class Decode>
void count_exact(benchmark::State& state, Decode decode) {
  Result<std::string> text = read_input_file(kCorpus / "expected.json", 1 << 20, "vectors");
  if (!text) return;
  const nlohmann::json vectors = nlohmann::json::parse(*text);
  int exact = 0;
  for (const nlohmann::json& r : vectors["results"]) {
    Result<std::string> bytes =
        read_input_file(kCorpus / r["file"].get<std::string>(), 1 << 20, "a PNG");
    if (!bytes) continue;
    const std::optional<Image> image = decode(*bytes);
    exact += image && testing::fnv1a_hex(image->rgba) == r["rgba_fnv1a"] ? 1 : 0;
  }
  state.counters["exact"] = exact;
  state.counters["files"] = static_cast<double>(vectors["results"].size());
}

void BM_DecodeFramecheck(benchmark::State& state) {
  const std::string& bytes = frame(static_cast<int>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(decode_png(bytes, "frame"));
  count_exact(state, [](const std::string& b) -> std::optional<Image> {
    Result<Image> r = decode_png(b, "corpus");
    return r ? std::optional<Image>(std::move(*r)) : std::nullopt;
  });
  state.SetLabel(std::string(state.range(0) == 0 ? "ui" : "photo") +
                 (bench_smoke() ? " (smoke)" : " 4K"));
}

void BM_DecodeLibspng(benchmark::State& state) {
  const std::string& bytes = frame(static_cast<int>(state.range(0)));
  for (auto _ : state)
    benchmark::DoNotOptimize(decode_spng(bytes));
  count_exact(state, decode_spng);
  state.SetLabel(std::string(state.range(0) == 0 ? "ui" : "photo") +
                 (bench_smoke() ? " (smoke)" : " 4K"));
}

BENCHMARK(BM_DecodeFramecheck)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeLibspng)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace framecheck
