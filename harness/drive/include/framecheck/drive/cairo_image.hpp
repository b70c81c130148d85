// Cairo surfaces as Images and PNG files: the one place the image code meets Cairo, so that
// reading and comparing PNGs (framecheck/image) needs none.
#pragma once

#include <cairo.h>

#include <filesystem>
#include <framecheck/image/image.hpp>
#include <framecheck/io/result.hpp>
#include <string>

namespace framecheck {

// The pixels of a Cairo ARGB32 or RGB24 image surface, un-premultiplied exactly as Cairo's own
// PNG writer does, so an image taken here equals the same surface written and read back.
Image image_from_surface(cairo_surface_t* surface);

// Encodes an image surface as PNG bytes, exactly as write_png(surface) would write them.
std::string encode_png(cairo_surface_t* surface);

// Writes through a temporary file and a rename, so `path` is never half-written.
Status write_png(cairo_surface_t* surface, const std::filesystem::path& path);

}  // namespace framecheck
