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
