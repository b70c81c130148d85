// FrameWindow and FrameMetrics: frame-time samples over the last 10 simulated seconds.
#pragma once

#include <array>
#include <cstddef>
#include <framecheck/determinism/sim_time.hpp>
#include <memory>

namespace framecheck {

class ExactSum;
class TopSamples;

// The three figures that summarise a window; all zero when it is empty.
struct FrameMetrics {
  std::size_t samples = 0;  // how many frames the window holds
  double mean_ms = 0;       // the exact sum of the samples, rounded once, over their count
  double p95_ms = 0;        // nearest rank: sorted[ceil(0.95 * n) - 1]
  double p99_ms = 0;        // nearest rank: sorted[ceil(0.99 * n) - 1]
  friend bool operator==(const FrameMetrics&, const FrameMetrics&) = default;
};

// The last 10 seconds of simulated time, in a ring of 2048 samples; both bounds hold at once.
// A sample stays while now - at <= 10 s, where now is the time of the newest add; eviction happens
// in add, so metrics() reads the window as it stands. A full ring drops its oldest sample.
// add and metrics() cost a few dozen nanoseconds whatever the window holds: the largest samples
// are also kept sorted (the percentiles lie among them) and all are summed exactly (for the mean),
// and nothing allocates after construction.
//   FrameWindow w;
//   w.add(SimTime(16'666'666), 16.4);
//   FrameMetrics m = w.metrics();  // {1, 16.4, 16.4, 16.4}
class FrameWindow {
 public:
  static constexpr std::size_t kCapacity = 2048;
  static constexpr SimTime kSpan = std::chrono::seconds(10);

  FrameWindow();
  ~FrameWindow();
  FrameWindow(const FrameWindow& other);
  FrameWindow& operator=(const FrameWindow& other);

  // A sample of frame_ms taken by the frame that ended at simulated time `at` (non-decreasing).
  // frame_ms is finite and not negative; anything else is a contract violation (asserted), and
  // is recorded as 0 when assertions are off.
  void add(SimTime at, double frame_ms);
  FrameMetrics metrics() const;

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // The i-th sample, oldest first (i < size()).
  double sample(std::size_t i) const { return ms_[(head_ + i) % kCapacity]; }
  SimTime time_of(std::size_t i) const { return at_[(head_ + i) % kCapacity]; }
  // The largest sample, or 0 when empty.
  double max_ms() const;
  void clear();

 private:
  void evict_oldest();

  std::array<SimTime, kCapacity> at_{};
  std::array<double, kCapacity> ms_{};
  std::size_t head_ = 0;
  std::size_t count_ = 0;
  std::unique_ptr<ExactSum> sum_;    // on the heap: 140 KB of order statistics
  std::unique_ptr<TopSamples> top_;  // would not fit comfortably on a stack
};

}  // namespace framecheck
