#include <framecheck/atomic_file.hpp>
#include <framecheck/png_io.hpp>

namespace framecheck {

Status write_png(cairo_surface_t* surface, const std::filesystem::path& path) {
  return write_atomically(path, [&](const std::filesystem::path& tmp) -> Status {
    cairo_surface_flush(surface);
    const cairo_status_t status = cairo_surface_write_to_png(surface, tmp.c_str());
    if (status != CAIRO_STATUS_SUCCESS) {
      return Error{path.string(), "",
                   std::string("cannot write PNG: ") + cairo_status_to_string(status)};
    }
    return Ok{};
  });
}

}  // namespace framecheck
