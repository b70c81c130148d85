#include "top_samples.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace framecheck {
namespace {

// A window's ring driven through TopSamples and a plain sorted copy side by side: after every
// add, the top's k-th largest equals the reference's for every k the percentiles can ask for.
class Ring {
 public:
  void add(double v) {
    if (count_ == TopSamples::kRing) evict();
    const std::size_t slot = (head_ + count_) % TopSamples::kRing;
    ring_[slot] = v;
    ++count_;
    top_->insert(v, slot);
    const std::size_t needed = count_ - ((95 * count_ + 99) / 100 - 1);
    top_->ensure(needed, ring_, head_, count_);
    check(needed);
  }
  void evict() {
    top_->erase(ring_[head_], head_);
    head_ = (head_ + 1) % TopSamples::kRing;
    --count_;
  }
  void check(std::size_t needed) {
    std::vector<double> sorted;
    for (std::size_t i = 0; i < count_; ++i)
      sorted.push_back(ring_[(head_ + i) % TopSamples::kRing]);
    std::partial_sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(needed),
                      sorted.end(), std::greater<>());
    ASSERT_GE(top_->top_size(), needed);
    ASSERT_EQ(top_->top_size() + top_->outside(), count_);
    for (std::size_t k = 0; k < needed; ++k)
      ASSERT_EQ(top_->from_top(k), sorted[k]) << "k " << k << " of " << count_;
    ++checks_;
  }
  int checks_ = 0;
  std::size_t count_ = 0;

 private:
  std::array<double, TopSamples::kRing> ring_{};
  std::size_t head_ = 0;
  std::unique_ptr<TopSamples> top_ = std::make_unique<TopSamples>();
};

TEST(TopSamples, MatchesASortedCopyThroughEveryShapeOfUse) {
  std::uint64_t seed = 7;
  const auto next = [&] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(seed >> 44) / 1048576.0;
  };
  Ring r;
  for (int i = 0; i < 5000; ++i)  // random: most adds fall below the top
    r.add(16 + next() * 4);
  for (int i = 0; i < 3000; ++i)  // rising: every add joins the top and pushes out its smallest
    r.add(100 + i * 0.5);
  for (int i = 0; i < 3000; ++i)  // falling: the old top leaves with each eviction, refills follow
    r.add(2000 - i * 0.5);
  for (int i = 0; i < 3000; ++i)  // many equal values, and spikes
    r.add(i % 97 == 0 ? 250.0 : 16.0);
  for (int i = 0; i < 1500; ++i) {  // a shrinking window: evictions without adds between
    r.evict();
    if (i % 3 == 0) r.add(next() * 50);
  }
  EXPECT_GT(r.checks_, 14000);
}

}  // namespace
}  // namespace framecheck
