#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <filesystem>
#include <framecheck/image/png_io.hpp>
#include <fstream>
#include <optional>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

Image sample_image() {
  Image img(5, 3);
  for (std::size_t i = 0; i < img.rgba.size(); ++i)
    img.rgba[i] = static_cast<std::uint8_t>(i * 13 + 1);
  return img;
}

TEST(PngIo, EncodesAndDecodesRgbaExactly) {
  const Image img = sample_image();
  auto back = decode_png(encode_png(img), "mem");
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, img);
}

TEST(PngIo, NotAPngNamesTheFileAndByte) {
  auto r = decode_png("GIF89a....", "picture.gif");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "picture.gif:byte 0: not a PNG file (no PNG signature)");
}

TEST(PngIo, ATruncatedPngIsAnErrorNotACrash) {
  const std::string bytes = encode_png(sample_image());
  for (std::size_t keep : {8ul, 20ul, 40ul, bytes.size() / 2, bytes.size() - 13}) {
    auto r = decode_png(std::string_view(bytes).substr(0, keep), "cut.png");
    ASSERT_FALSE(r) << keep;
    EXPECT_EQ(r.error().file, "cut.png");
  }
}

TEST(PngIo, AMissingFileIsAnError) {
  auto r = read_png("/nonexistent/framecheck.png");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("/nonexistent/framecheck.png"), std::string::npos);
}

TEST(PngIo, WriteIsAtomicAndReadable) {
  const TestFolder dir;
  const fs::path p = dir / "framecheck-png-io-test.png";
  ASSERT_TRUE(write_png(sample_image(), p));
  auto r = read_png(p);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, sample_image());
}

}  // namespace
}  // namespace framecheck

namespace framecheck {
namespace {

// The fast encoder (diff pictures) writes a palette when the colours fit in one, RGBA when not;
// either way the image reads back exactly, translucent and transparent pixels included.
TEST(PngIo, TheFastEncoderUsesAPaletteWhereItFitsAndReadsBackExactly) {
  Image few(40, 30);
  for (std::size_t i = 0; i < few.pixels(); ++i) {
    const auto shade = static_cast<std::uint8_t>(200 + i % 50);
    few.rgba[4 * i] = i % 97 == 0 ? 255 : shade;
    few.rgba[4 * i + 1] = i % 97 == 0 ? 0 : shade;
    few.rgba[4 * i + 2] = i % 97 == 0 ? 0 : shade;
    few.rgba[4 * i + 3] = i % 13 == 0 ? 0 : (i % 7 == 0 ? 128 : 255);
  }
  const std::string palette = encode_png(few, PngEffort::kFast);
  EXPECT_EQ(palette[25], 3) << "colour type: palette";
  auto back = decode_png(palette, "palette");
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_TRUE(*back == few);

  Image many = sample_image();  // 15 pixels, all different
  Image wide(64, 64);           // 4096 colours
  for (std::size_t i = 0; i < wide.pixels(); ++i) {
    wide.rgba[4 * i] = static_cast<std::uint8_t>(i & 0xff);
    wide.rgba[4 * i + 1] = static_cast<std::uint8_t>(i >> 8);
    wide.rgba[4 * i + 2] = 7;
    wide.rgba[4 * i + 3] = 255;
  }
  const std::string rgba = encode_png(wide, PngEffort::kFast);
  EXPECT_EQ(rgba[25], 6) << "colour type: RGBA, past 256 colours";
  auto wide_back = decode_png(rgba, "rgba");
  ASSERT_TRUE(wide_back);
  EXPECT_TRUE(*wide_back == wide);
  auto many_back = decode_png(encode_png(many, PngEffort::kFast), "many");
  ASSERT_TRUE(many_back);
  EXPECT_TRUE(*many_back == many);
}

// libpng, another reader than framecheck's, decodes what the fast encoder wrote.
std::optional<Image> read_with_libpng(const std::string& bytes) {
  png_image png{};
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, bytes.data(), bytes.size())) return std::nullopt;
  png.format = PNG_FORMAT_RGBA;
  Image image(static_cast<int>(png.width), static_cast<int>(png.height));
  if (!png_image_finish_read(&png, nullptr, image.rgba.data(), 0, nullptr)) return std::nullopt;
  return image;
}

// Pictures of every size the compressor splits differently (one part to several), as a palette
// with translucent entries and as RGBA with the Sub filter, read back exactly by libpng.
TEST(PngIo, TheFastEncoderIsReadExactlyByLibpngAtEverySize) {
  for (const int side : {1, 7, 300, 700}) {
    Image few(side, side + 3), many(side, side + 3);
    for (std::size_t i = 0; i < few.pixels(); ++i) {
      const auto shade = static_cast<std::uint8_t>(220 + (i * 2654435761u >> 13) % 30);
      std::uint8_t* f = few.rgba.data() + 4 * i;
      f[0] = f[1] = f[2] = shade;
      f[3] = i % 11 == 0 ? 128 : 255;
      std::uint8_t* m = many.rgba.data() + 4 * i;
      m[0] = static_cast<std::uint8_t>(i);
      m[1] = static_cast<std::uint8_t>(i >> 8);
      m[2] = static_cast<std::uint8_t>(i * 7);
      m[3] = 255;  // straight alpha reads back exactly only where opaque
    }
    const std::string palette = encode_png(few, PngEffort::kFast);
    EXPECT_EQ(palette[25], 3) << side;
    const std::optional<Image> few_back = read_with_libpng(palette);
    ASSERT_TRUE(few_back) << side;
    EXPECT_TRUE(*few_back == few) << side;
    if (many.pixels() <= 256) continue;  // every colour fits a palette
    const std::string rgba = encode_png(many, PngEffort::kFast);
    EXPECT_EQ(rgba[25], 6) << side;
    const std::optional<Image> many_back = read_with_libpng(rgba);
    ASSERT_TRUE(many_back) << side;
    EXPECT_TRUE(*many_back == many) << side;
  }
}

// A palette picture is written as it is held, palette and indices, with tRNS only where an entry
// is translucent: libpng reads back what to_image says it holds, at sizes the compressor splits
// into one part and into several.
TEST(PngIo, APalettePictureIsReadByLibpngAsItsImage) {
  for (const int side : {1, 300, 700}) {
    for (const bool translucent : {false, true}) {
      PalettePicture picture;
      picture.width = side;
      picture.height = side + 2;
      picture.palette = {0xff0000ffu, 0xff00ff00u, translucent ? 0x00000000u : 0xffff0000u};
      for (int level = 3; level < 256; ++level)
        picture.palette.push_back(static_cast<std::uint32_t>(level) * 0x010101u | 0xff000000u);
      for (int y = 0; y < picture.height; ++y) {
        picture.rows.push_back(0);
        for (int x = 0; x < side; ++x)
          picture.rows.push_back(static_cast<std::uint8_t>((x * 7 + y * 3) % 256));
      }
      const std::string bytes = encode_png(picture);
      EXPECT_EQ(bytes[25], 3) << side;
      EXPECT_EQ(bytes.find("tRNS") != std::string::npos, translucent) << side;
      const std::optional<Image> back = read_with_libpng(bytes);
      ASSERT_TRUE(back) << side;
      EXPECT_TRUE(*back == to_image(picture)) << side << " translucent " << translucent;
    }
  }
}

// A picture of a million pixels or more is indexed in two halves at once. The palette must be the
// one a single pass gives (colours in the order first met, greys and others alike), and two
// halves that fit 256 colours each but not together must fall back to RGBA.
TEST(PngIo, ALargePictureIndexedInHalvesHasTheSinglePassPalette) {
  const auto picture = [](int distinct_per_half) {
    Image image(1024, 1026);
    for (std::size_t i = 0; i < image.pixels(); ++i) {
      const bool second = i >= image.pixels() / 2;
      // Greys shared by both halves, then colours of each half's own.
      const auto k = static_cast<std::uint32_t>((i * 2654435761u) >> 7) %
                     static_cast<std::uint32_t>(distinct_per_half);
      std::uint8_t* p = image.rgba.data() + 4 * i;
      if (k < 40) {
        p[0] = p[1] = p[2] = static_cast<std::uint8_t>(200 + k);
        p[3] = 255;
      } else {
        p[0] = static_cast<std::uint8_t>(k);
        p[1] = second ? 1 : 2;
        p[2] = 9;
        p[3] = k % 3 == 0 ? 128 : 255;
      }
    }
    return image;
  };
  const Image fits = picture(120);  // 40 greys + 80 + 80 colours: 200 in all
  const std::string palette = encode_png(fits, PngEffort::kFast);
  ASSERT_EQ(palette[25], 3) << "colour type: palette";
  // The PLTE chunk follows IHDR (33 bytes in): its entries in first-met order.
  std::vector<std::uint32_t> first_met;
  for (std::size_t i = 0; i < fits.pixels(); ++i) {
    const std::uint8_t* p = fits.rgba.data() + 4 * i;
    const std::uint32_t rgb = p[0] | p[1] << 8 | p[2] << 16;
    if (std::find(first_met.begin(), first_met.end(), rgb) == first_met.end())
      first_met.push_back(rgb);
  }
  const auto* plte = reinterpret_cast<const std::uint8_t*>(palette.data()) + 33;
  const std::uint32_t entries = (plte[0] << 24 | plte[1] << 16 | plte[2] << 8 | plte[3]) / 3;
  ASSERT_EQ(std::string(palette.data() + 37, 4), "PLTE");
  ASSERT_EQ(entries, first_met.size());
  for (std::size_t e = 0; e < entries; ++e) {
    const std::uint8_t* c = plte + 8 + 3 * e;
    EXPECT_EQ(static_cast<std::uint32_t>(c[0] | c[1] << 8 | c[2] << 16), first_met[e]) << e;
  }
  auto back = decode_png(palette, "halves");
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_TRUE(*back == fits);

  const Image too_many = picture(180);  // 40 greys + 140 + 140 colours: 320 in all
  const std::string rgba = encode_png(too_many, PngEffort::kFast);
  EXPECT_EQ(rgba[25], 6) << "colour type: RGBA, past 256 colours over both halves";
  auto rgba_back = decode_png(rgba, "too many");
  ASSERT_TRUE(rgba_back);
  EXPECT_TRUE(*rgba_back == too_many);
}

}  // namespace
}  // namespace framecheck
