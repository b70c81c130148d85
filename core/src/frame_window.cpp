#include <cassert>
#include <cmath>
#include <framecheck/frame_window.hpp>
#include <limits>

#include "exact_sum.hpp"
#include "sorted_samples.hpp"

namespace framecheck {

FrameWindow::FrameWindow()
    : sum_(std::make_unique<ExactSum>()), sorted_(std::make_unique<SortedSamples>()) {}
FrameWindow::~FrameWindow() = default;
FrameWindow::FrameWindow(const FrameWindow& other)
    : at_(other.at_),
      ms_(other.ms_),
      head_(other.head_),
      count_(other.count_),
      sum_(std::make_unique<ExactSum>(*other.sum_)),
      sorted_(std::make_unique<SortedSamples>(*other.sorted_)) {}
FrameWindow& FrameWindow::operator=(const FrameWindow& other) {
  if (this != &other) {
    at_ = other.at_;
    ms_ = other.ms_;
    head_ = other.head_;
    count_ = other.count_;
    *sum_ = *other.sum_;
    *sorted_ = *other.sorted_;
  }
  return *this;
}

void FrameWindow::evict_oldest() {
  const double oldest = ms_[head_];
  sum_->subtract(oldest);
  sorted_->erase(oldest);
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
  sorted_->insert(frame_ms);
}

double FrameWindow::max_ms() const {
  return sorted_->max();
}

void FrameWindow::clear() {
  head_ = count_ = 0;
  sum_->clear();
  sorted_->clear();
}

FrameMetrics FrameWindow::metrics() const {
  FrameMetrics m;
  m.samples = count_;
  if (count_ == 0) return m;
  m.mean_ms = sum_->value() / static_cast<double>(count_);
  // Nearest rank: ceil(p * n) - 1, in integers so no rounding of 0.95 * n can move the index.
  m.p95_ms = sorted_->nth((95 * count_ + 99) / 100 - 1);
  m.p99_ms = sorted_->nth((99 * count_ + 99) / 100 - 1);
  return m;
}

}  // namespace framecheck
