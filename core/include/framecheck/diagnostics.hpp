// Diagnostics: the engine-held object behind engine.diagnostics(); both registries, the overlay's
// visibility and the frame-time window. Including this header reaches the whole value API.
#pragma once

#include <framecheck/diagnostic_value.hpp>
#include <framecheck/format.hpp>
#include <framecheck/frame_window.hpp>
#include <framecheck/registry.hpp>
#include <framecheck/sim_time.hpp>
#include <vector>

namespace framecheck {

// What a caller holding the engine reads and switches. The overlay starts hidden.
//   Diagnostics& d = engine.diagnostics();
//   for (const DiagnosticReading& r : d.read()) std::cout << format_reading(r) << '\n';
//   d.toggle();  // shows the overlay
class Diagnostics {
 public:
  Diagnostics() = default;
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
  // read(), appending into `out` so a caller reusing one vector allocates nothing per read.
  void read_into(std::vector<DiagnosticReading>& out);

  // The frame-time metrics over the window as it stands.
  FrameMetrics metrics() const { return window_.metrics(); }
  FrameWindow& window() { return window_; }
  const FrameWindow& window() const { return window_; }

  // Drops the world registry's sources; the engine calls it when the open world closes.
  void close_world() { world_.clear(); }

 private:
  DiagnosticRegistry instance_;
  DiagnosticRegistry world_;
  FrameWindow window_;
  bool enabled_ = false;
};

}  // namespace framecheck
