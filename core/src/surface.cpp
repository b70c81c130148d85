#include <framecheck/surface.hpp>
#include <stdexcept>
#include <string>

namespace framecheck {

Surface::Surface(int width, int height)
    : width_(width),
      height_(height),
      surface_(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)) {
  if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
    const std::string why = cairo_status_to_string(cairo_surface_status(surface_));
    cairo_surface_destroy(surface_);
    throw std::invalid_argument("framecheck: cannot make a " + std::to_string(width) + "x" +
                                std::to_string(height) + " surface: " + why);
  }
}

Surface::~Surface() {
  cairo_surface_destroy(surface_);
}

}  // namespace framecheck
