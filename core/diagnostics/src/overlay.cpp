#include <framecheck/diagnostics/overlay.hpp>
#include <memory>

#include <framecheck/diagnostics/detail/cairo_saved_state.hpp>
#include "overlay_renderer.hpp"

namespace framecheck {
Diagnostics::Diagnostics() = default;
Diagnostics::~Diagnostics() = default;

void Diagnostics::draw(cairo_t* cr, int width, int height) {
  if (!enabled_ || width <= 0 || height <= 0) return;
  if (!renderer_) renderer_ = std::make_unique<OverlayRenderer>();
  CairoSavedState saved(cr);
  renderer_->draw(cr, width, height, *this);
}

OverlayLayout measure_overlay(Diagnostics& diagnostics, int width, int height) {
  OverlayRenderer renderer;
  return renderer.measure(width, height, diagnostics);
}

}  // namespace framecheck
