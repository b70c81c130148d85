#include "png_fast_path.hpp"

#include <gtest/gtest.h>
#include <libdeflate.h>

#include <filesystem>
#include <framecheck/io/input_file.hpp>
#include <tuple>

#include "png_chunks.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;
const fs::path kDir = FRAMECHECK_TEST_DATA_DIR "/pngsuite";

std::string be32(std::uint32_t v) {
  std::string out;
  png_chunks::append_be32(out, v);
  return out;
}

std::string chunk(const std::string& type, const std::string& data) {
  std::string out;
  png_chunks::append_chunk(out, type.c_str(), data.data(), data.size());
  return out;
}

std::string zlib(const std::string& raw) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(6);
  std::string out(libdeflate_zlib_compress_bound(c, raw.size()), '\0');
  out.resize(libdeflate_zlib_compress(c, raw.data(), raw.size(), out.data(), out.size()));
  libdeflate_free_compressor(c);
  return out;
}

// A w x h image of 3 or 4 channels whose row y is filtered with filter y % 5 (each of PNG's five
// filters, by hand, over pixels that make every one of them do something), then compressed.
struct Built {
  Image expected;
  std::string raw;  // filtered rows, before compression
};

Built build(int w, int h, int channels) {
  Built b{Image(w, h), {}};
  // Half the rows smooth (Paeth's ties, small deltas), half hashed noise (every byte value).
  const auto px = [&](int x, int y, int c) -> int {
    if (x < 0 || y < 0) return 0;
    if (y % 2 == 0) return (x * 37 + y * 91 + c * 53 + (x * y) % 7 * 29) & 0xff;
    std::uint32_t v = static_cast<std::uint32_t>(x) * 73856093u ^
                      static_cast<std::uint32_t>(y) * 19349663u ^
                      static_cast<std::uint32_t>(c) * 83492791u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    return static_cast<int>((v ^ v >> 15) & 0xff);
  };
  for (int y = 0; y < h; ++y) {
    const int filter = y % 5;
    b.raw.push_back(static_cast<char>(filter));
    for (int x = 0; x < w; ++x) {
      for (int c = 0; c < channels; ++c) {
        const int v = px(x, y, c);
        const int a = x > 0 ? px(x - 1, y, c) : 0, up = y > 0 ? px(x, y - 1, c) : 0,
                  ul = x > 0 && y > 0 ? px(x - 1, y - 1, c) : 0;
        int pred = 0;
        if (filter == 1) pred = a;
        if (filter == 2) pred = up;
        if (filter == 3) pred = (a + up) / 2;
        if (filter == 4) {
          const int p = a + up - ul, pa = std::abs(p - a), pb = std::abs(p - up),
                    pc = std::abs(p - ul);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? up : ul;
        }
        b.raw.push_back(static_cast<char>((v - pred) & 0xff));
        b.expected.rgba[(static_cast<std::size_t>(y) * w + x) * 4 + c] =
            static_cast<std::uint8_t>(v);
      }
      if (channels == 3) b.expected.rgba[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = 0xff;
    }
  }
  return b;
}

std::string png(int w, int h, int channels, const std::string& idat_zlib,
                const std::string& extra_before_iend = "") {
  const std::string ihdr = be32(static_cast<std::uint32_t>(w)) +
                           be32(static_cast<std::uint32_t>(h)) +
                           std::string{8, static_cast<char>(channels == 4 ? 6 : 2), 0, 0, 0};
  return std::string(png_chunks::kSignature) + chunk("IHDR", ihdr) + chunk("IDAT", idat_zlib) +
         extra_before_iend + chunk("IEND", "");
}

std::optional<Image> fast(const std::string& bytes) {
  Result<PngHeader> header = read_png_header(bytes, "t.png");
  EXPECT_TRUE(header);
  return decode_png_fast(bytes, *header);
}

TEST(PngFastPath, EveryFilterOfRgbAndRgbaDecodesExactly) {
  for (const auto& [channels, w, h] : {std::tuple{3, 33, 20}, std::tuple{4, 33, 20},
                                       std::tuple{3, 257, 30}, std::tuple{4, 257, 30}}) {
    const Built b = build(w, h, channels);
    const std::string file = png(w, h, channels, zlib(b.raw));
    const std::optional<Image> image = fast(file);
    ASSERT_TRUE(image.has_value()) << channels << " channels not taken";
    EXPECT_EQ(image->rgba, b.expected.rgba) << channels << " channels";
    Result<Image> through_reader = decode_png(file, "t.png");
    ASSERT_TRUE(through_reader);
    EXPECT_EQ(through_reader->rgba, b.expected.rgba);
  }
}

TEST(PngFastPath, TakesThePlain8BitRgbAndRgbaFilesOfTheCorpusAndNoOthers) {
  const auto taken = [](const char* file) {
    Result<std::string> bytes = read_input_file(kDir / file, 1 << 20, "a PNG");
    EXPECT_TRUE(bytes) << file;
    Result<PngHeader> header = read_png_header(*bytes, file);
    return decode_png_fast(*bytes, *header).has_value();
  };
  for (const char* file : {"rgb_8.png", "rgba_8.png", "rgb_8_gama10.png", "rgb_8_iccp.png",
                           "rgb_8_chrm.png", "rgb_8_sbit.png"}) {
    EXPECT_TRUE(taken(file)) << file;
  }
  for (const char* file : {"rgb_8_trns.png", "rgb_8_adam7.png", "rgb_16.png", "rgba_16.png",
                           "grey_1.png", "grey_16.png"}) {
    EXPECT_FALSE(taken(file)) << file;
  }
}

// Anything unusual goes to libpng, whose message names the problem.
TEST(PngFastPath, ACorruptFileFallsBackAndLibpngNamesTheProblem) {
  const Built b = build(16, 10, 4);
  const std::string good = png(16, 10, 4, zlib(b.raw));

  std::string bad_crc = good;
  bad_crc[good.find("IDAT") + 10] ^= 0x40;
  EXPECT_FALSE(fast(bad_crc).has_value());
  Result<Image> r = decode_png(bad_crc, "t.png");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("IDAT"), std::string::npos) << r.error().message();

  std::string bad_filter = b.raw;
  bad_filter[0] = 5;
  const std::string filter5 = png(16, 10, 4, zlib(bad_filter));
  EXPECT_FALSE(fast(filter5).has_value());
  EXPECT_FALSE(decode_png(filter5, "t.png"));

  const std::string compressed = zlib(b.raw);
  const std::string short_stream = png(16, 10, 4, compressed.substr(0, compressed.size() / 2));
  EXPECT_FALSE(fast(short_stream).has_value());
  EXPECT_FALSE(decode_png(short_stream, "t.png"));

  const std::string too_little = png(16, 10, 4, zlib(b.raw.substr(0, b.raw.size() - 65)));
  EXPECT_FALSE(fast(too_little).has_value());
  EXPECT_FALSE(decode_png(too_little, "t.png"));
}

TEST(PngFastPath, UnusualButValidFilesFallBackAndStillDecode) {
  const Built b = build(16, 10, 3);
  const std::string compressed = zlib(b.raw);
  // The image data in two runs of IDAT, with another chunk between: libpng's to judge.
  const std::string split = std::string(png_chunks::kSignature) + png(16, 10, 3, "").substr(8, 25) +
                            chunk("IDAT", compressed.substr(0, 10)) + chunk("tEXt", "a\0b") +
                            chunk("IDAT", compressed.substr(10)) + chunk("IEND", "");
  EXPECT_FALSE(fast(split).has_value());
  // Image data split over several IDAT chunks in one run is the usual case, and taken.
  const std::string runs = std::string(png_chunks::kSignature) + png(16, 10, 3, "").substr(8, 25) +
                           chunk("IDAT", compressed.substr(0, 10)) +
                           chunk("IDAT", compressed.substr(10)) + chunk("IEND", "");
  const std::optional<Image> image = fast(runs);
  ASSERT_TRUE(image.has_value());
  EXPECT_EQ(image->rgba, b.expected.rgba);
  // A tRNS colour key is pngjs's rule to apply: libpng's path.
  const std::string keyed = png(16, 10, 3, compressed, chunk("tRNS", std::string(6, '\0')));
  EXPECT_FALSE(fast(keyed).has_value());
  EXPECT_TRUE(decode_png(keyed, "t.png"));
}

}  // namespace
}  // namespace framecheck
