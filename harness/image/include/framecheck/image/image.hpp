// Image: straight-alpha RGBA pixels, the form PNG files and the pixel diff work in.
#pragma once

#include <cstdint>
#include <framecheck/image/detail/pixel_allocator.hpp>
#include <vector>

namespace framecheck {

// Width x height pixels, 4 bytes each (R, G, B, A, not premultiplied), rows top to bottom.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t, detail::DefaultInitAllocator<std::uint8_t>>
      rgba;  // filled by its producer

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(static_cast<std::size_t>(w) * h * 4) {}
  std::size_t pixels() const { return static_cast<std::size_t>(width) * height; }
  friend bool operator==(const Image& a, const Image& b) {
    return a.width == b.width && a.height == b.height && a.rgba == b.rgba;
  }
};

}  // namespace framecheck
