// What the anti-aliasing detector's kernels share: the slopes it learns from a pixel's eight
// neighbours, and the neighbours' order.
#pragma once

#include <cstdint>

namespace framecheck::detail {

// What the detector learns from a pixel's eight neighbours' brightness deltas.
struct Slopes {
  int zeroes = 0;           // neighbours as bright as the centre, plus one at an image edge
  double min = 0, max = 0;  // the darkest and the lightest delta; 0 when there is none
  int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
};

// The neighbours in pixelmatch's order (x outer, y inner), as offsets from the centre.
inline constexpr int kDx[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
inline constexpr int kDy[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

// Set bits in a mask of at most four; a table, as a popcount without the instruction is a call.
inline constexpr int kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

}  // namespace framecheck::detail
