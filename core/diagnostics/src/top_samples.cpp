#include "top_samples.hpp"

#include <algorithm>
#include <cassert>

namespace framecheck {

void TopSamples::insert_sorted(double value, std::uint16_t slot) {
  const std::size_t at = static_cast<std::size_t>(
      std::upper_bound(value_.begin(), value_.begin() + size_, value) - value_.begin());
  std::copy_backward(value_.begin() + at, value_.begin() + size_, value_.begin() + size_ + 1);
  std::copy_backward(slot_.begin() + at, slot_.begin() + size_, slot_.begin() + size_ + 1);
  value_[at] = value;
  slot_[at] = slot;
  ++size_;
  in_top_.set(slot);
}

void TopSamples::insert(double value, std::size_t slot) {
  if (value < floor_) {  // below the top: counted only
    in_top_.reset(slot);
    ++outside_;
    return;
  }
  insert_sorted(value, static_cast<std::uint16_t>(slot));
  if (size_ > kKeep) {
    // The smallest leaves the top and becomes the floor: everything outside is <= it.
    floor_ = value_[0];
    in_top_.reset(slot_[0]);
    std::copy(value_.begin() + 1, value_.begin() + size_, value_.begin());
    std::copy(slot_.begin() + 1, slot_.begin() + size_, slot_.begin());
    --size_;
    ++outside_;
  }
}

void TopSamples::erase(double value, std::size_t slot) {
  if (!in_top_.test(slot)) {
    assert(outside_ > 0);
    if (--outside_ == 0) floor_ = -std::numeric_limits<double>::infinity();
    return;
  }
  in_top_.reset(slot);
  auto at = static_cast<std::size_t>(
      std::lower_bound(value_.begin(), value_.begin() + size_, value) - value_.begin());
  while (slot_[at] != slot)  // among equal values, the one in this slot
    ++at;
  std::copy(value_.begin() + at + 1, value_.begin() + size_, value_.begin() + at);
  std::copy(slot_.begin() + at + 1, slot_.begin() + size_, slot_.begin() + at);
  --size_;
}

void TopSamples::ensure(std::size_t needed, const std::array<double, kRing>& ring, std::size_t head,
                        std::size_t count) {
  if (size_ >= needed || outside_ == 0) return;
  // Refill: the largest of the samples outside the top join it, up to kKeep.
  std::size_t n = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t slot = (head + i) % kRing;
    if (!in_top_.test(slot)) scratch_[n++] = static_cast<std::uint16_t>(slot);
  }
  assert(n == outside_);
  const std::size_t take = std::min(n, kKeep - size_);
  const auto larger = [&](std::uint16_t a, std::uint16_t b) { return ring[a] > ring[b]; };
  std::nth_element(scratch_.begin(), scratch_.begin() + static_cast<std::ptrdiff_t>(take - 1),
                   scratch_.begin() + static_cast<std::ptrdiff_t>(n), larger);
  for (std::size_t i = 0; i < take; ++i)
    insert_sorted(ring[scratch_[i]], scratch_[i]);
  outside_ -= take;
  // Every sample still outside is <= the smallest taken, which is now the top's smallest.
  floor_ = outside_ > 0 ? value_[0] : -std::numeric_limits<double>::infinity();
}

void TopSamples::clear() {
  size_ = outside_ = 0;
  floor_ = -std::numeric_limits<double>::infinity();
  in_top_.reset();
}

}  // namespace framecheck
