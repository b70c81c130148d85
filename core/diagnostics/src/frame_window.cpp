#include <cassert>
#include <cmath>
#include <framecheck/diagnostics/frame_window.hpp>
#include <limits>

#include "exact_sum.hpp"
#include "top_samples.hpp"

namespace framecheck {
namespace {

// Nearest rank: ceil(p * n) - 1, in integers so no rounding of 0.95 * n can move the index.
std::size_t p95_rank(std::size_t n) {
  return (95 * n + 99) / 100 - 1;
}
std::size_t p99_rank(std::size_t n) {
  return (99 * n + 99) / 100 - 1;
}

}  // namespace

FrameWindow::FrameWindow()
    : sum_(std::make_unique<ExactSum>()), top_(std::make_unique<TopSamples>()) {}
FrameWindow::~FrameWindow() = default;
FrameWindow::FrameWindow(const FrameWindow& other)
    : at_(other.at_),
      ms_(other.ms_),
      head_(other.head_),
      count_(other.count_),
      sum_(std::make_unique<ExactSum>(*other.sum_)),
      top_(std::make_unique<TopSamples>(*other.top_)) {}
FrameWindow& FrameWindow::operator=(const FrameWindow& other) {
  if (this != &other) {
    at_ = other.at_;
    ms_ = other.ms_;
    head_ = other.head_;
    count_ = other.count_;
    *sum_ = *other.sum_;
    *top_ = *other.top_;
  }
  return *this;
}

void FrameWindow::evict_oldest() {
  const double oldest = ms_[head_];
  sum_->subtract(oldest);
  top_->erase(oldest, head_);
  head_ = (head_ + 1) % kCapacity;
  --count_;
}

void FrameWindow::add(SimTime at, double frame_ms) {
  assert(std::isfinite(frame_ms) && frame_ms >= 0 && "a frame sample is finite and not negative");
  if (!(frame_ms >= 0 && frame_ms <= std::numeric_limits<double>::max())) frame_ms = 0;
  while (count_ > 0 && at - at_[head_] > kSpan)
    evict_oldest();
  if (count_ == kCapacity) evict_oldest();
  const std::size_t tail = (head_ + count_) % kCapacity;
  at_[tail] = at;
  ms_[tail] = frame_ms;
  ++count_;
  sum_->add(frame_ms);
  top_->insert(frame_ms, tail);
  // The top must reach down to p95's rank: count - (ceil(0.95 count) - 1) samples.
  top_->ensure(count_ - p95_rank(count_), ms_, head_, count_);
}

double FrameWindow::max_ms() const {
  return count_ == 0 ? 0 : top_->from_top(0);
}

void FrameWindow::clear() {
  head_ = count_ = 0;
  sum_->clear();
  top_->clear();
}

FrameMetrics FrameWindow::metrics() const {
  FrameMetrics m;
  m.samples = count_;
  if (count_ == 0) return m;
  m.mean_ms = sum_->value() / static_cast<double>(count_);
  // Nearest rank over the ascending samples, read from the top: rank r is the
  // (count - 1 - r)-th largest.
  m.p95_ms = top_->from_top(count_ - 1 - p95_rank(count_));
  m.p99_ms = top_->from_top(count_ - 1 - p99_rank(count_));
  return m;
}

}  // namespace framecheck
