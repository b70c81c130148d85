#include <framecheck/sim/surface.hpp>
#include <stdexcept>
#include <string>

namespace framecheck {

namespace {

cairo_surface_t* make_image(int width, int height) {
  cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
    const std::string why = cairo_status_to_string(cairo_surface_status(image));
    cairo_surface_destroy(image);
    throw std::invalid_argument("framecheck: cannot make a " + std::to_string(width) + "x" +
                                std::to_string(height) + " surface: " + why);
  }
  return image;
}

}  // namespace

Surface::Surface(int width, int height)
    : width_(width), height_(height), surface_(make_image(width, height)) {}

void Surface::resize(int width, int height) {
  cairo_surface_t* image = make_image(width, height);  // throws before anything changes
  cairo_surface_destroy(surface_);
  surface_ = image;
  width_ = width;
  height_ = height;
}

Surface::~Surface() {
  cairo_surface_destroy(surface_);
}

}  // namespace framecheck
