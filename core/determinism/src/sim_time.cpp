#include <cassert>
#include <framecheck/determinism/sim_time.hpp>

namespace framecheck {
namespace {
constexpr std::int64_t kNanosPerSecond = 1'000'000'000;
}

FixedRate::FixedRate(std::int64_t steps_per_second) : rate_(steps_per_second) {
  assert(steps_per_second > 0 && "a fixed rate is a positive number of steps per second");
}

// Whole seconds and the remainder are split so that n * 1e9 never has to fit in 64 bits:
// exact for any run shorter than about 292 years of simulated time.
SimTime FixedRate::end_of(std::int64_t n) const {
  const std::int64_t whole = n / rate_;
  const std::int64_t rest = n % rate_;
  return SimTime(whole * kNanosPerSecond + rest * kNanosPerSecond / rate_);
}

std::int64_t FixedRate::steps_by(SimTime t) const {
  // The largest n with floor(n * 1e9 / rate) <= t, i.e. n * 1e9 < (t + 1) * rate, so
  // n = floor(((t + 1) * rate - 1) / 1e9), with t + 1 split into whole seconds and the rest.
  const std::int64_t u = t.count() + 1;
  const std::int64_t whole = u / kNanosPerSecond;
  const std::int64_t rest = u % kNanosPerSecond;
  const std::int64_t partial = rest * rate_ - 1;  // >= -1, and < 1e9 * rate
  return whole * rate_ + (partial < 0 ? -1 : partial / kNanosPerSecond);
}

}  // namespace framecheck
