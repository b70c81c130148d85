#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/image/png_io.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

TEST(CairoImage, ASurfaceReadsBackAsImageFromSurfaceSays) {
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

TEST(CairoImage, WritePngWritesTheBytesEncodePngGives) {
  const TestFolder dir;
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 7, 5);
  cairo_t* cr = cairo_create(s);
  cairo_set_source_rgb(cr, 0.25, 0.5, 0.75);
  cairo_paint(cr);
  cairo_destroy(cr);
  const std::filesystem::path p = dir / "cairo_image_test.png";
  ASSERT_TRUE(write_png(s, p));
  auto read = read_png(p);
  ASSERT_TRUE(read) << read.error().message();
  EXPECT_EQ(*read, image_from_surface(s));
  EXPECT_EQ(read->rgba[0], 64);
  EXPECT_EQ(read->rgba[3], 255);
  cairo_surface_destroy(s);
}

}  // namespace
}  // namespace framecheck
