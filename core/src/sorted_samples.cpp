#include "sorted_samples.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace framecheck {

void SortedSamples::clear() {
  count_ = 0;
  free_count_ = kMaxBlocks;
  for (int i = 0; i < kMaxBlocks; ++i)
    free_[i] = static_cast<std::uint8_t>(kMaxBlocks - 1 - i);
  size_ = 0;
  initialised_ = true;
}

int SortedSamples::new_block() {
  assert(free_count_ > 0 && "more blocks than the fill invariant allows");
  const int id = free_[--free_count_];
  blocks_[id].n = 0;
  return id;
}

void SortedSamples::drop_block(int pos) {
  free_[free_count_++] = order_[pos];
  const auto after = static_cast<std::size_t>(count_ - pos - 1);
  std::memmove(&order_[pos], &order_[pos + 1], after);
  std::memmove(&maxes_[pos], &maxes_[pos + 1], after * sizeof(double));
  --count_;
}

namespace {

// Branch-free lower and upper bounds over a short sorted run: the comparisons compile to
// conditional moves, so random samples cost no mispredictions.
int lower_bound_index(const double* v, int n, double x) {
  const double* base = v;
  while (n > 1) {
    const int half = n / 2;
    base = base[half - 1] < x ? base + half : base;
    n -= half;
  }
  return static_cast<int>(base - v) + (n == 1 && *base < x);
}

int upper_bound_index(const double* v, int n, double x) {
  const double* base = v;
  while (n > 1) {
    const int half = n / 2;
    base = base[half - 1] <= x ? base + half : base;
    n -= half;
  }
  return static_cast<int>(base - v) + (n == 1 && *base <= x);
}

}  // namespace

int SortedSamples::find_block(double x) const {
  // The first block whose largest sample is >= x; the last block if none is.
  return std::min(lower_bound_index(maxes_.data(), count_, x), count_ - 1);
}

void SortedSamples::insert(double x) {
  if (!initialised_) clear();
  if (count_ == 0) {
    order_[0] = static_cast<std::uint8_t>(new_block());
    maxes_[0] = x;
    count_ = 1;
  }
  const int pos = find_block(x);
  Block& b = blocks_[order_[pos]];
  const int at = upper_bound_index(b.v, b.n, x);
  std::memmove(&b.v[at + 1], &b.v[at], sizeof(double) * static_cast<std::size_t>(b.n - at));
  b.v[at] = x;
  ++b.n;
  ++size_;
  refresh_max(pos);
  if (b.n == kBlock) {
    // Split: the upper half moves to a new block placed right after this one.
    const int id = new_block();
    Block& upper = blocks_[id];
    upper.n = kBlock / 2;
    std::memcpy(upper.v, &b.v[kBlock / 2], sizeof(double) * (kBlock / 2));
    b.n = kBlock / 2;
    const auto after = static_cast<std::size_t>(count_ - pos - 1);
    std::memmove(&order_[pos + 2], &order_[pos + 1], after);
    std::memmove(&maxes_[pos + 2], &maxes_[pos + 1], after * sizeof(double));
    order_[pos + 1] = static_cast<std::uint8_t>(id);
    ++count_;
    refresh_max(pos);
    refresh_max(pos + 1);
  }
}

void SortedSamples::erase(double x) {
  const int pos = find_block(x);
  Block& b = blocks_[order_[pos]];
  const int at = lower_bound_index(b.v, b.n, x);
  assert(at < b.n && b.v[at] == x && "erasing a sample that is not there");
  std::memmove(&b.v[at], &b.v[at + 1], sizeof(double) * static_cast<std::size_t>(b.n - at - 1));
  --b.n;
  --size_;
  if (b.n == 0) {
    drop_block(pos);
    return;
  }
  refresh_max(pos);
  if (b.n >= kMinFill) return;
  // Merge into the smaller neighbour when the two fit comfortably in one block.
  const int left = pos - 1, right = pos + 1;
  const int ln = left >= 0 ? blocks_[order_[left]].n : kBlock;
  const int rn = right < count_ ? blocks_[order_[right]].n : kBlock;
  if (std::min(ln, rn) + b.n > kMergeLimit) return;
  if (ln <= rn) {
    Block& l = blocks_[order_[left]];
    std::memcpy(&l.v[l.n], b.v, sizeof(double) * static_cast<std::size_t>(b.n));
    l.n += b.n;
    drop_block(pos);
    refresh_max(left);
  } else {
    Block& r = blocks_[order_[right]];
    std::memmove(&r.v[b.n], r.v, sizeof(double) * static_cast<std::size_t>(r.n));
    std::memcpy(r.v, b.v, sizeof(double) * static_cast<std::size_t>(b.n));
    r.n += b.n;
    drop_block(pos);  // the right block's largest sample is unchanged
  }
}

double SortedSamples::nth(std::size_t k) const {
  // From whichever end is nearer: the percentiles sit near the top.
  if (k >= size_ / 2) {
    std::size_t from_top = size_ - 1 - k;
    for (int pos = count_ - 1;; --pos) {
      const Block& b = blocks_[order_[pos]];
      if (from_top < static_cast<std::size_t>(b.n))
        return b.v[b.n - 1 - static_cast<int>(from_top)];
      from_top -= static_cast<std::size_t>(b.n);
    }
  }
  for (int pos = 0;; ++pos) {
    const Block& b = blocks_[order_[pos]];
    if (k < static_cast<std::size_t>(b.n)) return b.v[k];
    k -= static_cast<std::size_t>(b.n);
  }
}

double SortedSamples::max() const {
  if (size_ == 0) return 0;
  const Block& b = blocks_[order_[count_ - 1]];
  return b.v[b.n - 1];
}

}  // namespace framecheck
