// pixelmatch 7.2.0's main loop (ISC licence, by Volodymyr Agafonkin), line for line, so that
// counts and diff pictures agree with it exactly; its arithmetic is in pixelmatch_colour.hpp and
// its anti-aliasing detector in antialiasing.cpp.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <framecheck/image/pixel_diff.hpp>
#include <optional>
#include <thread>
#include <vector>

#include "antialiasing.hpp"
#include "colour_deltas.hpp"
#include "grey_picture.hpp"
#include "pixel_diff_kernel.hpp"
#include "pixel_diff_sse2.hpp"
#include "pixelmatch_colour.hpp"
#include "sibling_rows.hpp"

namespace framecheck {
namespace {

using pixelmatch::color_delta;
using pixelmatch::word;

void draw_pixel(std::uint8_t* out, std::size_t pos, const std::array<std::uint8_t, 3>& c) {
  out[pos] = c[0];
  out[pos + 1] = c[1];
  out[pos + 2] = c[2];
  out[pos + 3] = 255;
}

// The first pixel in [i, end) where the two images differ, or end. Equal pixels have a delta of
// 0, which no threshold counts, so the main loop may step over them: sixteen bytes at a time
// with a vector kernel, where a pair of frames is mostly equal.
std::size_t next_difference(SimdKernel kernel, const std::uint8_t* img1, const std::uint8_t* img2,
                            std::size_t i, std::size_t end) {
#ifdef FRAMECHECK_SIMD_X86
  if (kernel != SimdKernel::kScalar) i = detail::next_difference_sse2(img1, img2, i, end);
#endif
  (void)kernel;
  while (i < end && word(img1, i) == word(img2, i))
    ++i;
  return i;
}

bool same_pixels(const Image& a, const Image& b) {
  return &a == &b || std::memcmp(a.rgba.data(), b.rgba.data(), a.pixels() * 4) == 0;
}

// The ignored regions as a byte a pixel (1 where any region covers it), built in one sweep down
// the rows: each region enters and leaves a running count of columns once, so the cost is the
// regions plus the pixels, however many regions there are and however they overlap. Empty when
// there are none.
std::vector<std::uint8_t> ignored_mask(const std::vector<IgnoreRegion>& regions, int width,
                                       int height) {
  std::vector<std::uint8_t> mask;
  if (regions.empty() || width <= 0 || height <= 0) return mask;
  struct Edge {
    int y, x1, x2, change;
  };
  std::vector<Edge> edges;
  for (const IgnoreRegion& r : regions) {
    const int x1 = std::max(r.x1, 0), x2 = std::min(r.x2, width - 1);
    const int y1 = std::max(r.y1, 0), y2 = std::min(r.y2, height - 1);
    if (x1 > x2 || y1 > y2) continue;
    edges.push_back({y1, x1, x2, +1});
    edges.push_back({y2 + 1, x1, x2, -1});
  }
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return a.y < b.y; });
  mask.assign(static_cast<std::size_t>(width) * height, 0);
  std::vector<int> starts(static_cast<std::size_t>(width) + 1, 0);  // covering regions' edges
  std::size_t next = 0;
  for (int y = 0; y < height; ++y) {
    for (; next < edges.size() && edges[next].y == y; ++next) {
      starts[static_cast<std::size_t>(edges[next].x1)] += edges[next].change;
      starts[static_cast<std::size_t>(edges[next].x2) + 1] -= edges[next].change;
    }
    std::uint8_t* row = mask.data() + static_cast<std::size_t>(y) * width;
    int covering = 0;
    for (int x = 0; x < width; ++x) {
      covering += starts[static_cast<std::size_t>(x)];
      row[x] = covering > 0 ? 1 : 0;
    }
  }
  return mask;
}

// The palette picture's fixed indices; its greys are at their own levels, from kFirstGrey up.
constexpr std::uint8_t kDiffIndex = 0, kAltIndex = 1, kAaIndex = 2, kMaskIndex = 3, kClearIndex = 4;
constexpr int kFirstGrey = 5;

// Where match_range draws pixelmatch's picture: RGBA pixels (none when `out` is null).
struct RgbaCanvas {
  std::uint8_t* out;
  const DiffOptions& options;
  // By palette index: the difference, the darker difference, anti-aliasing, the mask.
  std::array<std::array<std::uint8_t, 3>, 4> colours = {
      options.diff_color, options.diff_color_alt.value_or(options.diff_color), options.aa_color,
      options.mask_color};

  bool drawing() const { return out != nullptr; }
  void background(SimdKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end) {
    if (!options.diff_mask) draw_grey(kernel, img, begin, end, options.alpha, out);
  }
  void paint(std::size_t i, int, std::uint8_t index) { draw_pixel(out, 4 * i, colours[index]); }
};

// Or palette indices, rows after their filter bytes; ranges of whole rows.
struct PaletteCanvas {
  std::uint8_t* rows;
  std::size_t width;
  const DiffOptions& options;

  bool drawing() const { return true; }
  void background(SimdKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end) {
    for (std::size_t at = begin; at < end; at += width) {
      std::uint8_t* row = rows + at / width * (width + 1);
      row[0] = 0;  // the row's filter: none
      if (options.diff_mask) {
        std::memset(row + 1, kClearIndex, width);
      } else {
        draw_grey_levels(kernel, img, at, at + width, options.alpha, row + 1);
      }
    }
  }
  void paint(std::size_t i, int y, std::uint8_t index) {
    rows[i + static_cast<std::size_t>(y) + 1] = index;
  }
};

// Paints the ignored pixels in the mask colour, over what was drawn.
template <class Canvas>
void paint_ignored(const Image& image, Canvas canvas, const std::vector<std::uint8_t>& mask) {
  if (!canvas.drawing() || mask.empty()) return;
  for (int y = 0; y < image.height; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * image.width;
    for (int x = 0; x < image.width; ++x) {
      if (mask[row + x] != 0) canvas.paint(row + x, y, kMaskIndex);
    }
  }
}

// Pixels [begin, end) of pixelmatch's main loop; `identical` says whether the whole images are.
template <class Canvas>
std::size_t match_range(SimdKernel kernel, const Image& expected, const Image& actual,
                        Canvas canvas, const DiffOptions& options, const std::uint8_t* ignore,
                        bool identical, std::size_t begin, std::size_t end) {
  const int width = expected.width;
  const int height = expected.height;
  const std::uint8_t* img1 = expected.rgba.data();
  const std::uint8_t* img2 = actual.rgba.data();
  // Every pixel starts as the faded grey; differences are drawn over it below.
  if (canvas.drawing()) canvas.background(kernel, img1, begin, end);
  if (identical || begin == end) return 0;
  const double max_delta = 35215 * options.threshold * options.threshold;
  std::size_t diff = 0;
  bool run1 = false, run2 = false;  // antialiased()'s hints, one per image
  SiblingRows siblings(img1, img2, width, height, kernel);
  // Pixels are judged in order, so their row is followed rather than divided out.
  std::size_t row_end = begin - begin % width;
  int y = static_cast<int>(begin / width) - 1;
  // A pixel over the threshold: anti-aliasing, or a difference.
  const auto judge = [&](std::size_t i, bool darker) {
    while (i >= row_end) {
      row_end += static_cast<std::size_t>(width);
      ++y;
    }
    const int x = static_cast<int>(i - (row_end - width));
    if (ignore != nullptr && ignore[i] != 0) return;  // painted after
    const bool excluded_aa =
        !options.include_aa && siblings.may_be_antialiased(x, y) &&
        (antialiased(kernel, img1, x, y, width, height, img1, img2, options.checkerboard, run1) ||
         antialiased(kernel, img2, x, y, width, height, img2, img1, options.checkerboard, run2));
    if (excluded_aa) {
      if (canvas.drawing() && !options.diff_mask) canvas.paint(i, y, kAaIndex);
    } else {
      if (canvas.drawing()) canvas.paint(i, y, darker ? kAltIndex : kDiffIndex);
      ++diff;
    }
  };
  for (std::size_t i = next_difference(kernel, img1, img2, begin, end); i < end;) {
    // Differences come in runs: a block of opaque pixels is judged at once where it can be.
    const DeltaBlock block =
        opaque_deltas_over(kernel, img1, img2, i, std::min(kDeltaBlock, end - i), max_delta);
    if (block.pixels == 0) {
      const double delta = color_delta(img1, img2, 4 * i, options.checkerboard);
      if (std::fabs(delta) > max_delta) judge(i, delta < 0);
      i = next_difference(kernel, img1, img2, i + 1, end);
      continue;
    }
    for (std::uint32_t over = block.over; over != 0; over &= over - 1) {
      const auto k = static_cast<unsigned>(__builtin_ctz(over));
      judge(i + k, (block.darker >> k & 1) != 0);
    }
    i = next_difference(kernel, img1, img2, i + block.pixels, end);
  }
  return diff;
}

// Rows of the images split over `threads` threads (each pixel's result depends only on the two
// inputs, so the count and the picture are the single thread's).
template <class Canvas>
std::size_t match_rows(SimdKernel kernel, const Image& expected, const Image& actual, Canvas canvas,
                       const DiffOptions& options, unsigned threads) {
  const bool identical = same_pixels(expected, actual);
  const std::vector<std::uint8_t> ignore =
      ignored_mask(options.ignore, expected.width, expected.height);
  const auto rows = static_cast<std::size_t>(expected.height);
  const auto width = static_cast<std::size_t>(expected.width);
  const auto used =
      static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(rows, 1)));
  std::vector<std::size_t> counts(used);
  std::vector<std::thread> workers;
  const auto run = [&](unsigned t) {
    counts[t] = match_range(kernel, expected, actual, canvas, options,
                            ignore.empty() ? nullptr : ignore.data(), identical,
                            rows * t / used * width, rows * (t + 1) / used * width);
  };
  for (unsigned t = 1; t < used; ++t)
    workers.emplace_back(run, t);
  run(0);
  for (std::thread& w : workers)
    w.join();
  paint_ignored(expected, canvas, ignore);
  std::size_t total = 0;
  for (std::size_t c : counts)
    total += c;
  return total;
}

// The picture's pixels: a new image, or the input itself when both inputs are that image (each
// pixel is then read before it is written, and nothing else is read).
std::uint8_t* prepare_output(const Image& expected, const Image& actual, Image* diff_output,
                             const DiffOptions& options) {
  if (diff_output == nullptr) return nullptr;
  const bool in_place = diff_output == &expected && diff_output == &actual;
  if (!in_place) *diff_output = Image(expected.width, expected.height);
  // pixelmatch draws every pixel unless it draws a mask; a mask starts transparent.
  if (options.diff_mask) std::memset(diff_output->rgba.data(), 0, diff_output->rgba.size());
  return diff_output->rgba.data();
}

// An output that is one input but not both is drawn apart and moved in at the end.
template <class Count>
std::size_t through_separate_output(const Image& expected, const Image& actual, Image* diff_output,
                                    Count count) {
  const bool aliased = diff_output == &expected || diff_output == &actual;
  if (!aliased || &expected == &actual) return count(diff_output);
  Image separate;
  const std::size_t n = count(&separate);
  *diff_output = std::move(separate);
  return n;
}

}  // namespace

std::size_t count_mismatched_with(SimdKernel kernel, const Image& expected, const Image& actual,
                                  Image* diff_output, const DiffOptions& options,
                                  unsigned threads) {
  return through_separate_output(expected, actual, diff_output, [&](Image* output) {
    const RgbaCanvas canvas{prepare_output(expected, actual, output, options), options};
    return match_rows(kernel, expected, actual, canvas, options, threads);
  });
}

std::size_t count_mismatched(const Image& expected, const Image& actual, Image* diff_output,
                             const DiffOptions& options) {
  return count_mismatched_with(detail::best_simd_kernel(), expected, actual, diff_output, options,
                               1);
}

std::size_t count_mismatched_parallel(const Image& expected, const Image& actual,
                                      Image* diff_output, const DiffOptions& options,
                                      unsigned threads) {
  return count_mismatched_with(detail::best_simd_kernel(), expected, actual, diff_output, options,
                               threads);
}

std::optional<std::vector<std::uint32_t>> diff_palette(const DiffOptions& options) {
  const auto word = [](const std::array<std::uint8_t, 3>& c, std::uint8_t a = 255) {
    const std::uint8_t bytes[4] = {c[0], c[1], c[2], a};
    std::uint32_t w;
    std::memcpy(&w, bytes, 4);
    return w;
  };
  const std::uint32_t black = word({0, 0, 0});
  std::vector<std::uint32_t> palette = {word(options.diff_color),
                                        word(options.diff_color_alt.value_or(options.diff_color)),
                                        word(options.aa_color), word(options.mask_color),
                                        options.diff_mask ? word({0, 0, 0}, 0) : black};
  if (options.diff_mask) return palette;
  // A grey is 255 + (Y - 255) * alpha * a / 255 with Y and a/255 in 0..1 of 255: never below
  // 255 (1 - alpha), less a step for rounding.
  if (!(options.alpha >= 0 && options.alpha <= 1)) return std::nullopt;
  const double lowest = std::floor(255 - 255 * options.alpha) - 1;
  if (lowest < kFirstGrey) return std::nullopt;
  palette.resize(256, black);  // levels no grey reaches are never drawn
  for (auto level = static_cast<int>(lowest); level < 256; ++level) {
    const auto l = static_cast<std::uint8_t>(level);
    palette[static_cast<std::size_t>(level)] = word({l, l, l});
  }
  return palette;
}

std::optional<std::size_t> count_mismatched_palette_with(SimdKernel kernel, const Image& expected,
                                                         const Image& actual,
                                                         PalettePicture& picture,
                                                         const DiffOptions& options,
                                                         unsigned threads) {
  std::optional<std::vector<std::uint32_t>> palette = diff_palette(options);
  if (!palette) return std::nullopt;
  picture.width = expected.width;
  picture.height = expected.height;
  picture.palette = std::move(*palette);
  picture.rows.resize(expected.pixels() + static_cast<std::size_t>(expected.height));
  const PaletteCanvas canvas{picture.rows.data(), static_cast<std::size_t>(expected.width),
                             options};
  return match_rows(kernel, expected, actual, canvas, options, threads);
}

std::optional<std::size_t> count_mismatched_palette(const Image& expected, const Image& actual,
                                                    PalettePicture& picture,
                                                    const DiffOptions& options, unsigned threads) {
  return count_mismatched_palette_with(detail::best_simd_kernel(), expected, actual, picture,
                                       options, threads);
}

}  // namespace framecheck
