// The benchmarks' arena frames, read from bench/data, where cases/games/arena/bench's
// make_bench_frames wrote them: runs of flat colour, soft edges, text.
#pragma once

#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <stdexcept>
#include <string>

namespace framecheck {

// A frame's PNG file as it was written (an encoder's own bytes, for the decoders to read).
inline std::string arena_frame_png(const std::string& name) {
  Result<std::string> bytes =
      read_input_file(std::string(FRAMECHECK_BENCH_DATA_DIR) + "/" + name, kMaxPngBytes, "a PNG");
  if (!bytes) throw std::runtime_error(bytes.error().message());
  return *std::move(bytes);
}

// A 1920x1080 frame 600 or 660 frames in: a pair a second apart, as a game's CI compares them.
inline Image arena_frame(int frames) {
  const std::string name = frames == 600 ? "arena_frame_0600.png" : "arena_frame_0660.png";
  Result<Image> image = decode_png(arena_frame_png(name), name);
  if (!image) throw std::runtime_error(image.error().message());
  return *std::move(image);
}

}  // namespace framecheck
