#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/pixel_diff.hpp>
#include <framecheck/png_io.hpp>
#include <fstream>
#include <nlohmann/json.hpp>

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
// (tools/pixelmatch/make_vectors.sh): the count, and the diff picture to the byte.
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
    ++checked;
  }
  EXPECT_GE(checked, 90);
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

}  // namespace
}  // namespace framecheck
