// Diagnostics: the engine-held object behind engine.diagnostics(); both registries, the overlay's
// visibility and the frame-time window. Including this header reaches the whole value API.
#pragma once

#include <cstddef>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <framecheck/diagnostics/format.hpp>
#include <framecheck/diagnostics/frame_window.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <framecheck/diagnostics/registry.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

// Cairo's own declaration, repeated so this header needs no Cairo include (a repeated typedef of
// the same type is allowed); <cairo.h> comes with <framecheck/diagnostics/overlay.hpp>.
typedef struct _cairo cairo_t;

namespace framecheck {

class OverlayRenderer;

// The engine's own first line: the open world's level, match phase and live actors. The views
// point into the world and are read at once; "none", "none", 0 with no world open.
struct WorldLine {
  std::string_view level = "none";
  std::string_view phase = "none";
  std::size_t actors = 0;
};

// What a caller holding the engine reads and switches. The overlay starts hidden.
//   Diagnostics& d = engine.diagnostics();
//   for (const DiagnosticReading& r : d.read()) std::cout << format_reading(r) << '\n';
//   d.toggle();  // shows the overlay
class Diagnostics {
 public:
  Diagnostics();
  ~Diagnostics();
  Diagnostics(const Diagnostics&) = delete;
  Diagnostics& operator=(const Diagnostics&) = delete;

  // Sources that live as long as the engine (InitApi::diagnostics).
  DiagnosticRegistry& instance_registry() { return instance_; }
  // Sources that live as long as the open world (World::diagnostics()).
  DiagnosticRegistry& world_registry() { return world_; }

  void set_enabled(bool enabled) { enabled_ = enabled; }
  bool enabled() const { return enabled_; }
  void toggle() { enabled_ = !enabled_; }

  // Every source, instance registry first, then world registry, each in registration order.
  // Changes nothing but what the sources themselves do; works whether or not the overlay shows.
  std::vector<DiagnosticReading> read();
  // read(), appending into `out`.
  void read_into(std::vector<DiagnosticReading>& out);
  // read() into `out`, resized to exactly the readings and reusing their strings: a caller that
  // keeps one vector reads without allocating once it has grown (the overlay does, every frame).
  void read_reusing(std::vector<DiagnosticReading>& out);

  // The panel as text, line for line as the overlay draws it: the world line, one line per
  // reading, the metrics line. Reads every source once.
  std::vector<std::string> panel_lines();

  // The frame-time metrics over the window as it stands.
  FrameMetrics metrics() const { return window_.metrics(); }
  FrameWindow& window() { return window_; }
  const FrameWindow& window() const { return window_; }

  // Drops the world registry's sources; the engine calls it when the open world closes.
  void close_world() { world_.clear(); }

  // Draws the overlay onto cr, whose transform the caller has reset to the identity; width and
  // height are the surface's device pixels. Draws nothing while hidden. Saves and restores the
  // context around all of its work, also when drawing throws.
  void draw(cairo_t* cr, int width, int height);

  // Where the world line comes from; the engine points it at the open world.
  void set_world_line_source(std::function<WorldLine()> source) { world_line_ = std::move(source); }
  WorldLine world_line() const { return world_line_ ? world_line_() : WorldLine{}; }

  // The overlay's sizes and colours; change them before drawing.
  OverlayStyle& style() { return style_; }
  const OverlayStyle& style() const { return style_; }

 private:
  DiagnosticRegistry instance_;
  DiagnosticRegistry world_;
  FrameWindow window_;
  bool enabled_ = false;
  std::function<WorldLine()> world_line_;
  OverlayStyle style_;
  std::unique_ptr<OverlayRenderer> renderer_;  // made on the first visible draw
};

}  // namespace framecheck
