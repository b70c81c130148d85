#include <png.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/output_file.hpp>
#include <fstream>
#include <new>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>
#include <vector>

#include "fast_zlib.hpp"
#include "png_chunks.hpp"

// Images to PNG; Cairo surfaces are written in png_surface.cpp, so that a program that only
// compares images (framecheck diff) does not load Cairo.
namespace framecheck {

namespace {

// Image data as PNG lays it out, each row after its filter byte; in pixel memory, since it is as
// large as a picture and every byte of it is written.
using Rows = std::vector<png_byte, detail::DefaultInitAllocator<png_byte>>;

// An image as palette indices, when it has at most 256 colours (a diff picture has a few dozen:
// the faded greys, red, yellow). Each row's filter byte is 0, none.
struct Indexed {
  std::vector<std::uint32_t> colours;  // RGBA, as read from memory
  Rows rows;
};

// Rows [y0, y1) of the image into their place in `rows`, with their own palette: false past 256
// colours.
bool index_rows(const Image& image, int y0, int y1, std::vector<std::uint32_t>& colours,
                Rows& rows) {
  const std::size_t width = static_cast<std::size_t>(image.width);
  std::array<std::int16_t, 4096> slots;  // open addressing: colour hash -> palette index
  slots.fill(-1);
  // Opaque greys, most of a diff picture (on a photo, hardly two neighbours alike), are found by
  // their level alone, with no branch to mispredict.
  std::array<std::int16_t, 256> greys;
  greys.fill(-1);
  const auto lookup = [&](std::uint32_t c) -> int {
    std::size_t h = (c * 2654435761u) >> 20;
    while (slots[h] >= 0 && colours[static_cast<std::size_t>(slots[h])] != c)
      h = (h + 1) & (slots.size() - 1);
    if (slots[h] < 0) {
      if (colours.size() == 256) return -1;
      slots[h] = static_cast<std::int16_t>(colours.size());
      colours.push_back(c);
    }
    return slots[h];
  };
  const std::uint8_t* p = image.rgba.data() + static_cast<std::size_t>(y0) * width * 4;
  png_byte* at = rows.data() + static_cast<std::size_t>(y0) * (width + 1);
  for (int y = y0; y < y1; ++y) {
    *at++ = 0;  // the row's filter: none
    for (std::size_t x = 0; x < width; ++x, p += 4) {
      std::uint32_t c;
      std::memcpy(&c, p, 4);
      const std::uint32_t level = c & 0xff;
      int index = -1;
      if (c == (level * 0x010101u | 0xff000000u)) {
        index = greys[level];
        if (index < 0) index = greys[level] = static_cast<std::int16_t>(lookup(c));
      } else {
        index = lookup(c);
      }
      if (index < 0) return false;
      *at++ = static_cast<png_byte>(index);
    }
  }
  return true;
}

// A large picture is indexed in two halves at once, each with its own palette; the second's
// colours are then appended to the first's in the order it met them and its indices mapped
// over. That is the palette, and the indices, a single pass would give: a colour first met in
// the second half is met there first overall.
std::optional<Indexed> index_colours(const Image& image) {
  Indexed out;
  const std::size_t width = static_cast<std::size_t>(image.width);
  out.rows.resize(image.pixels() + static_cast<std::size_t>(image.height));
  const int middle = image.pixels() >= (std::size_t{1} << 20) ? image.height / 2 : image.height;
  std::vector<std::uint32_t> second;
  bool second_fits = true;
  std::optional<std::thread> helper;
  if (middle < image.height) {
    try {
      helper.emplace(
          [&] { second_fits = index_rows(image, middle, image.height, second, out.rows); });
    } catch (const std::system_error&) {
      second_fits = index_rows(image, middle, image.height, second, out.rows);
    }
  }
  const bool first_fits = index_rows(image, 0, middle, out.colours, out.rows);
  if (helper) helper->join();
  if (!first_fits || !second_fits) return std::nullopt;
  if (second.empty()) return out;
  std::array<png_byte, 256> to{};
  for (std::size_t i = 0; i < second.size(); ++i) {
    const auto index = static_cast<std::size_t>(
        std::find(out.colours.begin(), out.colours.end(), second[i]) - out.colours.begin());
    if (index == out.colours.size()) {
      if (index == 256) return std::nullopt;
      out.colours.push_back(second[i]);
    }
    to[i] = static_cast<png_byte>(index);
  }
  png_byte* at = out.rows.data() + static_cast<std::size_t>(middle) * (width + 1);
  for (int y = middle; y < image.height; ++y, at += width + 1) {
    for (std::size_t x = 1; x <= width; ++x)
      at[x] = to[at[x]];
  }
  return out;
}

using png_chunks::append_be32;
using png_chunks::append_chunk;

// The chunks every fast PNG starts with: the signature and its header.
std::string png_start(int width, int height, std::uint8_t colour_type) {
  std::string out(png_chunks::kSignature);
  std::string ihdr;
  append_be32(ihdr, static_cast<std::uint32_t>(width));
  append_be32(ihdr, static_cast<std::uint32_t>(height));
  // 8 bits a sample, deflate, adaptive filters, no Adam7.
  ihdr.append({8, static_cast<char>(colour_type), 0, 0, 0});
  append_chunk(out, "IHDR", ihdr.data(), ihdr.size());
  return out;
}

// The image data, filtered rows compressed at once (fast_zlib), and the end.
void append_image_data(std::string& out, const Rows& rows) {
  const std::string idat = compress_zlib_fast(rows);
  append_chunk(out, "IDAT", idat.data(), idat.size());
  append_chunk(out, "IEND", nullptr, 0);
}

// A palette PNG written directly: a palette, its alpha where any colour is translucent, the
// indices unfiltered. Every reader, pixelmatch's included, reads the same RGBA.
std::string encode_palette_png(int width, int height, const std::vector<std::uint32_t>& colours,
                               const Rows& rows) {
  std::string out = png_start(width, height, 3);
  std::string palette, alpha;
  for (std::uint32_t c : colours) {
    std::uint8_t rgba[4];
    std::memcpy(rgba, &c, 4);
    palette.append(reinterpret_cast<const char*>(rgba), 3);
    alpha.push_back(static_cast<char>(rgba[3]));
  }
  append_chunk(out, "PLTE", palette.data(), palette.size());
  // Alpha entries up to the last translucent colour; the rest are opaque.
  while (!alpha.empty() && static_cast<std::uint8_t>(alpha.back()) == 255)
    alpha.pop_back();
  if (!alpha.empty()) append_chunk(out, "tRNS", alpha.data(), alpha.size());
  append_image_data(out, rows);
  return out;
}

// An RGBA PNG written directly, every row with the Sub filter (each byte less the same byte of
// the pixel to its left), which suits pictures too colourful for a palette.
std::string encode_rgba_png(const Image& image) {
  const std::size_t row = image.width * std::size_t{4};
  Rows rows((row + 1) * static_cast<std::size_t>(image.height));
  png_byte* at = rows.data();
  for (int y = 0; y < image.height; ++y, at += row + 1) {
    const std::uint8_t* line = image.rgba.data() + static_cast<std::size_t>(y) * row;
    at[0] = 1;  // Sub
    std::memcpy(at + 1, line, std::min<std::size_t>(row, 4));
    for (std::size_t i = 4; i < row; ++i)
      at[1 + i] = static_cast<png_byte>(line[i] - line[i - 4]);
  }
  std::string out = png_start(image.width, image.height, 6);
  append_image_data(out, rows);
  return out;
}

// A palette where the colours fit in one (a quarter of the bytes to compress), RGBA otherwise.
std::string encode_png_fast(const Image& image) {
  if (const std::optional<Indexed> indexed = index_colours(image))
    return encode_palette_png(image.width, image.height, indexed->colours, indexed->rows);
  return encode_rgba_png(image);
}

}  // namespace

std::string encode_png(const Image& image, PngEffort effort) {
  if (effort == PngEffort::kFast) return encode_png_fast(image);
  png_image png;
  std::memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  png.width = static_cast<png_uint_32>(image.width);
  png.height = static_cast<png_uint_32>(image.height);
  png.format = PNG_FORMAT_RGBA;
  png_alloc_size_t size = 0;
  png_image_write_to_memory(&png, nullptr, &size, 0, image.rgba.data(), 0, nullptr);
  std::string bytes(size, '\0');
  png_image_write_to_memory(&png, bytes.data(), &size, 0, image.rgba.data(), 0, nullptr);
  bytes.resize(size);
  return bytes;
}

Status write_png(const Image& image, const std::filesystem::path& path, PngEffort effort) {
  return write_output_file(path, encode_png(image, effort));
}

std::string encode_png(const PalettePicture& picture) {
  return encode_palette_png(picture.width, picture.height, picture.palette, picture.rows);
}

Status write_png(const PalettePicture& picture, const std::filesystem::path& path) {
  return write_output_file(path, encode_png(picture));
}

}  // namespace framecheck
