#include <cstring>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/io/output_file.hpp>
#include <string>

namespace framecheck {
namespace {

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Image image_from_surface(cairo_surface_t* surface) {
  cairo_surface_flush(surface);
  const int w = cairo_image_surface_get_width(surface);
  const int h = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const bool has_alpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32;
  const unsigned char* data = cairo_image_surface_get_data(surface);
  Image image(w, h);
  std::uint8_t* out = image.rgba.data();
  for (int y = 0; y < h; ++y) {
    const unsigned char* row = data + static_cast<std::ptrdiff_t>(y) * stride;
    for (int x = 0; x < w; ++x, out += 4) {
      std::uint32_t p;
      std::memcpy(&p, row + 4 * x, 4);  // native-endian 0xAARRGGBB, premultiplied
      const std::uint32_t a = has_alpha ? p >> 24 : 255;
      const std::uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
      if (a == 0) {
        out[0] = out[1] = out[2] = out[3] = 0;
      } else if (a == 255) {
        out[0] = static_cast<std::uint8_t>(r);
        out[1] = static_cast<std::uint8_t>(g);
        out[2] = static_cast<std::uint8_t>(b);
        out[3] = 255;
      } else {
        // Cairo's unpremultiply, rounding as it does.
        out[0] = static_cast<std::uint8_t>((r * 255 + a / 2) / a);
        out[1] = static_cast<std::uint8_t>((g * 255 + a / 2) / a);
        out[2] = static_cast<std::uint8_t>((b * 255 + a / 2) / a);
        out[3] = static_cast<std::uint8_t>(a);
      }
    }
  }
  return image;
}

std::string encode_png(cairo_surface_t* surface) {
  cairo_surface_flush(surface);
  std::string bytes;
  cairo_surface_write_to_png_stream(surface, append_to_string, &bytes);
  return bytes;
}

Status write_png(cairo_surface_t* surface, const std::filesystem::path& path) {
  return write_output_file(path, encode_png(surface));
}

}  // namespace framecheck
