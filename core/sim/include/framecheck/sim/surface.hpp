// Surface: what the engine draws on (a Cairo image surface in device pixels) and where key
// events arrive from.
#pragma once

#include <cairo.h>

#include <framecheck/sim/events.hpp>

namespace framecheck {

// An ARGB32 image the size of the display, plus its event target.
//   Surface surface(1280, 720);
//   EngineOptions options;
//   options.surface = &surface;
class Surface {
 public:
  Surface(int width, int height);
  ~Surface();
  Surface(const Surface&) = delete;
  Surface& operator=(const Surface&) = delete;

  // A new size (a window was resized): a fresh, clear image replaces the pixels, the event
  // target and its listeners stay, and the engine draws at the new size from its next frame.
  void resize(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  cairo_surface_t* cairo_surface() { return surface_; }
  EventTarget& events() { return events_; }

 private:
  int width_;
  int height_;
  cairo_surface_t* surface_;
  EventTarget events_;
};

}  // namespace framecheck
