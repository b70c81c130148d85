// The board's sizes, shared by the physics (plinko.cpp) and the renderer (render.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace plinko {

// The board, in metres, y up as Box2D has it.
constexpr float kWidth = 32;
constexpr float kHeight = 18;
constexpr float kBallRadius = 0.4f;
constexpr float kPegRadius = 0.2f;
constexpr float kDropHeight = 16;
constexpr float kDividerHeight = 2.5f;
constexpr std::size_t kMaxBalls = 16;
constexpr std::int64_t kCooldownFrames = 12;
constexpr std::array<std::int64_t, 8> kBinValues{1, 2, 5, 10, 10, 5, 2, 1};

// The pegs: seven staggered rows.
template <class F>
void for_each_peg(F&& f) {
  for (int row = 0; row < 7; ++row) {
    const float y = 4 + static_cast<float>(row) * 1.6f;
    for (int column = row % 2 == 0 ? 2 : 3; column <= 30; column += 2) {
      f(static_cast<float>(column), y);
    }
  }
}

}  // namespace plinko
