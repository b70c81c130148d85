#include <cstring>
#include <framecheck/image/palette_picture.hpp>

namespace framecheck {

Image to_image(const PalettePicture& picture) {
  Image image(picture.width, picture.height);
  std::uint8_t* out = image.rgba.data();
  for (int y = 0; y < picture.height; ++y) {
    for (int x = 0; x < picture.width; ++x, out += 4)
      std::memcpy(out, &picture.palette.at(picture.index(x, y)), 4);
  }
  return image;
}

}  // namespace framecheck
