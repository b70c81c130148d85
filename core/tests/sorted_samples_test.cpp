#include "sorted_samples.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>

namespace framecheck {
namespace {

// Against a sorted vector, through fills, drains and a sliding window, checking every rank.
TEST(SortedSamples, MatchesASortedVectorThroughEveryShapeOfUse) {
  std::mt19937_64 rng(5);
  auto s = std::make_unique<SortedSamples>();
  std::vector<double> model;
  std::deque<double> fifo;
  const auto check = [&] {
    ASSERT_EQ(s->size(), model.size());
    for (std::size_t k = 0; k < model.size(); k += 1 + model.size() / 64)
      ASSERT_EQ(s->nth(k), model[k]) << k;
    if (!model.empty()) {
      ASSERT_EQ(s->max(), model.back());
    }
  };
  const auto insert = [&](double x) {
    s->insert(x);
    model.insert(std::upper_bound(model.begin(), model.end(), x), x);
    fifo.push_back(x);
  };
  const auto erase_oldest = [&] {
    const double x = fifo.front();
    fifo.pop_front();
    s->erase(x);
    model.erase(std::lower_bound(model.begin(), model.end(), x));
  };
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 2048; ++i)
      insert(static_cast<double>(rng() % (round == 1 ? 7 : 100000)));
    check();
    for (int i = 0; i < 20000; ++i) {  // a sliding window at capacity
      erase_oldest();
      insert(round == 2 ? static_cast<double>(i) : static_cast<double>(rng() % 5000) / 7);
      if (i % 997 == 0) check();
    }
    while (!fifo.empty()) {
      erase_oldest();
      if (fifo.size() % 331 == 0) check();
    }
    check();
  }
}

TEST(SortedSamples, AscendingAndDescendingRunsStayWithinTheBlockBudget) {
  auto s = std::make_unique<SortedSamples>();
  std::deque<double> fifo;
  for (int i = 0; i < 50000; ++i) {
    const double x = (i / 3000) % 2 ? -i : i;  // long runs one way, then the other
    s->insert(x);
    fifo.push_back(x);
    if (fifo.size() > 2048) {
      s->erase(fifo.front());
      fifo.pop_front();
    }
  }
  EXPECT_EQ(s->size(), 2048u);
}

}  // namespace
}  // namespace framecheck
