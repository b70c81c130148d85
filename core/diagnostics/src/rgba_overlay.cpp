#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <framecheck/diagnostics/overlay.hpp>
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
  // Only the corner the overlay covers is converted and drawn on: the frame from its top left to
  // the panel's far corner (the graph is inside the panel), a pixel over for antialiased edges.
  // Converting the whole frame there and back took 4.3 ms at 1920x1080, a hundred times the
  // drawing; the corner is what the panel needs.
  const OverlayLayout layout = measure_overlay(diagnostics, width, height);
  const int w = std::clamp(static_cast<int>(std::ceil(layout.panel.right())) + 1, 0, width);
  const int h = std::clamp(static_cast<int>(std::ceil(layout.panel.bottom())) + 1, 0, height);
  if (w == 0 || h == 0) return;
  const auto each_row = [&](void (*convert)(std::span<std::uint8_t>)) {
    for (int y = 0; y < h; ++y) {
      convert(
          rgba.subspan(static_cast<std::size_t>(y) * width * 4, static_cast<std::size_t>(w) * 4));
    }
  };
  // Cairo draws in place on the converted corner, a surface over the frame's own rows. Should the
  // panel have grown since it was measured (a source changed its text), Cairo clips it there.
  each_row(rgba_to_argb32);
  cairo_surface_t* surface =
      cairo_image_surface_create_for_data(rgba.data(), CAIRO_FORMAT_ARGB32, w, h, width * 4);
  cairo_t* cr = cairo_create(surface);
  const auto finish = [&] {  // also when drawing throws: the frame goes back to straight RGBA
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    each_row(argb32_to_rgba);
  };
  try {
    diagnostics.draw(cr, width, height);
  } catch (...) {
    finish();
    throw;
  }
  finish();
}

}  // namespace framecheck
