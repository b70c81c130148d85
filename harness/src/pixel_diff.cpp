// pixelmatch 7.2.0's main loop (ISC licence, by Volodymyr Agafonkin), line for line, so that
// counts and diff pictures agree with it exactly; its arithmetic is in pixelmatch_colour.hpp and
// its anti-aliasing detector in antialiasing.cpp.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <framecheck/pixel_diff.hpp>
#include <thread>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "antialiasing.hpp"
#include "grey_picture.hpp"
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
// 0, which no threshold counts, so the main loop may step over them: sixteen bytes at a time,
// where a pair of frames is mostly equal.
std::size_t next_difference(const std::uint8_t* img1, const std::uint8_t* img2, std::size_t i,
                            std::size_t end) {
#if defined(__SSE2__)
  for (; i + 4 <= end; i += 4) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img1 + 4 * i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(img2 + 4 * i));
    const unsigned equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)));
    if (equal != 0xffff) return i + static_cast<std::size_t>(__builtin_ctz(~equal)) / 4;
  }
#endif
  while (i < end && word(img1, i) == word(img2, i))
    ++i;
  return i;
}

bool ignored(const std::vector<IgnoreRegion>& regions, int x, int y) {
  for (const IgnoreRegion& r : regions) {
    if (x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2) return true;
  }
  return false;
}

// Paints the ignored regions (clipped to the image) in the mask colour, over what was drawn.
void paint_ignored(const Image& image, std::uint8_t* out, const DiffOptions& options) {
  if (out == nullptr) return;
  for (const IgnoreRegion& r : options.ignore) {
    for (int y = std::max(r.y1, 0); y <= std::min(r.y2, image.height - 1); ++y) {
      for (int x = std::max(r.x1, 0); x <= std::min(r.x2, image.width - 1); ++x)
        draw_pixel(out, (static_cast<std::size_t>(y) * image.width + x) * 4, options.mask_color);
    }
  }
}

// Pixels [begin, end) of pixelmatch's main loop; `identical` says whether the whole images are.
std::size_t match_range(const Image& expected, const Image& actual, std::uint8_t* out,
                        const DiffOptions& options, bool identical, std::size_t begin,
                        std::size_t end) {
  const int width = expected.width;
  const int height = expected.height;
  const std::uint8_t* img1 = expected.rgba.data();
  const std::uint8_t* img2 = actual.rgba.data();
  const VectorKernel kernel = best_vector_kernel();
  // Every pixel starts as the faded grey; differences are drawn over it below.
  if (out != nullptr && !options.diff_mask) draw_grey(kernel, img1, begin, end, options.alpha, out);
  if (identical) return 0;
  const double max_delta = 35215 * options.threshold * options.threshold;
  const auto& alt = options.diff_color_alt ? *options.diff_color_alt : options.diff_color;
  std::size_t diff = 0;
  bool run1 = false, run2 = false;  // antialiased()'s hints, one per image
  SiblingRows siblings(img1, img2, width, height, kernel);
  for (std::size_t i = next_difference(img1, img2, begin, end); i < end;
       i = next_difference(img1, img2, i + 1, end)) {
    const std::size_t pos = 4 * i;
    const double delta = color_delta(img1, img2, pos, options.checkerboard);
    if (std::fabs(delta) > max_delta) {
      const int x = static_cast<int>(i % width);
      const int y = static_cast<int>(i / width);
      if (!options.ignore.empty() && ignored(options.ignore, x, y)) continue;  // painted after
      const bool excluded_aa =
          !options.include_aa && siblings.may_be_antialiased(x, y) &&
          (antialiased(kernel, img1, x, y, width, height, img1, img2, options.checkerboard, run1) ||
           antialiased(kernel, img2, x, y, width, height, img2, img1, options.checkerboard, run2));
      if (excluded_aa) {
        if (out != nullptr && !options.diff_mask) draw_pixel(out, pos, options.aa_color);
      } else {
        if (out != nullptr) draw_pixel(out, pos, delta < 0 ? alt : options.diff_color);
        ++diff;
      }
    }
  }
  return diff;
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

bool same_pixels(const Image& a, const Image& b) {
  return &a == &b || std::memcmp(a.rgba.data(), b.rgba.data(), a.pixels() * 4) == 0;
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

std::size_t count_mismatched(const Image& expected, const Image& actual, Image* diff_output,
                             const DiffOptions& options) {
  return through_separate_output(expected, actual, diff_output, [&](Image* output) {
    std::uint8_t* out = prepare_output(expected, actual, output, options);
    const std::size_t diff = match_range(expected, actual, out, options,
                                         same_pixels(expected, actual), 0, expected.pixels());
    paint_ignored(expected, out, options);
    return diff;
  });
}

std::size_t count_mismatched_parallel(const Image& expected, const Image& actual,
                                      Image* diff_output, const DiffOptions& options,
                                      unsigned threads) {
  return through_separate_output(expected, actual, diff_output, [&](Image* output) {
    std::uint8_t* out = prepare_output(expected, actual, output, options);
    const bool identical = same_pixels(expected, actual);
    const auto rows = static_cast<std::size_t>(expected.height);
    const auto width = static_cast<std::size_t>(expected.width);
    const auto used =
        static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(rows, 1)));
    std::vector<std::size_t> counts(used);
    std::vector<std::thread> workers;
    const auto run = [&](unsigned t) {
      counts[t] = match_range(expected, actual, out, options, identical, rows * t / used * width,
                              rows * (t + 1) / used * width);
    };
    for (unsigned t = 1; t < used; ++t)
      workers.emplace_back(run, t);
    run(0);
    for (std::thread& w : workers)
      w.join();
    paint_ignored(expected, out, options);
    std::size_t total = 0;
    for (std::size_t c : counts)
      total += c;
    return total;
  });
}

}  // namespace framecheck
