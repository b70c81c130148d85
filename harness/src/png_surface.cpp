// Cairo surfaces to PNG, apart from png_io.cpp so that comparing images needs no Cairo.
#include <framecheck/output_file.hpp>
#include <framecheck/png_io.hpp>
#include <string>

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

Status write_png(cairo_surface_t* surface, const std::filesystem::path& path) {
  return write_output_file(path, encode_png(surface));
}

}  // namespace framecheck
