// The arena's debug sources: `--debug=spawner` and `--debug=cells`.
#pragma once

#include <framecheck/diagnostics/debug_source.hpp>

#include "probes.hpp"

namespace framecheck::games {

// Alive (amber past kMaxAlive) and spawned, and a post at the last spawn point.
class SpawnerDebugSource final : public DebugSource {
 public:
  static constexpr int kMaxAlive = 30;
  static constexpr Rgba kPost{1.0, 0.4, 0.8, 1.0};

  explicit SpawnerDebugSource(const SpawnerProbe& probe) : probe_(probe) {}
  std::string_view id() const override { return "spawner"; }
  std::string_view title() const override { return "Spawner"; }
  void rows(DebugRows& out) override;
  void lines(DebugLines& out) override;

 private:
  const SpawnerProbe& probe_;
};

// The observer's cell and the cells by state; each active cell's outline in its state's colour,
// and the load and unload radii as circles of 48 lines.
class CellsDebugSource final : public DebugSource {
 public:
  static constexpr Rgba kReading{0.949, 0.765, 0.318, 1.0};  // yellow
  static constexpr Rgba kShown{0.388, 0.757, 0.514, 1.0};    // green
  static constexpr Rgba kLeaving{0.949, 0.404, 0.380, 1.0};  // red
  static constexpr Rgba kLoad{0.376, 0.647, 0.980, 1.0};     // blue
  static constexpr Rgba kUnload{0.733, 0.447, 0.949, 1.0};   // violet
  static constexpr int kCircleLines = 48;

  explicit CellsDebugSource(const CellsProbe& probe) : probe_(probe) {}
  std::string_view id() const override { return "cells"; }
  std::string_view title() const override { return "Cells"; }
  void rows(DebugRows& out) override;
  void lines(DebugLines& out) override;

 private:
  const CellsProbe& probe_;
};

}  // namespace framecheck::games
