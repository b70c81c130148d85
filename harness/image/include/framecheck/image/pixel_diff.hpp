// The perceptual pixel diff: counts exactly what pixelmatch 7.2.0 counts.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <framecheck/image/image.hpp>
#include <framecheck/image/palette_picture.hpp>
#include <optional>
#include <vector>

namespace framecheck {

// A rectangle of pixels left out of a comparison, corners included (odiff's x1:y1-x2:y2).
struct IgnoreRegion {
  int x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  friend bool operator==(const IgnoreRegion&, const IgnoreRegion&) = default;
};

// pixelmatch 7.2.0's options, with its defaults, and odiff's ignored regions.
struct DiffOptions {
  double threshold = 0.1;   // 0 to 1: the largest YIQ colour distance still called equal
  bool include_aa = false;  // count anti-aliased pixels as differences too
  double alpha = 0.1;       // opacity of the expected image, greyed, in the diff output
  std::array<std::uint8_t, 3> aa_color{255, 255, 0};
  std::array<std::uint8_t, 3> diff_color{255, 0, 0};
  std::optional<std::array<std::uint8_t, 3>> diff_color_alt;  // for pixels that got darker
  bool diff_mask = false;    // draw differences over transparency instead of the grey image
  bool checkerboard = true;  // blend translucent pixels over pixelmatch's pattern, else white
  // Regions that may legitimately vary (a clock, a seed shown on screen): never counted, and
  // painted in mask_color in the diff picture so a reviewer sees what was left out. With none,
  // the count and the picture are pixelmatch's exactly.
  std::vector<IgnoreRegion> ignore;
  std::array<std::uint8_t, 3> mask_color{255, 0, 255};
};

// Counts the pixels of `actual` that differ from `expected` beyond the threshold and are not
// anti-aliasing (unless include_aa). Both images must be the same size. When `diff_output` is
// given it is resized and receives pixelmatch's diff picture, byte for byte. It may be one of the
// inputs: with the same image twice, the picture is drawn over it in place (no second buffer).
//   Image diff;
//   std::size_t n = count_mismatched(golden, actual, &diff, {});
std::size_t count_mismatched(const Image& expected, const Image& actual, Image* diff_output,
                             const DiffOptions& options = {});

// The same, split by rows over `threads` threads (each pixel's result depends only on the two
// inputs, so the count and the picture are identical to the single-threaded ones).
std::size_t count_mismatched_parallel(const Image& expected, const Image& actual,
                                      Image* diff_output, const DiffOptions& options,
                                      unsigned threads);

// The palette the picture takes for `options`, the same for any images: the difference, the
// darker difference, anti-aliasing, the mask, the transparent background of a mask picture, and
// each grey at its own level. None where the greys leave no room (an alpha near 1 or outside
// 0..1): such a picture is drawn as RGBA.
std::optional<std::vector<std::uint32_t>> diff_palette(const DiffOptions& options);

// count_mismatched_parallel drawing the picture as palette indices (diff_palette(options)), the
// form a PNG stores: a quarter of the memory, and nothing to index when it is written. The same
// pixels as the RGBA picture; nullopt, and `picture` untouched, where the palette does not fit.
//   PalettePicture picture;
//   if (auto n = count_mismatched_palette(golden, actual, picture, {}, 2)) write_png(picture, p);
std::optional<std::size_t> count_mismatched_palette(const Image& expected, const Image& actual,
                                                    PalettePicture& picture,
                                                    const DiffOptions& options, unsigned threads);

}  // namespace framecheck
