// Reading PNGs exactly as pixelmatch's CLI does (through pngjs 7): the stored samples, with no
// colour-space or gamma conversion; palettes, tRNS and grey expanded; 16-bit samples scaled by
// round(v * 255 / 65535). The common 8-bit RGB and RGBA file takes a fast path (libdeflate, see
// png_fast_path.hpp); libpng's full API decodes everything else, with each transform explicit.
#include <png.h>

#include <csetjmp>
#include <cstring>
#include <framecheck/image/png_io.hpp>
#include <framecheck/io/input_file.hpp>
#include <new>

#include "png_chunks.hpp"
#include "png_fast_path.hpp"

namespace framecheck {
namespace {

using png_chunks::be32;
using png_chunks::kSignature;

// Walks the chunks without decoding anything: every declared length must fit in what is left of
// the file, so no chunk can make a small file cost more than its own size to read.
Result<PngHeader> scan(std::string_view bytes, const std::string& name) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  if (!bytes.starts_with(kSignature))
    return Error{name, "byte 0", "not a PNG file (no PNG signature)"};
  PngHeader header;
  std::size_t at = kSignature.size();
  bool first = true;
  while (true) {
    if (bytes.size() - at < 12) {
      return Error{name, "byte " + std::to_string(at),
                   "truncated PNG: the file ends before its IEND chunk"};
    }
    const std::uint32_t length = be32(data + at);
    const std::string type(bytes.substr(at + 4, 4));
    if (length > 0x7fffffffu || length > bytes.size() - at - 12) {
      return Error{name, "byte " + std::to_string(at),
                   "chunk '" + type + "' declares " + std::to_string(length) + " bytes, but " +
                       std::to_string(bytes.size() - at - 12) +
                       " remain: truncated or corrupt PNG"};
    }
    if (first) {
      if (type != "IHDR" || length != 13)
        return Error{name, "byte 8", "the first chunk must be a 13-byte IHDR, not '" + type + "'"};
      header.width = be32(data + at + 8);
      header.height = be32(data + at + 12);
      header.bit_depth = data[at + 16];
      header.color_type = data[at + 17];
      header.interlaced = data[at + 20] != 0;
      if (header.width == 0 || header.height == 0 || header.width > 0x7fffffffu ||
          header.height > 0x7fffffffu) {
        return Error{name, "byte 16",
                     "invalid image size " + std::to_string(header.width) + "x" +
                         std::to_string(header.height)};
      }
      first = false;
    }
    at += 12 + std::size_t{length};
    if (type == "IEND") return header;
  }
}

// libpng reports errors through a callback that must not return: it jumps back to decode's
// setjmp with the message kept here.
struct ReadState {
  std::string_view bytes;
  std::size_t at = 0;
  std::string message;
};

void read_from_memory(png_structp png, png_bytep out, png_size_t length) {
  auto* state = static_cast<ReadState*>(png_get_io_ptr(png));
  if (length > state->bytes.size() - state->at) png_error(png, "unexpected end of data");
  std::memcpy(out, state->bytes.data() + state->at, length);
  state->at += length;
}

void on_error(png_structp png, png_const_charp message) {
  static_cast<ReadState*>(png_get_error_ptr(png))->message = message;
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}  // pngjs ignores what libpng only warns of

// Chunks pngjs never reads: skipped, so their contents (compressed text above all) cost nothing.
constexpr png_byte kIgnored[] =
    "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf\0tIME\0pHYs\0bKGD\0hIST\0oFFs\0"
    "pCAL\0sCAL\0sBIT\0cHRM\0sRGB\0gAMA\0";

}  // namespace

Result<PngHeader> read_png_header(std::string_view bytes, const std::string& name) {
  return scan(bytes, name);
}

Status check_png_limits(const PngHeader& header, const std::string& name, const PngLimits& limits) {
  const std::uint64_t pixels = std::uint64_t{header.width} * header.height;
  if (pixels <= limits.max_pixels) return Ok{};
  return Error{name, "",
               "the image is " + std::to_string(header.width) + "x" +
                   std::to_string(header.height) + " (" + std::to_string(pixels) +
                   " pixels), over the limit of " + std::to_string(limits.max_pixels) +
                   " pixels (--max-pixels raises it)"};
}

Result<Image> decode_png(std::string_view bytes, const std::string& name, const PngLimits& limits) {
  Result<PngHeader> header = scan(bytes, name);
  if (!header) return header.error();
  if (Status s = check_png_limits(*header, name, limits); !s) return s.error();
  const std::uint64_t pixels = std::uint64_t{header->width} * header->height;
  const auto out_of_memory = [&] {
    return Error{name, "",
                 "out of memory: the image is " + std::to_string(header->width) + "x" +
                     std::to_string(header->height) + " and needs " +
                     std::to_string(pixels * 4 >> 20) + " MiB"};
  };
  try {
    if (std::optional<Image> fast = decode_png_fast(bytes, *header)) return std::move(*fast);
  } catch (const std::bad_alloc&) {
    return out_of_memory();
  }

  ReadState state{bytes, 0, {}};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
  if (png == nullptr) return Error{name, "", "out of memory starting the PNG reader"};
  png_infop info = png_create_info_struct(png);
  Image image;  // before setjmp, so a jump back never skips its construction or destruction
  std::vector<png_bytep> rows;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return Error{name, "", "truncated or corrupt PNG data (" + state.message + ")"};
  }
  if (info == nullptr) png_error(png, "out of memory");
  png_set_read_fn(png, &state, read_from_memory);
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);  // the pixel limit above is the one that counts
  png_set_chunk_malloc_max(png, bytes.size() + 1024);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, kIgnored,
                              static_cast<int>(sizeof kIgnored / 5));
  // Like pngjs, a chunk whose CRC is wrong makes the file unreadable, ancillary or not.
  png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
  png_read_info(png, info);

  const png_byte color = png_get_color_type(png, info);
  const png_byte depth = png_get_bit_depth(png, info);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (depth == 16) png_set_scale_16(png);  // round(v * 255 / 65535), as pngjs rounds
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != std::size_t{header->width} * 4)
    png_error(png, "unexpected row layout after the transforms");

  try {
    image = Image(static_cast<int>(header->width), static_cast<int>(header->height));
    rows.resize(header->height);
  } catch (const std::bad_alloc&) {
    png_destroy_read_struct(&png, &info, nullptr);
    return out_of_memory();
  }
  for (std::uint32_t y = 0; y < header->height; ++y)
    rows[y] = image.rgba.data() + std::size_t{y} * header->width * 4;
  png_read_image(png, rows.data());
  png_read_end(png, nullptr);
  const bool colour_key =
      color != PNG_COLOR_TYPE_PALETTE && png_get_valid(png, info, PNG_INFO_tRNS);
  png_destroy_read_struct(&png, &info, nullptr);
  if (colour_key) {
    // pngjs writes a pixel that matches a grey or RGB tRNS key as 0, 0, 0, 0, where libpng keeps
    // the key's colour under its alpha of 0.
    for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
      if (image.rgba[i + 3] == 0) image.rgba[i] = image.rgba[i + 1] = image.rgba[i + 2] = 0;
    }
  }
  return image;
}

Result<Image> read_png(const std::filesystem::path& path, const PngLimits& limits) {
  Result<std::string> bytes = read_input_file(path, kMaxPngBytes, "a PNG");
  if (!bytes) return bytes.error();
  return decode_png(*bytes, path.string(), limits);
}

}  // namespace framecheck
