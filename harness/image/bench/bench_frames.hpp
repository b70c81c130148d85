// The benchmarks' arena frames, read from bench/data, where cases/games/arena/bench's
// make_bench_frames wrote them: runs of flat colour, soft edges, text.
#pragma once

#include <algorithm>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <stdexcept>
#include <string>

#include "bench_smoke.hpp"

namespace framecheck {

// A frame's PNG file as it was written (an encoder's own bytes, for the decoders to read).
inline std::string arena_frame_png(const std::string& name) {
  Result<std::string> bytes =
      read_input_file(std::string(FRAMECHECK_BENCH_DATA_DIR) + "/" + name, kMaxPngBytes, "a PNG");
  if (!bytes) throw std::runtime_error(bytes.error().message());
  return *std::move(bytes);
}

// The smoke pass's size for a benchmark's pictures: 320x180, a game's smallest golden.
constexpr int kSmokeWidth = 320, kSmokeHeight = 180;

// The top left of `image`, at most `width` x `height`.
inline Image top_left(const Image& image, int width, int height) {
  Image out(std::min(width, image.width), std::min(height, image.height));
  const auto row = static_cast<std::size_t>(out.width) * 4;
  for (int y = 0; y < out.height; ++y)
    std::copy_n(image.rgba.begin() +
                    static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * image.width * 4),
                row, out.rgba.begin() + static_cast<std::ptrdiff_t>(y * row));
  return out;
}

// A picture of `width` x `height`, or the smoke pass's size.
inline int bench_width(int width) {
  return bench_smoke() ? kSmokeWidth : width;
}
inline int bench_height(int height) {
  return bench_smoke() ? kSmokeHeight : height;
}

// A 1920x1080 frame 600 or 660 frames in: a pair a second apart, as a game's CI compares them
// (its top left in the smoke pass).
inline Image arena_frame(int frames) {
  const std::string name = frames == 600 ? "arena_frame_0600.png" : "arena_frame_0660.png";
  Result<Image> image = decode_png(arena_frame_png(name), name);
  if (!image) throw std::runtime_error(image.error().message());
  if (bench_smoke()) return top_left(*image, kSmokeWidth, kSmokeHeight);
  return *std::move(image);
}

}  // namespace framecheck
