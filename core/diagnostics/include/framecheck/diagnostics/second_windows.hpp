// SecondWindows: frame and tick-body figures over each whole second of simulated time.
#pragma once

#include <cstddef>
#include <framecheck/determinism/sim_time.hpp>
#include <optional>

namespace framecheck {

// One closed second. A figure with nothing behind it is missing (nullopt), never 0: a second
// without ticks has no tick mean, and a timer that cannot time ticks leaves them all missing.
struct SecondFigures {
  std::size_t frames = 0;
  std::size_t ticks = 0;  // ticks whose body was timed
  std::optional<double> frame_mean_ms, frame_max_ms;
  std::optional<double> tick_mean_ms, tick_max_ms;
  std::optional<double>
      tick_budget_percent;  // mean tick body over the tick period, as a percentage
};

// The share of a tick period a mean tick body uses, in percent. A zero (or negative) period has
// no budget to consume: 0, not infinity. At or above 100 the loop has no headroom left.
double tick_budget_percent(double mean_tick_ms, double tick_period_ms);

// Collects every frame sample and tick body into windows (k s, k+1 s] of simulated time, and
// keeps the last closed one. Collection runs whether or not anything is shown, so the first
// window seen after turning a display on is a whole one.
class SecondWindows {
 public:
  explicit SecondWindows(double tick_period_ms) : tick_period_ms_(tick_period_ms) {}

  void add_frame(SimTime at, double ms);
  void add_tick(SimTime at, double body_ms);
  // The last whole second, or nullopt before the first one closes.
  const std::optional<SecondFigures>& last() const { return last_; }

 private:
  void advance_to(SimTime at);
  std::int64_t window_of(SimTime at) const;

  double tick_period_ms_;
  std::int64_t window_ = 0;  // the open window's index
  std::size_t frames_ = 0, ticks_ = 0;
  double frame_sum_ = 0, frame_max_ = 0, tick_sum_ = 0, tick_max_ = 0;
  std::optional<SecondFigures> last_;
};

}  // namespace framecheck
