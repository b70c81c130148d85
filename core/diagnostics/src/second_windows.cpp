#include <algorithm>
#include <framecheck/diagnostics/second_windows.hpp>

namespace framecheck {

double tick_budget_percent(double mean_tick_ms, double tick_period_ms) {
  if (!(tick_period_ms > 0)) return 0;
  return 100.0 * mean_tick_ms / tick_period_ms;
}

std::int64_t SecondWindows::window_of(SimTime at) const {
  // (k s, k+1 s]: a frame that ends exactly on a second belongs to the second it ends.
  const std::int64_t ns = at.count();
  return ns <= 0 ? 0 : (ns - 1) / 1'000'000'000;
}

void SecondWindows::advance_to(SimTime at) {
  const std::int64_t w = window_of(at);
  if (w <= window_) return;
  SecondFigures f;
  f.frames = frames_;
  f.ticks = ticks_;
  if (frames_ > 0) {
    f.frame_mean_ms = frame_sum_ / static_cast<double>(frames_);
    f.frame_max_ms = frame_max_;
  }
  if (ticks_ > 0) {
    f.tick_mean_ms = tick_sum_ / static_cast<double>(ticks_);
    f.tick_max_ms = tick_max_;
    f.tick_budget_percent = tick_budget_percent(*f.tick_mean_ms, tick_period_ms_);
  }
  // A jump over several seconds leaves them empty: the last closed one is the empty one before.
  last_ = w == window_ + 1 ? f : SecondFigures{};
  window_ = w;
  frames_ = ticks_ = 0;
  frame_sum_ = frame_max_ = tick_sum_ = tick_max_ = 0;
}

void SecondWindows::add_frame(SimTime at, double ms) {
  advance_to(at);
  ++frames_;
  frame_sum_ += ms;
  frame_max_ = std::max(frame_max_, ms);
}

void SecondWindows::add_tick(SimTime at, double body_ms) {
  advance_to(at);
  ++ticks_;
  tick_sum_ += body_ms;
  tick_max_ = std::max(tick_max_, body_ms);
}

}  // namespace framecheck
