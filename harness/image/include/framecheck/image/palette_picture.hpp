// PalettePicture: a diff picture held as a PNG stores a palette image. Each pixel is one byte,
// a quarter of RGBA's memory, and its colours are known before a pixel is drawn, so writing the
// file needs no pass to find them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <framecheck/image/image.hpp>
#include <vector>

namespace framecheck {

// Width x height palette indices, each row after its PNG filter byte (0, none), rows top to
// bottom: the bytes a PNG compresses, as they are.
struct PalettePicture {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> palette;  // index -> RGBA, as an Image holds a pixel in memory
  std::vector<std::uint8_t, detail::DefaultInitAllocator<std::uint8_t>>
      rows;  // filled by its producer

  // The pixel at (x, y) as an index into the palette.
  std::uint8_t index(int x, int y) const {
    return rows[static_cast<std::size_t>(y) * (static_cast<std::size_t>(width) + 1) + 1 +
                static_cast<std::size_t>(x)];
  }
};

// The picture as RGBA pixels: what any PNG reader makes of it.
Image to_image(const PalettePicture& picture);

}  // namespace framecheck
