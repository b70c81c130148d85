#include "png_fast_path.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "png_chunks.hpp"
#include "png_unfilter_sse2.hpp"

namespace framecheck {
namespace {

using png_chunks::be32;

bool is_critical(const unsigned char* type) {
  return (type[0] & 0x20) == 0;
}

// The bytes of every IDAT chunk, in order, if the file is one the fast path takes: every CRC
// right, no tRNS, no critical chunk but IHDR, PLTE, IDAT and IEND, the IDATs in one run.
// `scan` has checked every length against the file already. One IDAT (as many encoders write)
// is used where it lies; several are joined in `storage`.
bool image_data(std::string_view bytes, std::vector<unsigned char>& storage,
                std::span<const unsigned char>& out) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t at = png_chunks::kSignature.size();
  int idat_runs = 0;
  bool in_idat = false;
  std::span<const unsigned char> first;  // the first IDAT's data, used in place if it is the only
  while (true) {
    const std::uint32_t length = be32(data + at);
    const unsigned char* type = data + at + 4;
    if (png_chunks::crc(type, length) != be32(type + 4 + length)) return false;
    const bool idat = std::memcmp(type, "IDAT", 4) == 0;
    if (idat) {
      if (!in_idat) ++idat_runs;
      if (first.data() == nullptr) {
        first = {type + 4, length};
      } else {
        if (storage.empty()) storage.assign(first.begin(), first.end());
        storage.insert(storage.end(), type + 4, type + 4 + length);
      }
    } else if (std::memcmp(type, "tRNS", 4) == 0) {
      return false;
    } else if (is_critical(type) && std::memcmp(type, "IHDR", 4) != 0 &&
               std::memcmp(type, "PLTE", 4) != 0 && std::memcmp(type, "IEND", 4) != 0) {
      return false;
    }
    in_idat = idat;
    at += 12 + std::size_t{length};
    if (std::memcmp(type, "IEND", 4) == 0) {
      out = storage.empty() ? first : std::span<const unsigned char>(storage);
      return idat_runs == 1;
    }
  }
}

int paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

// Undoes one row's filter in place; `prior` is the row above, already unfiltered (zeros for the
// first), `bpp` bytes a pixel. False for a filter type PNG does not have.
bool unfilter(unsigned char* row, const unsigned char* prior, std::size_t n, std::size_t bpp,
              int filter) {
#ifdef FRAMECHECK_SIMD_X86
  if (bpp == 4) {
    switch (filter) {
      case 1:
        return detail::sub4(row, n), true;
      case 3:
        return detail::avg4(row, prior, n), true;
      case 4:
        return detail::paeth4(row, prior, n), true;
      default:
        break;  // none and up need no help
    }
  }
#endif
  switch (filter) {
    case 0:
      return true;
    case 1:
      for (std::size_t i = bpp; i < n; ++i)
        row[i] = static_cast<unsigned char>(row[i] + row[i - bpp]);
      return true;
    case 2: {
      std::size_t i = 0;
#ifdef FRAMECHECK_SIMD_X86
      i = detail::up16(row, prior, n);
#endif
      for (; i < n; ++i)
        row[i] = static_cast<unsigned char>(row[i] + prior[i]);
      return true;
    }
    case 3:
      for (std::size_t i = 0; i < bpp; ++i)
        row[i] = static_cast<unsigned char>(row[i] + (prior[i] >> 1));
      for (std::size_t i = bpp; i < n; ++i)
        row[i] = static_cast<unsigned char>(row[i] + ((row[i - bpp] + prior[i]) >> 1));
      return true;
    case 4:
      for (std::size_t i = 0; i < bpp; ++i)
        row[i] = static_cast<unsigned char>(row[i] + prior[i]);
      for (std::size_t i = bpp; i < n; ++i)
        row[i] = static_cast<unsigned char>(row[i] + paeth(row[i - bpp], prior[i], prior[i - bpp]));
      return true;
    default:
      return false;
  }
}

// A row of RGB pixels as opaque RGBA at `to`, which may overlap `from` so long as each pixel's
// four bytes end where the next pixel's three begin, or before. Each pixel is read as a word
// (its three bytes and the next one's first) before it is written, alpha set over the fourth.
void spread_rgb(const unsigned char* from, unsigned char* to, std::size_t width) {
  constexpr std::uint32_t kOpaque =
      std::endian::native == std::endian::little ? 0xff000000u : 0x000000ffu;
  std::size_t x = 0;
  for (; x + 1 < width; ++x) {
    std::uint32_t pixel;
    std::memcpy(&pixel, from + 3 * x, 4);
    pixel |= kOpaque;
    std::memcpy(to + 4 * x, &pixel, 4);
  }
  if (x < width) {  // the last pixel: its fourth byte may lie past the buffer
    const unsigned char r = from[3 * x], g = from[3 * x + 1], b = from[3 * x + 2];
    to[4 * x] = r;
    to[4 * x + 1] = g;
    to[4 * x + 2] = b;
    to[4 * x + 3] = 0xff;
  }
}

struct DecompressorDeleter {
  void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};

}  // namespace

std::optional<Image> decode_png_fast(std::string_view bytes, const PngHeader& header) {
  const auto* ihdr = reinterpret_cast<const unsigned char*>(bytes.data()) + 16;
  const bool rgba = header.color_type == 6;
  // Compression, filter method 0 (the only ones PNG has; libpng names any other).
  if (header.bit_depth != 8 || (header.color_type != 2 && !rgba) || header.interlaced ||
      ihdr[10] != 0 || ihdr[11] != 0) {
    return std::nullopt;
  }
  std::vector<unsigned char> joined;
  std::span<const unsigned char> compressed;
  if (!image_data(bytes, joined, compressed)) return std::nullopt;

  const std::size_t bpp = rgba ? 4 : 3;
  const std::size_t width = header.width;
  const std::size_t stride = 1 + width * bpp;
  const std::size_t expected = stride * header.height;
  Image image;
  image.width = static_cast<int>(header.width);
  image.height = static_cast<int>(header.height);
  // Both inflate into the image's own buffer. RGBA from its start: each row unfiltered and moved
  // down onto its place, which ends before the next row's bytes begin. RGB (three quarters of
  // the room) at its end: each row unfiltered, kept as the next one's prior, and spread to four
  // bytes a pixel onto its place, which never overtakes the bytes still to be read.
  const std::size_t pixels_size = width * header.height * 4;
  image.rgba.reserve(std::max(expected, pixels_size));
  image.rgba.resize(rgba ? expected : pixels_size);
  unsigned char* raw = image.rgba.data() + (rgba ? 0 : pixels_size - expected);
  const std::unique_ptr<libdeflate_decompressor, DecompressorDeleter> inflater(
      libdeflate_alloc_decompressor());
  if (!inflater) throw std::bad_alloc();
  std::size_t consumed = 0, produced = 0;
  // The stream must fill the image exactly and end where the data does.
  if (libdeflate_zlib_decompress_ex(inflater.get(), compressed.data(), compressed.size(), raw,
                                    expected, &consumed, &produced) != LIBDEFLATE_SUCCESS ||
      produced != expected || consumed != compressed.size()) {
    return std::nullopt;
  }

  std::vector<unsigned char> previous(width * bpp, 0);  // zeros above the first row
  const unsigned char* prior = previous.data();
  for (std::size_t y = 0; y < header.height; ++y) {
    unsigned char* row = raw + y * stride + 1;
    if (!unfilter(row, prior, width * bpp, bpp, row[-1])) return std::nullopt;
    unsigned char* out = image.rgba.data() + y * width * 4;
    if (rgba) {
      std::memmove(out, row, width * 4);
      prior = out;
    } else {
      std::memcpy(previous.data(), row, width * 3);
      spread_rgb(row, out, width);
    }
  }
  if (rgba) image.rgba.resize(width * header.height * 4);  // the filter bytes' room, let go
  return image;
}

}  // namespace framecheck
