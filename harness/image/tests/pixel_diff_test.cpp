#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

#include "pixel_diff_kernel.hpp"
#include "pixelmatch_reference.hpp"
#include "simd_kernels.hpp"
#include "test_pictures.hpp"
#include "vector_hash.hpp"

namespace framecheck {
namespace {

const std::string kDir = FRAMECHECK_TEST_DATA_DIR "/pixelmatch";

DiffOptions options_from(const nlohmann::json& j) {
  DiffOptions o;
  o.threshold = j.value("threshold", o.threshold);
  o.include_aa = j.value("includeAA", o.include_aa);
  o.alpha = j.value("alpha", o.alpha);
  o.diff_mask = j.value("diffMask", o.diff_mask);
  o.checkerboard = j.value("checkerboard", o.checkerboard);
  if (j.contains("diffColorAlt"))
    o.diff_color_alt = j["diffColorAlt"].get<std::array<std::uint8_t, 3>>();
  if (j.contains("diffColor")) o.diff_color = j["diffColor"].get<std::array<std::uint8_t, 3>>();
  if (j.contains("aaColor")) o.aa_color = j["aaColor"].get<std::array<std::uint8_t, 3>>();
  return o;
}

// Every pair under every option set, against what pixelmatch 7.2.0 itself reported
// (tools/dev/pixelmatch/make_vectors.sh): the count, and the diff picture to the byte.
TEST(PixelDiff, AgreesWithPixelmatch720OnEveryRecordedPair) {
  std::ifstream in(kDir + "/expected.json");
  ASSERT_TRUE(in) << "missing " << kDir << "/expected.json";
  const nlohmann::json expected = nlohmann::json::parse(in);
  ASSERT_EQ(expected["pixelmatch"], "7.2.0");
  int checked = 0;
  for (const auto& r : expected["results"]) {
    const std::string pair = r["pair"];
    auto a = read_png(kDir + "/" + pair + ".expected.png");
    auto b = read_png(kDir + "/" + pair + ".actual.png");
    ASSERT_TRUE(a && b) << pair;
    Image diff;
    const std::size_t n = count_mismatched(*a, *b, &diff, options_from(r["options"]));
    EXPECT_EQ(n, r["mismatched"].get<std::size_t>()) << pair << " " << r["options"].dump();
    EXPECT_EQ(testing::fnv1a_hex(diff.rgba), r["diff_fnv1a"].get<std::string>())
        << pair << " " << r["options"].dump();
    // The scalar reference and the SSE2 code, which a CPU without AVX2 runs, on every pair too.
    for (const SimdKernel kernel : {SimdKernel::kScalar, SimdKernel::kSse2}) {
      if (!detail::simd_kernel_available(kernel)) continue;
      Image other;
      EXPECT_EQ(count_mismatched_with(kernel, *a, *b, &other, options_from(r["options"]), 2), n)
          << pair << " " << detail::simd_kernel_name(kernel) << " " << r["options"].dump();
      EXPECT_TRUE(other == diff) << pair << " " << detail::simd_kernel_name(kernel) << " "
                                 << r["options"].dump();
    }
    ++checked;
  }
  EXPECT_GE(checked, 90);
}

// The palette picture holds the RGBA picture's pixels: every recorded pair under every option set
// whose palette fits, on one to three threads; the rest (alpha 1) are refused, untouched.
TEST(PixelDiff, APalettePictureHasPixelmatchsPixels) {
  std::ifstream in(kDir + "/expected.json");
  ASSERT_TRUE(in) << "missing " << kDir << "/expected.json";
  const nlohmann::json expected = nlohmann::json::parse(in);
  int drawn = 0, refused = 0;
  for (const auto& r : expected["results"]) {
    const std::string pair = r["pair"];
    auto a = read_png(kDir + "/" + pair + ".expected.png");
    auto b = read_png(kDir + "/" + pair + ".actual.png");
    ASSERT_TRUE(a && b) << pair;
    const DiffOptions options = options_from(r["options"]);
    PalettePicture picture;
    const unsigned threads = 1 + static_cast<unsigned>(drawn + refused) % 3;
    // Each kernel in turn, where the CPU has it.
    const SimdKernel kernel =
        std::min(static_cast<SimdKernel>((drawn + refused) % 3), detail::best_simd_kernel());
    const std::optional<std::size_t> n =
        count_mismatched_palette_with(kernel, *a, *b, picture, options, threads);
    if (options.alpha == 1) {
      EXPECT_FALSE(n) << pair << ": a full fade has 256 greys, no room for the colours";
      EXPECT_EQ(picture.width, 0) << pair;
      ++refused;
      continue;
    }
    ASSERT_TRUE(n) << pair << " " << r["options"].dump();
    EXPECT_EQ(*n, r["mismatched"].get<std::size_t>()) << pair << " " << r["options"].dump();
    EXPECT_EQ(testing::fnv1a_hex(to_image(picture).rgba), r["diff_fnv1a"].get<std::string>())
        << pair << " " << r["options"].dump();
    ++drawn;
  }
  EXPECT_GE(drawn, 130);
  EXPECT_EQ(refused * 15, drawn) << "one option set in sixteen has alpha 1";
}

// Every fade the palette takes, down to the darkest grey it allows, on black, white, colour and
// translucent pixels; with a mask and an ignored region too.
TEST(PixelDiff, APalettePictureHasTheRgbaPicturesPixelsAtEveryFade) {
  Image a(67, 9), b;
  testing::Xorshift rng(29);
  for (std::size_t i = 0; i < a.rgba.size(); ++i)
    a.rgba[i] = static_cast<std::uint8_t>(i < 4 * 67 ? (i % 4 == 3 ? 255 : 0) : rng.next());
  b = a;
  for (std::size_t i = 4 * 67 * 5; i < b.rgba.size(); i += 12)
    b.rgba[i] ^= 0x80;
  std::vector<double> fades = {0.0, 0.1, 0.5, 0.97, 0.976};
  for (double alpha : fades) {
    for (int variant = 0; variant < 3; ++variant) {
      DiffOptions options;
      options.alpha = alpha;
      options.diff_mask = variant == 1;
      if (variant == 2) options.ignore = {{3, 2, 70, 6}};
      const std::string name = std::to_string(alpha) + " variant " + std::to_string(variant);
      ASSERT_TRUE(diff_palette(options)) << name;
      Image rgba;
      const std::size_t n = count_mismatched(a, b, &rgba, options);
      PalettePicture picture;
      EXPECT_EQ(count_mismatched_palette(a, b, picture, options, 2), n) << name;
      EXPECT_TRUE(to_image(picture) == rgba) << name;
      PalettePicture same;
      EXPECT_EQ(count_mismatched_palette(a, a, same, options, 3), 0u) << name;
      Image same_rgba;
      count_mismatched(a, a, &same_rgba, options);
      EXPECT_TRUE(to_image(same) == same_rgba) << name << ": identical images";
    }
  }
}

TEST(PixelDiff, ThePaletteIsFixedByTheOptionsAndRefusedWhereTheGreysLeaveNoRoom) {
  DiffOptions options;
  const auto palette = diff_palette(options);
  ASSERT_TRUE(palette);
  ASSERT_EQ(palette->size(), 256u);
  const auto bytes = [](std::uint32_t w) {
    std::array<std::uint8_t, 4> b;
    std::memcpy(b.data(), &w, 4);
    return b;
  };
  EXPECT_EQ(bytes((*palette)[0]), (std::array<std::uint8_t, 4>{255, 0, 0, 255}));
  EXPECT_EQ(bytes((*palette)[2]), (std::array<std::uint8_t, 4>{255, 255, 0, 255}));
  EXPECT_EQ(bytes((*palette)[255]), (std::array<std::uint8_t, 4>{255, 255, 255, 255}));
  EXPECT_EQ(bytes((*palette)[229]), (std::array<std::uint8_t, 4>{229, 229, 229, 255}));
  options.diff_mask = true;
  options.alpha = 1;  // no grey is drawn over a mask
  ASSERT_TRUE(diff_palette(options));
  EXPECT_EQ(diff_palette(options)->size(), 5u);
  EXPECT_EQ(bytes(diff_palette(options)->back()), (std::array<std::uint8_t, 4>{0, 0, 0, 0}));
  options.diff_mask = false;
  for (double alpha : {0.99, 1.0, 1.5, -0.1, std::nan("")}) {
    options.alpha = alpha;
    EXPECT_FALSE(diff_palette(options)) << alpha;
  }
}

TEST(PixelDiff, SplittingByRowsGivesTheSameCountAndPicture) {
  for (const char* pair : {"overlay_padding", "noise", "discs_shifted"}) {
    auto a = read_png(kDir + "/" + std::string(pair) + ".expected.png");
    auto b = read_png(kDir + "/" + std::string(pair) + ".actual.png");
    ASSERT_TRUE(a && b);
    Image one, many;
    const std::size_t n = count_mismatched(*a, *b, &one, {});
    for (unsigned threads : {2u, 3u, 7u}) {
      EXPECT_EQ(count_mismatched_parallel(*a, *b, &many, {}, threads), n) << pair << " " << threads;
      EXPECT_EQ(many, one) << pair << " " << threads;
    }
  }
}

// The picture may be written over an input: in place when both inputs are that one image, and
// otherwise as if written apart. Either way it is the picture a separate output receives.
TEST(PixelDiff, APictureWrittenOverAnInputIsThePictureWrittenApart) {
  auto a = read_png(kDir + "/noise.expected.png");
  auto b = read_png(kDir + "/noise.actual.png");
  ASSERT_TRUE(a && b);
  DiffOptions masked;
  masked.diff_mask = true;
  masked.ignore = {{1, 1, 3, 2}};
  for (const DiffOptions& options : {DiffOptions{}, masked}) {
    const std::string name = options.diff_mask ? "mask" : "grey";
    Image apart;
    ASSERT_EQ(count_mismatched(*a, *a, &apart, options), 0u) << name;
    Image same = *a;
    EXPECT_EQ(count_mismatched_parallel(same, same, &same, options, 2), 0u) << name;
    EXPECT_TRUE(same == apart) << name << ": the same image twice, drawn in place";
    Image single = *a;
    EXPECT_EQ(count_mismatched(single, single, &single, options), 0u) << name;
    EXPECT_TRUE(single == apart) << name << ": the same, on one thread";

    Image fresh;
    const std::size_t n = count_mismatched(*a, *b, &fresh, options);
    ASSERT_GT(n, 0u);
    Image over_expected = *a;
    EXPECT_EQ(count_mismatched(over_expected, *b, &over_expected, options), n) << name;
    EXPECT_TRUE(over_expected == fresh) << name << ": written over the expected image";
    Image over_actual = *b;
    EXPECT_EQ(count_mismatched_parallel(*a, over_actual, &over_actual, options, 3), n) << name;
    EXPECT_TRUE(over_actual == fresh) << name << ": written over the actual image";
  }
}

TEST(PixelDiff, IdenticalImagesHaveNoMismatches) {
  Image a(4, 4);
  for (std::size_t i = 0; i < a.rgba.size(); ++i)
    a.rgba[i] = static_cast<std::uint8_t>(i * 7);
  EXPECT_EQ(count_mismatched(a, a, nullptr), 0u);
}

TEST(PixelDiff, AnIsolatedPixelChangeCounts) {
  // A flat grey field; one pixel turned black is a difference, not anti-aliasing.
  Image a(9, 9), b;
  for (std::size_t i = 0; i < a.rgba.size(); ++i)
    a.rgba[i] = (i % 4 == 3) ? 255 : 128;
  b = a;
  b.rgba[(4 * 9 + 4) * 4 + 0] = b.rgba[(4 * 9 + 4) * 4 + 1] = b.rgba[(4 * 9 + 4) * 4 + 2] = 0;
  Image diff;
  EXPECT_EQ(count_mismatched(a, b, &diff), 1u);
  EXPECT_EQ(diff.rgba[(4 * 9 + 4) * 4 + 0], 255);  // drawn in the diff colour, red
  EXPECT_EQ(diff.rgba[(4 * 9 + 4) * 4 + 1], 0);
}

}  // namespace
}  // namespace framecheck

namespace framecheck {
namespace {

Image flat(int w, int h, std::uint8_t v) {
  Image img(w, h);
  for (std::size_t i = 0; i < img.rgba.size(); ++i)
    img.rgba[i] = i % 4 == 3 ? 255 : v;
  return img;
}

TEST(PixelDiff, IgnoredRegionsAreNotCountedAndArePaintedInTheDiff) {
  const Image a = flat(20, 10, 40);
  Image b = a;
  for (int y = 2; y <= 4; ++y)  // a 3x3 change inside the region, one pixel outside it
    for (int x = 5; x <= 7; ++x)
      b.rgba[(static_cast<std::size_t>(y) * 20 + x) * 4] = 250;
  b.rgba[(9 * 20 + 19) * 4] = 250;
  EXPECT_EQ(count_mismatched(a, b, nullptr, {}), 10u);
  DiffOptions o;
  o.ignore = {{4, 1, 8, 5}};
  Image diff;
  EXPECT_EQ(count_mismatched(a, b, &diff, o), 1u);
  EXPECT_EQ(count_mismatched_parallel(a, b, nullptr, o, 3), 1u);
  // The region (corners included) is magenta; the counted pixel red; the rest grey.
  const auto at = [&](int x, int y) {
    return diff.rgba[(static_cast<std::size_t>(y) * 20 + x) * 4 + 2];
  };
  EXPECT_EQ(diff.rgba[(1 * 20 + 4) * 4], 255);
  EXPECT_EQ(at(4, 1), 255);
  EXPECT_EQ(at(8, 5), 255);
  EXPECT_EQ(diff.rgba[(9 * 20 + 19) * 4 + 1], 0) << "the counted pixel is red";
  EXPECT_NE(at(9, 1), 255) << "outside the region";
  // A region past the edges is clipped, not a crash.
  o.ignore = {{-5, -5, 100, 100}};
  EXPECT_EQ(count_mismatched(a, b, &diff, o), 0u);
}

// The second picture of a random pair: the first with pixels changed, or shifted a pixel right
// (every soft edge moves: the anti-aliasing detector's case), or the same.
enum class Change { kPixels, kShifted, kNone };

std::vector<std::uint8_t> second_picture(const std::vector<std::uint8_t>& first, int width,
                                         int height, Change change, std::uint32_t seed) {
  if (change == Change::kPixels) return testing::changed_picture(first, 5, seed);
  std::vector<std::uint8_t> out = first;
  if (change == Change::kShifted) {
    for (int y = 0; y < height; ++y) {
      for (int x = width - 1; x > 0; --x)
        std::memcpy(&out[(static_cast<std::size_t>(y) * width + x) * 4],
                    &first[(static_cast<std::size_t>(y) * width + x - 1) * 4], 4);
    }
  }
  return out;
}

Image image_of(const std::vector<std::uint8_t>& px, int width, int height) {
  Image image(width, height);
  std::memcpy(image.rgba.data(), px.data(), px.size());
  return image;
}

// Every kernel on one to three threads, without a picture, with an RGBA one and with a palette
// one, against the plain transcription of pixelmatch's index.js, on random pairs of every kind
// under pixelmatch's options: the count, and the picture to the byte.
TEST(PixelDiff, EveryKernelThreadCountAndPictureAgreesWithPixelmatchsIndexJs) {
  using testing::Picture;
  struct Case {
    testing::pixelmatch_js::Options js;
    DiffOptions ours;
  };
  std::vector<Case> cases(6);
  cases[1].js.threshold = cases[1].ours.threshold = 0;
  cases[2].js.include_aa = cases[2].ours.include_aa = true;
  cases[3].js.diff_mask = cases[3].ours.diff_mask = true;
  cases[3].js.diff_color_alt = std::array<int, 3>{0, 255, 0};
  cases[3].ours.diff_color_alt = std::array<std::uint8_t, 3>{0, 255, 0};
  cases[4].js.checkerboard = cases[4].ours.checkerboard = false;
  cases[4].js.alpha = cases[4].ours.alpha = 0.5;
  cases[5].js.threshold = cases[5].ours.threshold = 0.3;
  cases[5].js.aa_color = {0, 0, 255};
  cases[5].ours.aa_color = {0, 0, 255};
  int compared = 0, palettes = 0;
  std::uint32_t seed = 1;
  for (const auto& [width, height] :
       std::vector<std::pair<int, int>>{{1, 1}, {2, 3}, {7, 5}, {33, 17}, {64, 48}, {130, 9}}) {
    for (const Picture kind :
         {Picture::kGrain, Picture::kFlatShapes, Picture::kTranslucent, Picture::kThreeLevels}) {
      for (const Change change : {Change::kPixels, Change::kShifted, Change::kNone}) {
        const std::vector<std::uint8_t> a = testing::make_picture(kind, width, height, ++seed);
        const std::vector<std::uint8_t> b = second_picture(a, width, height, change, ++seed);
        const Image expected = image_of(a, width, height), actual = image_of(b, width, height);
        for (const Case& c : cases) {
          std::vector<std::uint8_t> js_picture(a.size(), 0);
          const std::size_t js = testing::pixelmatch_js::pixelmatch(
              a.data(), b.data(), js_picture.data(), width, height, c.js);
          const std::string what = std::to_string(width) + "x" + std::to_string(height) + " kind " +
                                   std::to_string(static_cast<int>(kind)) + " change " +
                                   std::to_string(static_cast<int>(change)) + " case " +
                                   std::to_string(&c - cases.data());
          for (const SimdKernel kernel :
               {SimdKernel::kScalar, SimdKernel::kSse2, SimdKernel::kAvx2}) {
            if (!detail::simd_kernel_available(kernel)) continue;
            for (unsigned threads = 1; threads <= 3; ++threads) {
              const std::string at =
                  what + " " + detail::simd_kernel_name(kernel) + " x" + std::to_string(threads);
              EXPECT_EQ(count_mismatched_with(kernel, expected, actual, nullptr, c.ours, threads),
                        js)
                  << at;
              Image rgba;
              EXPECT_EQ(count_mismatched_with(kernel, expected, actual, &rgba, c.ours, threads), js)
                  << at;
              EXPECT_TRUE(rgba.rgba.size() == js_picture.size() &&
                          std::memcmp(rgba.rgba.data(), js_picture.data(), js_picture.size()) == 0)
                  << at << ": the RGBA picture";
              PalettePicture palette;
              if (const auto n = count_mismatched_palette_with(kernel, expected, actual, palette,
                                                               c.ours, threads)) {
                EXPECT_EQ(*n, js) << at << " (palette)";
                const Image drawn = to_image(palette);
                EXPECT_TRUE(drawn.rgba.size() == js_picture.size() &&
                            std::memcmp(drawn.rgba.data(), js_picture.data(), js_picture.size()) ==
                                0)
                    << at << ": the palette picture";
                ++palettes;
              }
              ++compared;
            }
          }
        }
      }
    }
  }
  EXPECT_GE(compared, 6 * 4 * 3 * 6 * 2 * 3);  // at least the scalar and SSE2 kernels everywhere
  EXPECT_GT(palettes, compared / 2);
}

// Ignored regions, however many and however they overlap or overhang the image, are pixels left
// out of the count and painted in the mask colour: held to pixelmatch's index.js, whose picture
// says which pixels it counted, with those pixels masked.
TEST(PixelDiff, IgnoredRegionsOfAnyNumberAndOverlapAreTheTranscriptionsPixelsMasked) {
  testing::Xorshift rng(99);
  for (int round = 0; round < 12; ++round) {
    const int width = 20 + rng.below(50), height = 10 + rng.below(40);
    const std::vector<std::uint8_t> a =
        testing::make_picture(testing::Picture::kFlatShapes, width, height, 7 + round);
    const std::vector<std::uint8_t> b = testing::changed_picture(a, 3, 8 + round);
    std::vector<std::uint8_t> js(a.size(), 0);
    testing::pixelmatch_js::pixelmatch(a.data(), b.data(), js.data(), width, height, {});
    DiffOptions options;
    const int regions = round % 3 == 0 ? 400 : 1 + rng.below(6);
    for (int k = 0; k < regions; ++k) {
      const int x1 = rng.below(width + 10) - 5, y1 = rng.below(height + 10) - 5;
      options.ignore.push_back({std::max(x1, 0), std::max(y1, 0),
                                std::max(x1, 0) + rng.below(k % 5 == 0 ? 30 : 3),
                                std::max(y1, 0) + rng.below(k % 5 == 0 ? 30 : 3)});
    }
    std::size_t counted = 0;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        std::uint8_t* p = &js[(static_cast<std::size_t>(y) * width + x) * 4];
        const bool in_region =
            std::any_of(options.ignore.begin(), options.ignore.end(), [&](const IgnoreRegion& r) {
              return x >= r.x1 && x <= r.x2 && y >= r.y1 && y <= r.y2;
            });
        if (in_region) {
          p[0] = 255, p[1] = 0, p[2] = 255, p[3] = 255;
        } else if (p[0] == 255 && p[1] == 0 && p[2] == 0 && p[3] == 255) {
          ++counted;
        }
      }
    }
    const Image expected = image_of(a, width, height), actual = image_of(b, width, height);
    for (unsigned threads : {1u, 3u}) {
      Image picture;
      EXPECT_EQ(count_mismatched_parallel(expected, actual, &picture, options, threads), counted)
          << "round " << round << " x" << threads;
      EXPECT_TRUE(std::memcmp(picture.rgba.data(), js.data(), js.size()) == 0)
          << "round " << round << " x" << threads;
    }
  }
}

}  // namespace
}  // namespace framecheck
