// DebugSource: a named view of what a system counts, as panel rows and world-space lines, turned
// on by id (`--debug=cells,spawner`).
#pragma once

#include <cstddef>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/diagnostics/overlay_style.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

// One row of the debug panel: a label, a value, and whether the value is a warning (amber).
struct DebugRow {
  std::string label;
  DiagnosticValue value;
  bool warn = false;
};

// Where a source writes its rows. Storage is reused from frame to frame.
class DebugRows {
 public:
  void row(std::string_view label, const DiagnosticValue& value, bool warn = false);
  std::size_t size() const { return count_; }
  const DebugRow& operator[](std::size_t i) const { return rows_[i]; }
  void clear() { count_ = 0; }

 private:
  std::vector<DebugRow> rows_;
  std::size_t count_ = 0;
};

// A line over the scene, in the game's logical coordinates.
struct DebugLine {
  Vec2 a;
  Vec2 b;
  Rgba colour;
};

// Where sources write their lines: at most kMaxLines a frame; the rest are counted and dropped.
class DebugLines {
 public:
  static constexpr std::size_t kMaxLines = 65'536;

  void line(Vec2 a, Vec2 b, const Rgba& colour);
  std::size_t size() const { return lines_.size(); }
  const DebugLine& operator[](std::size_t i) const { return lines_[i]; }
  std::size_t dropped() const { return dropped_; }
  void clear() {
    lines_.clear();
    dropped_ = 0;
  }

 private:
  std::vector<DebugLine> lines_;  // capacity kept across frames
  std::size_t dropped_ = 0;
};

// A view of a probe (counters a system keeps whether or not anyone looks). It measures nothing
// itself, so turning it on or off never changes what the game does.
//   class SpawnerDebug final : public DebugSource {
//     std::string_view id() const override { return "spawner"; }
//     std::string_view title() const override { return "Spawner"; }
//     void rows(DebugRows& out) override { out.row("Alive", probe_.alive, probe_.alive > 30); }
//     void lines(DebugLines& out) override { out.line(probe_.at, probe_.at - Vec2{0, 12}, kPost); }
//   };
class DebugSource {
 public:
  virtual ~DebugSource() = default;
  // What turns it on: lower case, as written in --debug=.
  virtual std::string_view id() const = 0;
  // Its heading in the debug panel.
  virtual std::string_view title() const = 0;
  virtual void rows(DebugRows& out) = 0;
  virtual void lines(DebugLines& /*out*/) {}
};

}  // namespace framecheck
