#include "diff_command.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <framecheck/image/pixel_diff.hpp>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "exit_codes.hpp"
#include "parse_args.hpp"
#include "test_folder.hpp"
#include "vector_hash.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;
const std::string kPairs = FRAMECHECK_PIXELMATCH_DIR;

struct Outcome {
  int status;
  std::string out, err;
};

Outcome diff(DiffCommandOptions o) {
  std::ostringstream out, err;
  const int status = run_diff(o, out, err);
  return {status, out.str(), err.str()};
}

DiffCommandOptions pair(const std::string& name) {
  DiffCommandOptions o;
  o.expected = kPairs + "/" + name + ".expected.png";
  o.actual = kPairs + "/" + name + ".actual.png";
  o.json = true;
  return o;
}

// End to end through the command: the count pixelmatch 7.2.0 recorded for every pair, at the
// thresholds and anti-aliasing settings the command exposes.
// End to end through the command, with every option pixelmatch 7.2.0 has: the count it recorded
// for every pair, and the diff picture the command writes, read back, to the byte.
TEST(DiffCommand, CountsAndDrawsWhatPixelmatchDoesOnEveryRecordedPairAndOption) {
  std::ifstream in(kPairs + "/expected.json");
  const auto expected = nlohmann::json::parse(in);
  const TestFolder dir;
  const fs::path picture = dir / "diff.png";
  int checked = 0;
  for (const auto& r : expected["results"]) {
    const auto& opts = r["options"];
    if (opts.contains("checkerboard")) continue;  // pixelmatch's internal switch, not an option
    DiffCommandOptions o = pair(r["pair"]);
    o.pixel.threshold = opts.value("threshold", 0.1);
    o.pixel.include_aa = opts.value("includeAA", false);
    o.pixel.alpha = opts.value("alpha", 0.1);
    o.pixel.diff_mask = opts.value("diffMask", false);
    if (opts.contains("diffColor"))
      o.pixel.diff_color = opts["diffColor"].get<std::array<std::uint8_t, 3>>();
    if (opts.contains("aaColor"))
      o.pixel.aa_color = opts["aaColor"].get<std::array<std::uint8_t, 3>>();
    if (opts.contains("diffColorAlt"))
      o.pixel.diff_color_alt = opts["diffColorAlt"].get<std::array<std::uint8_t, 3>>();
    o.diff_png = picture.string();
    const Outcome run = diff(o);
    const auto report = nlohmann::json::parse(run.out);
    EXPECT_EQ(report["mismatched"], r["mismatched"]) << r["pair"] << " " << opts.dump();
    EXPECT_EQ(run.status, r["mismatched"] == 0 ? kExitOk : kExitMismatch);
    Result<Image> drawn = read_png(picture);
    ASSERT_TRUE(drawn) << drawn.error().message();
    EXPECT_EQ(testing::fnv1a_hex(drawn->rgba), r["diff_fnv1a"].get<std::string>())
        << r["pair"] << " " << opts.dump();
    ++checked;
  }
  EXPECT_GE(checked, 120);
}

TEST(DiffCommand, IgnoredRegionsAreLeftOutOfTheCount) {
  DiffCommandOptions o = pair("noise");
  const auto all = nlohmann::json::parse(diff(o).out)["mismatched"].get<int>();
  ASSERT_GT(all, 0);
  o.pixel.ignore = {{0, 0, 63, 47}};
  const Outcome everything = diff(o);
  EXPECT_EQ(nlohmann::json::parse(everything.out)["mismatched"], 0);
  EXPECT_EQ(everything.status, kExitOk);
  o.pixel.ignore = {{0, 0, 31, 47}};
  const auto half = nlohmann::json::parse(diff(o).out)["mismatched"].get<int>();
  EXPECT_GT(half, 0);
  EXPECT_LT(half, all);
}

TEST(DiffCommand, ACorruptFileIsBadInputWhateverItsSize) {
  // The actual file's pixel data is broken and its size differs: both files are decoded before
  // their sizes are compared, as pngjs does, so it is bad input and not a size change.
  const TestFolder dir;
  std::ifstream in(kPairs + "/discs_shifted.actual.png", std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  std::string png = s.str();
  png[40] = static_cast<char>(png[40] ^ 0x55);  // inside the first IDAT: undecodable
  std::ofstream(dir / "corrupt.png", std::ios::binary) << png;
  DiffCommandOptions o = pair("noise");
  o.actual = (dir / "corrupt.png").string();
  o.json = false;
  const Outcome run = diff(o);
  EXPECT_EQ(run.status, kExitBadInput) << run.out;
  EXPECT_EQ(run.err.rfind("framecheck diff: " + o.actual + ":", 0), 0u) << run.err;
  // Whole, the same two files are a size change.
  o.actual = kPairs + "/discs_shifted.actual.png";
  const Outcome whole = diff(o);
  EXPECT_EQ(whole.status, kExitMismatch) << whole.err;
  EXPECT_EQ(whole.out, "sizes differ: 64x48 (" + o.expected + ") vs 80x60 (" + o.actual + ")\n");
}

TEST(DiffCommand, JsonHasWidthHeightMismatchedAndPassed) {
  const Outcome run = diff(pair("noise"));
  const auto report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report["width"], 64);
  EXPECT_EQ(report["height"], 48);
  EXPECT_TRUE(report["mismatched"].is_number());
  EXPECT_EQ(report["passed"], false);
}

TEST(DiffCommand, MaxDiffPixelsIsTheTolerance) {
  DiffCommandOptions o = pair("noise");
  o.max_diff_pixels = 95;
  EXPECT_EQ(diff(o).status, kExitOk);
  o.max_diff_pixels = 94;
  EXPECT_EQ(diff(o).status, kExitMismatch);
}

TEST(DiffCommand, ASizeMismatchIsADifferenceNamingBothSizes) {
  DiffCommandOptions o = pair("noise");
  o.actual = kPairs + "/discs_shifted.actual.png";
  o.json = false;
  const Outcome run = diff(o);
  EXPECT_EQ(run.status, kExitMismatch);
  EXPECT_NE(run.out.find("64x48"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("80x60"), std::string::npos) << run.out;
}

TEST(DiffCommand, BadInputExitsTwoNamingTheFile) {
  const TestFolder dir;
  std::ofstream(dir / "text.png") << "hello";
  std::string png;
  {
    std::ifstream in(kPairs + "/noise.actual.png", std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    png = s.str();
  }
  std::ofstream(dir / "cut.png", std::ios::binary) << png.substr(0, png.size() / 2);
  for (const fs::path& bad : {dir / "missing.png", dir / "text.png", dir / "cut.png"}) {
    DiffCommandOptions o = pair("noise");
    o.actual = bad.string();
    const Outcome run = diff(o);
    EXPECT_EQ(run.status, kExitBadInput) << bad;
    EXPECT_NE(run.err.find(bad.string()), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty());
  }
}

TEST(DiffCommand, TheSameBytesTwiceDecodeOnceAndDrawWhatTwoDecodesWould) {
  const TestFolder dir;
  fs::copy_file(kPairs + "/noise.actual.png", dir / "a.png", fs::copy_options::overwrite_existing);
  fs::copy_file(kPairs + "/noise.actual.png", dir / "b.png", fs::copy_options::overwrite_existing);
  DiffCommandOptions o;
  o.expected = (dir / "a.png").string();
  o.actual = (dir / "b.png").string();
  o.diff_png = (dir / "diff.png").string();
  const Outcome run = diff(o);
  EXPECT_EQ(run.status, kExitOk) << run.err;
  EXPECT_NE(run.out.find("0 of"), std::string::npos) << run.out;
  Result<Image> image = read_png(dir / "a.png");
  ASSERT_TRUE(image);
  const Image copy = *image;  // two buffers, as two decodes give
  Image expected_picture;
  EXPECT_EQ(count_mismatched(*image, copy, &expected_picture, {}), 0u);
  Result<Image> written = read_png(dir / "diff.png");
  ASSERT_TRUE(written);
  EXPECT_EQ(written->rgba, expected_picture.rgba);

  // A broken file against itself is still bad input, named.
  std::ofstream(dir / "broken.png", std::ios::binary) << "\x89PNG\r\n\x1a\n broken";
  o.expected = o.actual = (dir / "broken.png").string();
  const Outcome broken = diff(o);
  EXPECT_EQ(broken.status, kExitBadInput);
  EXPECT_NE(broken.err.find("broken.png"), std::string::npos) << broken.err;
}

TEST(DiffCommand, WritesTheDiffPicture) {
  const TestFolder dir;
  const fs::path out = dir / "diff.png";
  DiffCommandOptions o = pair("discs_shifted");
  o.diff_png = out.string();
  diff(o);
  EXPECT_TRUE(fs::exists(out));
}

TEST(DiffOptionsParse, DiffDefaultsMatchPixelmatch) {
  auto r = parse_args(parse_diff, {"diff", "a.png", "b.png"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_TRUE(std::holds_alternative<DiffCommandOptions>(*r));
  EXPECT_EQ(options_of(r).expected, "a.png");
  EXPECT_EQ(options_of(r).actual, "b.png");
  EXPECT_EQ(options_of(r).pixel.threshold, 0.1);
  EXPECT_FALSE(options_of(r).pixel.include_aa);
  EXPECT_EQ(options_of(r).pixel.alpha, 0.1);
  EXPECT_EQ(options_of(r).max_diff_pixels, 0u);
  EXPECT_TRUE(options_of(r).diff_png.empty());
  EXPECT_FALSE(options_of(r).json);
}

TEST(DiffOptionsParse, DiffTakesEveryOption) {
  auto r = parse_args(parse_diff,
                      {"diff", "--threshold", "0.25", "--include-aa", "--alpha=0.5",
                       "--max-diff-pixels", "12", "--diff", "d.png", "--json", "a.png", "b.png"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).pixel.threshold, 0.25);
  EXPECT_TRUE(options_of(r).pixel.include_aa);
  EXPECT_EQ(options_of(r).pixel.alpha, 0.5);
  EXPECT_EQ(options_of(r).max_diff_pixels, 12u);
  EXPECT_EQ(options_of(r).diff_png, "d.png");
  EXPECT_TRUE(options_of(r).json);
}

TEST(DiffOptionsParse, DiffRejectsBadValues) {
  for (auto args :
       std::vector<std::vector<const char*>>{{"diff", "a.png"},
                                             {"diff", "a", "b", "c"},
                                             {"diff", "a", "b", "--threshold", "1.5"},
                                             {"diff", "a", "b", "--alpha", "-1"},
                                             {"diff", "a", "b", "--max-diff-pixels", "x"}}) {
    EXPECT_FALSE(parse_args(parse_diff, args)) << args.size();
  }
}

TEST(DiffOptionsParse, DiffTakesEveryPixelmatchOptionAndIgnoredRegions) {
  auto r = parse_args(parse_diff,
                      {"diff", "a.png", "b.png", "--diff-color", "0,0,255", "--aa-color=0,255,255",
                       "--diff-color-alt", "10,20,30", "--diff-mask", "--ignore", "0:0-9:4",
                       "--ignore=20:5-30:8,40:0-41:1", "--max-pixels", "5000"});
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(options_of(r).pixel.diff_color, (std::array<std::uint8_t, 3>{0, 0, 255}));
  EXPECT_EQ(options_of(r).pixel.aa_color, (std::array<std::uint8_t, 3>{0, 255, 255}));
  EXPECT_EQ(options_of(r).pixel.diff_color_alt, (std::array<std::uint8_t, 3>{10, 20, 30}));
  EXPECT_TRUE(options_of(r).pixel.diff_mask);
  EXPECT_EQ(options_of(r).pixel.ignore,
            (std::vector<IgnoreRegion>{{0, 0, 9, 4}, {20, 5, 30, 8}, {40, 0, 41, 1}}));
  EXPECT_EQ(options_of(r).max_pixels, 5000u);
  for (const char* bad :
       {"--diff-color=256,0,0", "--diff-color=1,2", "--aa-color=a,b,c", "--ignore=5:5-1:1",
        "--ignore=1:2:3:4", "--ignore=-1:0-3:3", "--max-pixels=0"}) {
    auto e = parse_args(parse_diff, {"diff", "a.png", "b.png", bad});
    ASSERT_FALSE(e) << bad;
    EXPECT_NE(e.error().message().find("diff"), std::string::npos);
  }
}

}  // namespace
}  // namespace framecheck::cli
