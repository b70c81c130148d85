#include <framecheck/overlay.hpp>
#include <memory>

#include "overlay_renderer.hpp"

namespace framecheck {
namespace {

// Restores the context on every way out of draw, exceptions included.
class SavedState {
 public:
  explicit SavedState(cairo_t* cr) : cr_(cr) { cairo_save(cr_); }
  ~SavedState() { cairo_restore(cr_); }
  SavedState(const SavedState&) = delete;
  SavedState& operator=(const SavedState&) = delete;

 private:
  cairo_t* cr_;
};

}  // namespace

Diagnostics::Diagnostics() = default;
Diagnostics::~Diagnostics() = default;

void Diagnostics::draw(cairo_t* cr, int width, int height) {
  if (!enabled_ || width <= 0 || height <= 0) return;
  if (!renderer_) renderer_ = std::make_unique<OverlayRenderer>();
  SavedState saved(cr);
  renderer_->draw(cr, width, height, *this);
}

OverlayLayout measure_overlay(Diagnostics& diagnostics, int width, int height) {
  OverlayRenderer renderer;
  return renderer.measure(width, height, diagnostics);
}

}  // namespace framecheck
