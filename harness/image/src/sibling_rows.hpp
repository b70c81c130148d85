// Where pixelmatch's anti-aliasing detector can answer yes. It calls a pixel anti-aliased only
// when its darkest or its lightest neighbour has three or more siblings of exactly its colour in
// both images, and never a pixel with three siblings of its own. Whole rows of "three or more
// siblings in both images", counted eight pixels at a time, let a diff skip the detector for
// every other pixel: on grainy content nearly all of them (no neighbour is flat), on rendered
// frames most (the changed pixel is itself in a run of its colour).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "antialiasing.hpp"

namespace framecheck {

class SiblingRows {
 public:
  // Over two images of the same size (RGBA, width x height), which must outlive this.
  SiblingRows(const std::uint8_t* a, const std::uint8_t* b, int width, int height,
              SimdKernel kernel = detail::best_simd_kernel());

  // False only where antialiased() is false for either image at (x, y). A row is worked out
  // once it proves busy (kBusyRow questions about it): a sparse row is cheaper asked directly.
  // Inline: the main loop asks it of every pixel over the threshold.
  bool may_be_antialiased(int x, int y) {
    if (y != asked_row_) start_row(y);
    if (y != maybe_row_) {
      if (++asked_in_row_ <= kBusyRow || skip_rows_ > 0) return true;
      maybe_row(y);
    }
    const bool maybe = maybe_[static_cast<std::size_t>(x)] != 0;
    answered_ += maybe ? 0 : 1;
    unanswered_ += maybe ? 1 : 0;
    return maybe;
  }

  // A byte per pixel of row y, 0 where antialiased() is false for either image: where the pixel
  // has three or more siblings in both images (three zero deltas in each), or where no pixel of
  // the 3x3 block around it has (no neighbour the detector could find flat-sided). Valid until
  // the next call; computing a row reuses the rows around it already known.
  const std::uint8_t* maybe_row(int y);

  static constexpr int kBusyRow = 16;

 private:
  const std::uint8_t* flat_in_both(int y);
  void start_row(int y);

  const std::uint8_t* a_;
  const std::uint8_t* b_;
  int width_, height_;
  SimdKernel kernel_;
  std::vector<std::uint8_t> flat_;  // four rows of flat_in_both, row y in slot y % 4
  int flat_row_[4] = {-1, -1, -1, -1};
  std::vector<std::uint8_t> column_;  // maybe_row's rows y-1..y+1 together
  std::vector<std::uint8_t> maybe_;
  int maybe_row_ = -1;  // the row maybe_ holds
  int asked_row_ = -1;  // the row questions are being counted for
  int asked_in_row_ = 0;
  int answered_ = 0, unanswered_ = 0;  // in the worked-out row being asked about
  int backoff_ = 0, skip_rows_ = 0;    // busy rows still to leave to the detector
};

// One row of "has three or more siblings in both images" as bytes (1 or 0), with `kernel`:
// for the tests that hold every kernel to has_many_siblings pixel by pixel.
void flat_in_both_row(SimdKernel kernel, const std::uint8_t* a, const std::uint8_t* b, int y,
                      int width, int height, std::uint8_t* out);

}  // namespace framecheck
