// Vec2 and Box: the 2D geometry of the engine model, in the game's logical coordinates.
#pragma once

#include <framecheck/determinism/float_rules.hpp>

namespace framecheck {

// A point or extent in logical units (y grows downwards, as on the surface). Its products are
// rounded where they are made, so `position + velocity * s` is the same bits under any compiler
// and -ffp-contract (inlined, it would otherwise become a fused multiply-add under -march=native).
struct Vec2 {
  double x = 0;
  double y = 0;
  friend Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend Vec2 operator*(Vec2 a, double k) {
    return {detail::rounded(a.x * k), detail::rounded(a.y * k)};
  }
  friend bool operator==(Vec2, Vec2) = default;
};

// An axis-aligned box given by its top-left corner and size.
struct Box {
  Vec2 min;
  Vec2 size;
  // Boxes that only touch along an edge do not overlap.
  bool overlaps(const Box& o) const {
    return min.x < o.min.x + o.size.x && o.min.x < min.x + size.x && min.y < o.min.y + o.size.y &&
           o.min.y < min.y + size.y;
  }
};

}  // namespace framecheck
