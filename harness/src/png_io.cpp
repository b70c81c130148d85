#include <png.h>

#include <csetjmp>
#include <cstring>
#include <framecheck/output_file.hpp>
#include <framecheck/png_io.hpp>
#include <fstream>
#include <sstream>

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

// libpng's full API, for what the simplified one cannot set: zlib's fastest level and the Sub
// filter, which a diff picture (mostly flat grey) compresses well with anyway.
std::string encode_png_fast(const Image& image) {
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
  for (int y = 0; y < image.height; ++y) {
    png_write_row(png, image.rgba.data() + static_cast<std::size_t>(y) * image.width * 4);
  }
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
