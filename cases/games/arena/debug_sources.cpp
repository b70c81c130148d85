#include "debug_sources.hpp"

#include <charconv>
#include <cmath>
#include <framecheck/determinism/det_math.hpp>
#include <numbers>
#include <string>

namespace framecheck::games {

void SpawnerDebugSource::rows(DebugRows& out) {
  out.row("Alive", probe_.alive, probe_.alive > kMaxAlive);
  out.row("Spawned", probe_.spawned);
}

void SpawnerDebugSource::lines(DebugLines& out) {
  // A post 14 units long from the spawn point into the arena, with a crossbar at its end.
  const Vec2 at = probe_.spawn_point;
  const Vec2 tip = at + probe_.inward * 14;
  const Vec2 across{-probe_.inward.y * 4, probe_.inward.x * 4};
  out.line(at, tip, kPost);
  out.line(tip - across, tip + across, kPost);
}

void CellsDebugSource::rows(DebugRows& out) {
  if (const auto cell = probe_.observer_cell()) {
    char buf[32];
    auto end = std::to_chars(buf, buf + 12, cell->first).ptr;
    *end++ = ',';
    *end++ = ' ';
    end = std::to_chars(end, buf + sizeof buf, cell->second).ptr;
    out.row("Cell", std::string_view(buf, static_cast<std::size_t>(end - buf)));
  } else {
    out.row("Cell", "--");
  }
  out.row("Reading", probe_.count(CellsProbe::State::kReading));
  out.row("Shown", probe_.count(CellsProbe::State::kShown));
  out.row("Leaving", probe_.count(CellsProbe::State::kLeaving));
}

void CellsDebugSource::lines(DebugLines& out) {
  constexpr double s = CellsProbe::kCellSize;
  for (const auto& [key, cell] : probe_.cells()) {
    const Rgba& c = cell.state == CellsProbe::State::kReading ? kReading
                    : cell.state == CellsProbe::State::kShown ? kShown
                                                              : kLeaving;
    // Inset by one unit so neighbouring outlines stay apart.
    const Vec2 a{key.first * s + 1, key.second * s + 1},
        b{(key.first + 1) * s - 1, (key.second + 1) * s - 1};
    out.line(a, {b.x, a.y}, c);
    out.line({b.x, a.y}, b, c);
    out.line(b, {a.x, b.y}, c);
    out.line({a.x, b.y}, a, c);
  }
  if (const auto o = probe_.observer()) {
    for (const auto& [radius, colour] : {std::pair{CellsProbe::kLoadRadius, kLoad},
                                         std::pair{CellsProbe::kUnloadRadius, kUnload}}) {
      for (int i = 0; i < kCircleLines; ++i) {
        const double t0 = 2 * std::numbers::pi * i / kCircleLines,
                     t1 = 2 * std::numbers::pi * (i + 1) / kCircleLines;
        out.line({o->x + radius * framecheck::det_math::cos(t0),
                  o->y + radius * framecheck::det_math::sin(t0)},
                 {o->x + radius * framecheck::det_math::cos(t1),
                  o->y + radius * framecheck::det_math::sin(t1)},
                 colour);
      }
    }
  }
}

}  // namespace framecheck::games
