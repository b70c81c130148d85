// Writes the image benchmarks' arena frames (harness/image/bench/data), each with its overlay:
// at 1920x1080, 600 and 660 frames in (a pair a second apart, as a game's CI compares them), and
// at 3840x2160, 600 frames in (a UI-like frame to decode).
//   make_bench_frames OUT_DIR
#include <cstdio>
#include <filesystem>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/drive/driver.hpp>

#include "arena.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_bench_frames OUT_DIR\n");
    return 2;
  }
  struct Frame {
    const char* name;
    int width, height, frames;
  };
  for (const Frame f : {Frame{"arena_frame_0600.png", 1920, 1080, 600},
                        Frame{"arena_frame_0660.png", 1920, 1080, 660},
                        Frame{"arena_frame_4k_0600.png", 3840, 2160, 600}}) {
    framecheck::games::Arena game;
    framecheck::Driver driver(game, {.run = [&f](framecheck::RunSpec& r) {
                                r.surface_width = f.width;
                                r.surface_height = f.height;
                              }});
    driver.diagnostics().set_enabled(true);
    driver.step(f.frames);
    const framecheck::Status written =
        framecheck::write_png(driver.render(), std::filesystem::path(argv[1]) / f.name);
    if (!written) {
      std::fprintf(stderr, "make_bench_frames: %s\n", written.error().message().c_str());
      return 2;
    }
  }
  return 0;
}
