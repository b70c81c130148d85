#include <png.h>

#include <cstring>
#include <framecheck/atomic_file.hpp>
#include <framecheck/png_io.hpp>
#include <fstream>
#include <sstream>

namespace framecheck {
namespace {

constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Result<Image> decode_png(std::string_view bytes, const std::string& name) {
  if (bytes.size() < sizeof kSignature ||
      std::memcmp(bytes.data(), kSignature, sizeof kSignature) != 0) {
    return Error{name, "byte 0", "not a PNG file (no PNG signature)"};
  }
  png_image png;
  std::memset(&png, 0, sizeof png);
  png.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&png, bytes.data(), bytes.size())) {
    return Error{name, "", std::string("unreadable PNG header: ") + png.message};
  }
  png.format = PNG_FORMAT_RGBA;
  if (png.width > 32768 || png.height > 32768) {
    png_image_free(&png);
    return Error{name, "",
                 "image too large: " + std::to_string(png.width) + "x" +
                     std::to_string(png.height) + " (at most 32768 on a side)"};
  }
  Image image(static_cast<int>(png.width), static_cast<int>(png.height));
  if (!png_image_finish_read(&png, nullptr, image.rgba.data(), 0, nullptr)) {
    std::string why = png.message;
    png_image_free(&png);
    return Error{name, "", "truncated or corrupt PNG data (" + why + ")"};
  }
  return image;
}

Result<Image> read_png(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path.string(), "", "cannot open: no such file or no permission"};
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return decode_png(bytes.view(), path.string());
}

std::string encode_png(cairo_surface_t* surface) {
  cairo_surface_flush(surface);
  std::string bytes;
  cairo_surface_write_to_png_stream(surface, append_to_string, &bytes);
  return bytes;
}

std::string encode_png(const Image& image) {
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
  return write_file_atomically(path, encode_png(surface));
}

Status write_png(const Image& image, const std::filesystem::path& path) {
  return write_file_atomically(path, encode_png(image));
}

}  // namespace framecheck
