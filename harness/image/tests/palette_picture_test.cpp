#include <gtest/gtest.h>

#include <cstring>
#include <framecheck/image/palette_picture.hpp>

namespace framecheck {
namespace {

// Each row's first byte is its filter, not a pixel: to_image skips it and looks every index up.
TEST(PalettePicture, ToImageLooksUpEachIndexPastEachRowsFilterByte) {
  PalettePicture picture;
  picture.width = 3;
  picture.height = 2;
  const std::uint8_t red[4] = {255, 0, 0, 255}, clear[4] = {0, 0, 0, 0}, grey[4] = {9, 9, 9, 255};
  for (const std::uint8_t* c : {red, clear, grey}) {
    std::uint32_t w;
    std::memcpy(&w, c, 4);
    picture.palette.push_back(w);
  }
  picture.rows = {0, 2, 1, 0, 0, 0, 0, 2};
  EXPECT_EQ(picture.index(0, 1), 0);
  EXPECT_EQ(picture.index(2, 1), 2);
  const Image image = to_image(picture);
  ASSERT_EQ(image.width, 3);
  ASSERT_EQ(image.height, 2);
  const std::uint8_t expected[] = {9,   9, 9, 255, 0,   0, 0, 0,   255, 0, 0, 255,
                                   255, 0, 0, 255, 255, 0, 0, 255, 9,   9, 9, 255};
  ASSERT_EQ(image.rgba.size(), sizeof expected);
  EXPECT_EQ(std::memcmp(image.rgba.data(), expected, sizeof expected), 0);
}

}  // namespace
}  // namespace framecheck
