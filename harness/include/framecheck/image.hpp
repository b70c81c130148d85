// Image: straight-alpha RGBA pixels, the form PNG files and the pixel diff work in.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <vector>

namespace framecheck {

// Width x height pixels, 4 bytes each (R, G, B, A, not premultiplied), rows top to bottom.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(static_cast<std::size_t>(w) * h * 4) {}
  std::size_t pixels() const { return static_cast<std::size_t>(width) * height; }
  friend bool operator==(const Image&, const Image&) = default;
};

// The pixels of a Cairo ARGB32 or RGB24 image surface, un-premultiplied exactly as Cairo's own
// PNG writer does, so an image taken here equals the same surface written and read back.
Image image_from_surface(cairo_surface_t* surface);

}  // namespace framecheck
