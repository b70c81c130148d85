// Simulated time: integer nanoseconds, and a fixed-rate clock that never drifts.
#pragma once

#include <chrono>
#include <cstdint>

namespace framecheck {

// A point or span of simulated time. Integer nanoseconds, so a long run accumulates no error.
using SimTime = std::chrono::nanoseconds;

// Steps of a fixed rate (frames or ticks per second) mapped onto integer nanoseconds.
// Step n ends at floor(n * 1e9 / rate) ns exactly, however long the run, so steps of a rate
// that does not divide a second (60 Hz: 16,666,666 or 16,666,667 ns) never drift.
//   FixedRate clock(60);
//   SimTime dt = clock.step_length(1);  // 16'666'666 ns: the first frame
class FixedRate {
 public:
  explicit FixedRate(std::int64_t steps_per_second);

  std::int64_t rate() const { return rate_; }
  // When step n ends (step 0 ends at 0).
  SimTime end_of(std::int64_t n) const;
  // The length of step n (n >= 1): end_of(n) - end_of(n - 1).
  SimTime step_length(std::int64_t n) const { return end_of(n) - end_of(n - 1); }
  // How many whole steps have ended by time t.
  std::int64_t steps_by(SimTime t) const;

 private:
  std::int64_t rate_;
};

}  // namespace framecheck
