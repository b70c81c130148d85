#include <algorithm>
#include <framecheck/frame_window.hpp>
#include <vector>

namespace framecheck {

void FrameWindow::add(SimTime at, double frame_ms) {
  while (count_ > 0 && at - at_[head_] > kSpan) {
    head_ = (head_ + 1) % kCapacity;
    --count_;
  }
  if (count_ == kCapacity) {
    head_ = (head_ + 1) % kCapacity;
    --count_;
  }
  const std::size_t tail = (head_ + count_) % kCapacity;
  at_[tail] = at;
  ms_[tail] = frame_ms;
  ++count_;
}

double FrameWindow::max_ms() const {
  double best = 0;
  for (std::size_t i = 0; i < count_; ++i)
    best = std::max(best, sample(i));
  return best;
}

FrameMetrics FrameWindow::metrics() const {
  FrameMetrics m;
  m.samples = count_;
  if (count_ == 0) return m;

  // Summed oldest to newest, so the mean is the same double whichever way the ring is laid out.
  std::vector<double> sorted(count_);
  double sum = 0;
  for (std::size_t i = 0; i < count_; ++i) {
    sorted[i] = sample(i);
    sum += sorted[i];
  }
  m.mean_ms = sum / static_cast<double>(count_);

  // Nearest rank: ceil(p * n) - 1, in integers so no rounding of 0.95 * n can move the index.
  const std::size_t i95 = (95 * count_ + 99) / 100 - 1;
  const std::size_t i99 = (99 * count_ + 99) / 100 - 1;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(i95), sorted.end());
  m.p95_ms = sorted[i95];
  std::nth_element(sorted.begin() + static_cast<std::ptrdiff_t>(i95),
                   sorted.begin() + static_cast<std::ptrdiff_t>(i99), sorted.end());
  m.p99_ms = sorted[i99];
  return m;
}

}  // namespace framecheck
