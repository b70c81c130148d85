// PNG files: reading into an Image, writing Images and Cairo surfaces, always atomically.
#pragma once

#include <cairo.h>

#include <cstddef>
#include <filesystem>
#include <framecheck/image.hpp>
#include <framecheck/result.hpp>
#include <string>
#include <string_view>

namespace framecheck {

// The largest PNG file framecheck reads; a larger one (or an endless stream) is bad input.
inline constexpr std::size_t kMaxPngBytes = std::size_t{512} << 20;

// Reads a PNG of any colour type and depth into 8-bit straight RGBA. A missing file, a file that
// is not a PNG, and a truncated or corrupt one are Errors naming the file and what was wrong.
Result<Image> read_png(const std::filesystem::path& path);
// Decodes PNG bytes; `name` is what errors call the input.
Result<Image> decode_png(std::string_view bytes, const std::string& name);

// Encodes an image surface as PNG bytes, exactly as write_png(surface) would write them.
std::string encode_png(cairo_surface_t* surface);
// How hard an encoder works: small files (zlib's default) or speed (its fastest level).
enum class PngEffort { kSmall, kFast };

// Encodes an Image as an 8-bit RGBA PNG.
std::string encode_png(const Image& image, PngEffort effort = PngEffort::kSmall);

// Writes through a temporary file and a rename, so `path` is never half-written.
Status write_png(cairo_surface_t* surface, const std::filesystem::path& path);
Status write_png(const Image& image, const std::filesystem::path& path,
                 PngEffort effort = PngEffort::kSmall);

}  // namespace framecheck
