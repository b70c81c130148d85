// PNG files: reading into an Image, writing Images and palette pictures, always atomically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <framecheck/image/image.hpp>
#include <framecheck/image/palette_picture.hpp>
#include <framecheck/io/result.hpp>
#include <string>
#include <string_view>

namespace framecheck {

// The largest PNG file framecheck reads; a larger one (or an endless stream) is bad input.
inline constexpr std::size_t kMaxPngBytes = std::size_t{512} << 20;

// The most pixels one image may have unless a caller says otherwise: 100 million (10000x10000,
// 400 MB decoded). A larger image is refused from its header, before anything is allocated.
inline constexpr std::uint64_t kDefaultMaxPixels = 100'000'000;

struct PngLimits {
  std::uint64_t max_pixels = kDefaultMaxPixels;
};

// What a PNG's IHDR says, read without decoding (every chunk's length is checked against the
// file's size on the way): enough to refuse a bomb or to compare two sizes.
struct PngHeader {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int bit_depth = 0;
  int color_type = 0;
  bool interlaced = false;
};
Result<PngHeader> read_png_header(std::string_view bytes, const std::string& name);
// An Error naming the file and its size when the header declares more pixels than allowed.
Status check_png_limits(const PngHeader& header, const std::string& name, const PngLimits& limits);

// Reads a PNG into 8-bit straight RGBA exactly as pngjs 7 (pixelmatch's reader) does: every
// colour type, bit depths 1 to 16, palettes and tRNS, Adam7; the stored samples as they are (no
// gamma or colour-space conversion, whatever gAMA, cHRM, sRGB or iCCP say); 16-bit samples as
// round(v * 255 / 65535). A missing, truncated or corrupt file, one over the pixel limit, and
// running out of memory are Errors naming the file; nothing throws.
Result<Image> read_png(const std::filesystem::path& path, const PngLimits& limits = {});
// Decodes PNG bytes; `name` is what errors call the input.
Result<Image> decode_png(std::string_view bytes, const std::string& name,
                         const PngLimits& limits = {});

// How hard an encoder works: small files (zlib's default level; the same bytes on every machine,
// which goldens need) or speed (a palette where the colours fit, compressed by ISA-L's fastest
// level on every core: the same pixels everywhere and the same bytes run after run, but the
// bytes may differ between CPUs, as ISA-L picks its code by CPU).
enum class PngEffort { kSmall, kFast };

// Encodes an Image as an 8-bit PNG: RGBA, or a palette for kFast where the colours fit.
std::string encode_png(const Image& image, PngEffort effort = PngEffort::kSmall);

// Encodes a palette picture as a palette PNG (with tRNS where a colour is translucent), rows as
// they are, compressed as kFast compresses.
std::string encode_png(const PalettePicture& picture);

// Writes through a temporary file and a rename, so `path` is never half-written.
Status write_png(const Image& image, const std::filesystem::path& path,
                 PngEffort effort = PngEffort::kSmall);
Status write_png(const PalettePicture& picture, const std::filesystem::path& path);

}  // namespace framecheck
