#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "vector_hash.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;
const fs::path kDir = FRAMECHECK_TEST_DATA_DIR "/pngsuite";

// The hash of the pixels, optionally with the colour of fully transparent pixels zeroed.
std::string hash(const Image& image, bool clear_transparent) {
  if (!clear_transparent) return testing::fnv1a_hex(image.rgba);
  Image cleared = image;
  for (std::size_t i = 0; i < cleared.rgba.size(); i += 4) {
    if (cleared.rgba[i + 3] == 0) cleared.rgba[i] = cleared.rgba[i + 1] = cleared.rgba[i + 2] = 0;
  }
  return testing::fnv1a_hex(cleared.rgba);
}

nlohmann::json expected() {
  Result<std::string> text = read_input_file(kDir / "expected.json", 1 << 20, "vectors");
  EXPECT_TRUE(text) << text.error().message();
  return nlohmann::json::parse(text ? *text : "{}");
}

// Every file of the corpus (tools/pngsuite: every colour type and depth, palettes and tRNS,
// Adam7, gAMA/cHRM/sRGB/iCCP/sBIT) decodes to what pngjs 7, pixelmatch's reader, gives, byte for
// byte. (The one difference the reader would be allowed, the colour of fully transparent pixels,
// which no pixelmatch count sees, is checked separately so that a regression there is named.)
TEST(PngReader, EveryCorpusFileDecodesAsPngjsDoes) {
  const nlohmann::json vectors = expected();
  ASSERT_EQ(vectors.value("pngjs", ""), "7.0.0");
  ASSERT_GE(vectors["results"].size(), 90u) << "corpus missing";
  int exact = 0;
  std::string transparent_only;
  for (const nlohmann::json& r : vectors["results"]) {
    const std::string file = r["file"];
    Result<Image> image = read_png(kDir / file);
    ASSERT_TRUE(image) << image.error().message();
    EXPECT_EQ(image->width, r["width"].get<int>()) << file;
    EXPECT_EQ(image->height, r["height"].get<int>()) << file;
    if (hash(*image, false) == r["rgba_fnv1a"].get<std::string>()) {
      ++exact;
    } else {
      EXPECT_EQ(hash(*image, true), r["rgba_clear_fnv1a"].get<std::string>())
          << file << " decodes unlike pngjs";
      transparent_only += " " + file;
    }
  }
  EXPECT_TRUE(transparent_only.empty()) << "differing only under alpha 0:" << transparent_only;
  EXPECT_EQ(exact, static_cast<int>(vectors["results"].size()));
}

TEST(PngReader, AnInterlacedImageEqualsItsPlainTwin) {
  int twins = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(kDir)) {
    const std::string name = e.path().filename().string();
    if (!name.ends_with("_adam7.png")) continue;
    const fs::path plain = kDir / (name.substr(0, name.size() - 10) + ".png");
    Result<Image> a = read_png(e.path());
    Result<Image> b = read_png(plain);
    ASSERT_TRUE(a && b) << name;
    EXPECT_TRUE(*a == *b) << name << " differs from " << plain.filename();
    ++twins;
  }
  EXPECT_GE(twins, 40);
}

TEST(PngReader, GammaIsIgnoredAndAn8And16BitPairIsIdentical) {
  // pngjs uses the stored samples: a gAMA of 1.0 changes nothing pixelmatch counts.
  Result<Image> plain = read_png(kDir / "rgb_8.png");
  Result<Image> gamma = read_png(kDir / "rgb_8_gama10.png");
  ASSERT_TRUE(plain && gamma);
  EXPECT_EQ(count_mismatched(*plain, *gamma, nullptr, {.threshold = 0}), 0u);
  Result<Image> eight = read_png(kDir / "rgb_8_pair.png");
  Result<Image> sixteen = read_png(kDir / "rgb_16_pair.png");
  ASSERT_TRUE(eight && sixteen);
  EXPECT_EQ(count_mismatched(*eight, *sixteen, nullptr, {.threshold = 0}), 0u);
  EXPECT_TRUE(*eight == *sixteen);
}

TEST(PngReader, AChunkDeclaringMoreThanTheFileHoldsIsRefusedAtOnce) {
  const auto started = std::chrono::steady_clock::now();
  Result<Image> image = read_png(kDir / "hostile" / "text_declares_2gib.png");
  ASSERT_FALSE(image);
  EXPECT_NE(image.error().message().find("chunk 'tEXt' declares 2147483648 bytes"),
            std::string::npos)
      << image.error().message();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5)) << "no hang";
}

TEST(PngReader, AnImageOverThePixelLimitIsRefusedFromItsHeader) {
  Result<Image> image = read_png(kDir / "hostile" / "billion_pixels_1bit.png");
  ASSERT_FALSE(image);
  EXPECT_NE(image.error().message().find("32768x32767 (1073709056 pixels), over the limit of "
                                         "100000000 pixels"),
            std::string::npos)
      << image.error().message();
  // A lower limit refuses an ordinary file; a higher one lets it through.
  EXPECT_FALSE(read_png(kDir / "rgb_8.png", {.max_pixels = 100}));
  EXPECT_TRUE(read_png(kDir / "rgb_8.png", {.max_pixels = 851}));
}

TEST(PngReader, TheHeaderReadsWithoutDecoding) {
  Result<std::string> bytes = read_input_file(kDir / "grey_16_trns_adam7.png", 1 << 20, "a PNG");
  ASSERT_TRUE(bytes);
  Result<PngHeader> h = read_png_header(*bytes, "g.png");
  ASSERT_TRUE(h) << h.error().message();
  EXPECT_EQ(h->width, 37u);
  EXPECT_EQ(h->height, 23u);
  EXPECT_EQ(h->bit_depth, 16);
  EXPECT_TRUE(h->interlaced);
  // A file cut anywhere is an error, never a crash.
  for (std::size_t cut :
       {std::size_t{7}, std::size_t{20}, std::size_t{40}, bytes->size() / 2, bytes->size() - 1}) {
    EXPECT_FALSE(decode_png(std::string_view(*bytes).substr(0, cut), "cut.png")) << cut;
  }
}

}  // namespace
}  // namespace framecheck
