#include <cairo.h>

#include <cstring>
#include <framecheck/diagnostics/rgba_overlay.hpp>
#include <stdexcept>
#include <string>

namespace framecheck {
namespace {

// Rounded as Cairo (pixman) rounds, so that an opaque frame matches Simulation::render's bytes.
unsigned premultiply(unsigned c, unsigned a) {
  const unsigned t = c * a + 0x80;
  return (t + (t >> 8)) >> 8;
}

unsigned unpremultiply(unsigned c, unsigned a) {
  return a == 0 ? 0 : (c * 255 + a / 2) / a;
}

}  // namespace

void rgba_to_argb32(std::span<std::uint8_t> pixels) {
  for (std::size_t i = 0; i + 4 <= pixels.size(); i += 4) {
    std::uint8_t* p = pixels.data() + i;
    const unsigned a = p[3];
    const std::uint32_t argb =
        a << 24 | premultiply(p[0], a) << 16 | premultiply(p[1], a) << 8 | premultiply(p[2], a);
    std::memcpy(p, &argb, sizeof argb);
  }
}

void argb32_to_rgba(std::span<std::uint8_t> pixels) {
  for (std::size_t i = 0; i + 4 <= pixels.size(); i += 4) {
    std::uint8_t* p = pixels.data() + i;
    std::uint32_t argb;
    std::memcpy(&argb, p, sizeof argb);
    const unsigned a = argb >> 24;
    if (a == 255) {  // the usual frame: no division
      p[0] = static_cast<std::uint8_t>(argb >> 16);
      p[1] = static_cast<std::uint8_t>(argb >> 8);
      p[2] = static_cast<std::uint8_t>(argb);
    } else {
      p[0] = static_cast<std::uint8_t>(unpremultiply((argb >> 16) & 0xff, a));
      p[1] = static_cast<std::uint8_t>(unpremultiply((argb >> 8) & 0xff, a));
      p[2] = static_cast<std::uint8_t>(unpremultiply(argb & 0xff, a));
    }
    p[3] = static_cast<std::uint8_t>(a);
  }
}

void draw_overlay_rgba(Diagnostics& diagnostics, std::span<std::uint8_t> rgba, int width,
                       int height) {
  if (width < 0 || height < 0 ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
    throw std::invalid_argument("draw_overlay_rgba: " + std::to_string(rgba.size()) +
                                " bytes for a " + std::to_string(width) + "x" +
                                std::to_string(height) + " frame, which needs width * height * 4");
  }
  if (!diagnostics.enabled() || width == 0 || height == 0) return;
  // Cairo draws in place on the converted frame: ARGB32's stride is width * 4 at every width.
  rgba_to_argb32(rgba);
  cairo_surface_t* surface = cairo_image_surface_create_for_data(rgba.data(), CAIRO_FORMAT_ARGB32,
                                                                 width, height, width * 4);
  cairo_t* cr = cairo_create(surface);
  try {
    diagnostics.draw(cr, width, height);
  } catch (...) {
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    argb32_to_rgba(rgba);
    throw;
  }
  cairo_destroy(cr);
  cairo_surface_flush(surface);
  cairo_surface_destroy(surface);
  argb32_to_rgba(rgba);
}

}  // namespace framecheck
