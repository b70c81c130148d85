#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <framecheck/diagnostics/frame_window.hpp>
#include <random>
#include <utility>

namespace framecheck {
namespace {

using namespace std::chrono_literals;

// The exact sum of doubles rounded once (Shewchuk's algorithm, as Python's math.fsum): an
// independent way to the mean the window reports.
double exact_sum(const std::vector<double>& xs) {
  std::vector<double> partials;
  for (double x : xs) {
    std::size_t i = 0;
    for (double y : partials) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y;
      const double lo = y - (hi - x);
      if (lo != 0) partials[i++] = lo;
      x = hi;
    }
    partials.resize(i);
    partials.push_back(x);
  }
  double hi = 0;
  if (!partials.empty()) {
    std::size_t n = partials.size();
    hi = partials[--n];
    double lo = 0;
    while (n > 0) {
      const double x = hi, y = partials[--n];
      hi = x + y;
      const double yr = hi - x;
      lo = y - yr;
      if (lo != 0) break;
    }
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      const double y = lo * 2, x = hi + y;
      if (y == x - hi) hi = x;
    }
  }
  return hi;
}

// The rules of the window written as plainly as possible: the model FrameWindow must match.
class ReferenceWindow {
 public:
  void add(SimTime at, double ms) {
    samples_.emplace_back(at, ms);
    while (at - samples_.front().first > 10s)
      samples_.pop_front();
    while (samples_.size() > 2048)
      samples_.pop_front();
  }
  FrameMetrics metrics() const {
    FrameMetrics m;
    m.samples = samples_.size();
    if (samples_.empty()) return m;
    std::vector<double> v;
    for (const auto& s : samples_)
      v.push_back(s.second);
    const auto n = static_cast<double>(v.size());
    m.mean_ms = exact_sum(v) / n;
    std::sort(v.begin(), v.end());
    m.p95_ms = v[static_cast<std::size_t>(std::ceil(0.95 * n)) - 1];
    m.p99_ms = v[static_cast<std::size_t>(std::ceil(0.99 * n)) - 1];
    return m;
  }

 private:
  std::deque<std::pair<SimTime, double>> samples_;
};

TEST(FrameWindow, TheMeanIsTheExactSumRoundedOnce) {
  // In order, 1e16 + 1 + 1 + ... loses every 1; the exact sum keeps them.
  FrameWindow w;
  w.add(SimTime(0), 1e16);
  for (int i = 1; i <= 10; ++i)
    w.add(SimTime(i), 1.0);
  EXPECT_EQ(w.metrics().mean_ms, (1e16 + 10) / 11);
  // Taking samples away is exact too: after the big one leaves, the mean is exactly 1.
  w.add(SimTime(10'000'000'001), 1.0);
  EXPECT_EQ(w.metrics().samples, 11u);  // the ten at 1..10 ns and the new one
  EXPECT_EQ(w.metrics().mean_ms, 1.0);
}

TEST(FrameWindow, CopiesAreIndependent) {
  FrameWindow a;
  a.add(SimTime(1), 5.0);
  FrameWindow b = a;
  b.add(SimTime(2), 7.0);
  EXPECT_EQ(a.metrics().samples, 1u);
  EXPECT_EQ(b.metrics(), (FrameMetrics{2, 6.0, 7.0, 7.0}));
  a = b;
  EXPECT_EQ(a.metrics(), b.metrics());
}

TEST(FrameWindow, ClearEmptiesEverything) {
  FrameWindow w;
  for (int i = 0; i < 3000; ++i)
    w.add(SimTime(i), i % 13);
  w.clear();
  EXPECT_EQ(w.metrics(), FrameMetrics{});
  w.add(SimTime(1), 2.0);
  EXPECT_EQ(w.metrics(), (FrameMetrics{1, 2.0, 2.0, 2.0}));
}

TEST(FrameWindow, EmptyReportsZeroForEverything) {
  const FrameWindow w;
  EXPECT_EQ(w.metrics(), FrameMetrics{});
  EXPECT_EQ(w.max_ms(), 0.0);
}

TEST(FrameWindow, NearestRankOnSmallWindows) {
  FrameWindow w;
  for (int i = 1; i <= 20; ++i)
    w.add(SimTime(i), static_cast<double>(21 - i));  // 20..1
  const FrameMetrics m = w.metrics();
  EXPECT_EQ(m.samples, 20u);
  EXPECT_EQ(m.mean_ms, 10.5);
  EXPECT_EQ(m.p95_ms, 19.0);  // ceil(19) - 1 = index 18 of 1..20
  EXPECT_EQ(m.p99_ms, 20.0);  // ceil(19.8) - 1 = index 19
}

TEST(FrameWindow, KeepsASampleExactlyTenSecondsOldAndDropsOneNanosecondOlder) {
  FrameWindow w;
  w.add(SimTime(0), 100.0);
  w.add(SimTime(10s), 1.0);
  EXPECT_EQ(w.size(), 2u);
  w.add(SimTime(10s) + SimTime(1), 1.0);
  EXPECT_EQ(w.size(), 2u);
  EXPECT_EQ(w.metrics().p99_ms, 1.0);
}

TEST(FrameWindow, EvictionHappensOnlyWhenAFrameIsAdded) {
  FrameWindow w;
  w.add(SimTime(0), 50.0);
  // No add, no eviction: metrics read the window as it stands.
  EXPECT_EQ(w.metrics().samples, 1u);
  w.add(SimTime(30s), 1.0);
  EXPECT_EQ(w.metrics().samples, 1u);
  EXPECT_EQ(w.metrics().mean_ms, 1.0);
}

TEST(FrameWindow, AFullRingDropsItsOldestSample) {
  FrameWindow w;
  for (int i = 0; i < 2048; ++i)
    w.add(SimTime(i), 1.0);
  w.add(SimTime(2048), 2.0);
  EXPECT_EQ(w.size(), 2048u);
  EXPECT_EQ(w.time_of(0), SimTime(1));
  EXPECT_EQ(w.sample(2047), 2.0);
}

TEST(FrameWindow, IntegerRankEqualsTheSpecsCeilingForEveryWindowSize) {
  // DESIGN.md's claim, checked: the double expression and the integer form agree up to 2048.
  for (std::size_t n = 1; n <= FrameWindow::kCapacity; ++n) {
    const auto dn = static_cast<double>(n);
    EXPECT_EQ((95 * n + 99) / 100, static_cast<std::size_t>(std::ceil(0.95 * dn))) << n;
    EXPECT_EQ((99 * n + 99) / 100, static_cast<std::size_t>(std::ceil(0.99 * dn))) << n;
  }
}

// Random streams at several frame rates, with stalls (long samples, and gaps in time), checked
// against the reference after every add.
void check_against_reference(std::int64_t fps, std::uint64_t seed) {
  std::mt19937_64 rng(seed);  // the engine's output is fixed by the standard; no distributions
  const auto unit = [&] { return static_cast<double>(rng() >> 11) / 9007199254740992.0; };
  const FixedRate rate(fps);
  FrameWindow window;
  ReferenceWindow reference;
  SimTime gap(0);
  const double budget = 1000.0 / static_cast<double>(fps);
  for (std::int64_t n = 1; n <= 6000; ++n) {
    double ms = budget * (0.6 + 0.8 * unit());
    if (rng() % 150 == 0) ms = 50 + 450 * unit();  // a stall in the sample
    if (rng() % 1500 == 0) gap += SimTime(std::int64_t(9e9 + 3e9 * unit()));  // a pause in time
    const SimTime at = rate.end_of(n) + gap;
    window.add(at, ms);
    reference.add(at, ms);
    ASSERT_EQ(window.metrics(), reference.metrics()) << fps << " fps, frame " << n;
  }
}

TEST(FrameWindow, MatchesTheReferenceAt30Fps) {
  check_against_reference(30, 1);
}
TEST(FrameWindow, MatchesTheReferenceAt60Fps) {
  check_against_reference(60, 2);
}
TEST(FrameWindow, MatchesTheReferenceAt144Fps) {
  check_against_reference(144, 3);
}
TEST(FrameWindow, MatchesTheReferenceAt240Fps) {
  check_against_reference(240, 4);
}
TEST(FrameWindow, MatchesTheReferenceAt1000Fps) {
  check_against_reference(1000, 5);
}

TEST(FrameWindow, AtTheExactBoundaryOfManyFrameRates) {
  // Rates whose frames land exactly on the 10 s edge (and 1 ns past it).
  for (std::int64_t fps : {30, 60, 100, 125, 200}) {
    const FixedRate rate(fps);
    FrameWindow window;
    ReferenceWindow reference;
    for (std::int64_t n = 1; n <= fps * 25; ++n) {
      window.add(rate.end_of(n), static_cast<double>(n % 97));
      reference.add(rate.end_of(n), static_cast<double>(n % 97));
      ASSERT_EQ(window.metrics(), reference.metrics()) << fps << " fps, frame " << n;
    }
    // 10 s span inclusive: 10 * fps + 1 frames, unless the ring binds.
    EXPECT_EQ(window.size(), std::min<std::size_t>(10 * fps + 1, 2048)) << fps;
  }
}

}  // namespace
}  // namespace framecheck
