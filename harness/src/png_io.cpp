#include <libdeflate.h>
#include <png.h>

#include <algorithm>
#include <array>
#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <framecheck/output_file.hpp>
#include <framecheck/png_io.hpp>
#include <fstream>
#include <new>
#include <optional>
#include <sstream>
#include <system_error>
#include <thread>
#include <vector>

#include "png_chunks.hpp"

namespace framecheck {
namespace {

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string encode_png(cairo_surface_t* surface) {
  cairo_surface_flush(surface);
  std::string bytes;
  cairo_surface_write_to_png_stream(surface, append_to_string, &bytes);
  return bytes;
}

namespace {

void append_to_png_string(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char*>(data), length);
}

// An image as palette indices, when it has at most 256 colours (a diff picture has a few dozen:
// the faded greys, red, yellow). The indices are laid out as PNG's image data: each row after
// its filter byte (0, none).
struct Indexed {
  std::vector<std::uint32_t> colours;  // RGBA, as read from memory
  std::vector<png_byte> rows;
};

// Rows [y0, y1) of the image into their place in `rows`, with their own palette: false past 256
// colours.
bool index_rows(const Image& image, int y0, int y1, std::vector<std::uint32_t>& colours,
                std::vector<png_byte>& rows) {
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

// A palette PNG written directly: the indices compressed at once by libdeflate's fastest level,
// several times zlib's speed, the chunks around them by hand (a palette, its alpha where any
// colour is translucent, no filter). Every reader, pixelmatch's included, reads the same RGBA.
std::string encode_palette_png(const Image& image, const Indexed& indexed) {
  std::string out(png_chunks::kSignature);
  std::string ihdr;
  append_be32(ihdr, static_cast<std::uint32_t>(image.width));
  append_be32(ihdr, static_cast<std::uint32_t>(image.height));
  ihdr.append({8, 3, 0, 0, 0});  // 8-bit indices, palette, deflate, adaptive filters, no Adam7
  append_chunk(out, "IHDR", ihdr.data(), ihdr.size());
  std::string palette, alpha;
  for (std::uint32_t c : indexed.colours) {
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
  libdeflate_compressor* compressor = libdeflate_alloc_compressor(1);
  if (compressor == nullptr) throw std::bad_alloc();
  std::string idat(libdeflate_zlib_compress_bound(compressor, indexed.rows.size()), '\0');
  idat.resize(libdeflate_zlib_compress(compressor, indexed.rows.data(), indexed.rows.size(),
                                       idat.data(), idat.size()));
  libdeflate_free_compressor(compressor);
  append_chunk(out, "IDAT", idat.data(), idat.size());
  append_chunk(out, "IEND", nullptr, 0);
  return out;
}

// A palette where the colours fit in one (a quarter of the bytes to compress); otherwise libpng's
// full API, for what the simplified one cannot set: zlib's fastest level and the Sub filter.
std::string encode_png_fast(const Image& image) {
  if (const std::optional<Indexed> indexed = index_colours(image))
    return encode_palette_png(image, *indexed);
  std::string bytes;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return {};
  }
  png_set_write_fn(png, &bytes, append_to_png_string, nullptr);
  png_set_compression_level(png, 1);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_set_IHDR(png, info, static_cast<png_uint_32>(image.width),
               static_cast<png_uint_32>(image.height), 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  const std::size_t row = image.width * std::size_t{4};
  for (int y = 0; y < image.height; ++y)
    png_write_row(png, image.rgba.data() + static_cast<std::size_t>(y) * row);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return bytes;
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

Status write_png(cairo_surface_t* surface, const std::filesystem::path& path) {
  return write_output_file(path, encode_png(surface));
}

Status write_png(const Image& image, const std::filesystem::path& path, PngEffort effort) {
  return write_output_file(path, encode_png(image, effort));
}

}  // namespace framecheck
