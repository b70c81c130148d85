#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/png_io.hpp>
#include <fstream>

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

TEST(PngIo, ASurfaceReadsBackAsImageFromSurfaceSays) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 8);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgba(cr, 0.9, 0.3, 0.2, 0.37);  // translucent: premultiplied inside Cairo
  cairo_paint(cr);
  cairo_set_source_rgba(cr, 0.1, 0.8, 0.4, 1.0);
  cairo_rectangle(cr, 3.3, 1.7, 6, 4);
  cairo_fill(cr);
  cairo_destroy(cr);
  auto decoded = decode_png(encode_png(s), "mem");
  ASSERT_TRUE(decoded);
  EXPECT_EQ(*decoded, image_from_surface(s));
  cairo_surface_destroy(s);
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
  const fs::path p = fs::temp_directory_path() / "framecheck-png-io-test.png";
  ASSERT_TRUE(write_png(sample_image(), p));
  auto r = read_png(p);
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, sample_image());
  fs::remove(p);
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

}  // namespace
}  // namespace framecheck
