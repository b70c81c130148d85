// TopSamples: the largest samples of the window in ascending order, the rest only counted. A
// nearest-rank p95 or p99 of n <= 2048 samples lies among the top n - (ceil(0.95 n) - 1) <= 103,
// so keeping the top sorted answers both percentiles and the maximum exactly, while most adds
// (a sample below the top) cost a comparison and a bit.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace framecheck {

// The samples live in the window's ring; this holds (value, ring slot) for the top ones, and a
// floor: every sample outside the top is <= floor_ <= every sample in it. A top that falls below
// what the percentiles need (its old members evicted) is refilled from the ring: at most one scan
// of the ring's 2048 samples, and then not again for at least kKeep - 103 evictions from the top.
class TopSamples {
 public:
  static constexpr std::size_t kRing = 2048;
  static constexpr std::size_t kKeep = 160;  // the top's size after a refill

  void insert(double value, std::size_t slot);
  void erase(double value, std::size_t slot);  // the sample at `slot`, leaving the window
  // Makes the top hold at least `needed` samples, refilling from ring[head .. head + count).
  void ensure(std::size_t needed, const std::array<double, kRing>& ring, std::size_t head,
              std::size_t count);
  // The k-th largest (0-based, k < size of the top).
  double from_top(std::size_t k) const { return value_[size_ - 1 - k]; }
  std::size_t top_size() const { return size_; }
  std::size_t outside() const { return outside_; }
  void clear();

 private:
  void insert_sorted(double value, std::uint16_t slot);

  std::array<double, kKeep + 1> value_{};  // ascending
  std::array<std::uint16_t, kKeep + 1> slot_{};
  std::size_t size_ = 0;
  std::size_t outside_ = 0;  // samples in the window but not in the top
  double floor_ = -std::numeric_limits<double>::infinity();
  std::bitset<kRing> in_top_;
  std::array<std::uint16_t, kRing> scratch_{};  // refill: the slots outside the top
};

}  // namespace framecheck
