// A cairo_save() undone by cairo_restore() on every way out of a scope, exceptions included, so
// drawing that throws leaves the caller's transform, clip and save depth as they were.
#pragma once

#include <cairo.h>

namespace framecheck {

class CairoSavedState {
 public:
  explicit CairoSavedState(cairo_t* cr) : cr_(cr) { cairo_save(cr_); }
  ~CairoSavedState() { cairo_restore(cr_); }
  CairoSavedState(const CairoSavedState&) = delete;
  CairoSavedState& operator=(const CairoSavedState&) = delete;

 private:
  cairo_t* cr_;
};

}  // namespace framecheck
