#include "sibling_rows.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace framecheck {
namespace {

// A block of kLanes pixels as words, and their compares: GCC's vector extensions, so one body
// serves the AVX2 kernel (eight lanes, one register) and the SSE2 one (four, one SSE2 register;
// GCC lowers an eight-lane vector to scalars there); has_many_siblings is the scalar reference. The
// helpers that pass these vectors are always inlined, so no call passes one: GCC's note that such a
// call's ABI differs with AVX does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"
using Words8 = std::uint32_t __attribute__((vector_size(32)));
using Counts8 = std::int32_t __attribute__((vector_size(32)));
using Flags8 = std::uint8_t __attribute__((vector_size(8)));
using Words4 = std::uint32_t __attribute__((vector_size(16)));
using Counts4 = std::int32_t __attribute__((vector_size(16)));
using Flags4 = std::uint8_t __attribute__((vector_size(4)));

// Any value's bytes from memory and back, unaligned.
template <class T>
[[gnu::always_inline]] inline T load(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T>
[[gnu::always_inline]] inline void store(std::uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

template <class Words, class Counts, class Flags>
struct Block {
  static constexpr int kLanes = sizeof(Words) / 4;

  // Minus the number of the eight neighbours of each pixel from p on that equal it: a compare
  // is -1 where equal.
  [[gnu::always_inline]] static Counts minus_siblings(const std::uint8_t* p, std::ptrdiff_t row) {
    const Words centre = load<Words>(p);
    return (load<Words>(p - row - 4) == centre) + (load<Words>(p - row) == centre) +
           (load<Words>(p - row + 4) == centre) + (load<Words>(p - 4) == centre) +
           (load<Words>(p + 4) == centre) + (load<Words>(p + row - 4) == centre) +
           (load<Words>(p + row) == centre) + (load<Words>(p + row + 4) == centre);
  }

  // Interior pixels [x, end) of interior row y, a block at a time while one fits; returns where
  // it stopped. Counts of three or more (minus three or less) in both images give 1.
  [[gnu::always_inline]] static int rows(const std::uint8_t* a, const std::uint8_t* b, int y,
                                         int width, int x, int end, std::uint8_t* out) {
    const std::ptrdiff_t row = static_cast<std::ptrdiff_t>(width) * 4;
    for (; x + kLanes <= end; x += kLanes) {
      const std::size_t at = (static_cast<std::size_t>(y) * width + x) * 4;
      const Counts both = (minus_siblings(a + at, row) < -2) & (minus_siblings(b + at, row) < -2);
      const Flags flags = __builtin_convertvector(both, Flags) & 1;
      store(out + x, flags);
    }
    return x;
  }
};

int interior_blocks_sse2(const std::uint8_t* a, const std::uint8_t* b, int y, int width, int x,
                         int end, std::uint8_t* out) {
  return Block<Words4, Counts4, Flags4>::rows(a, b, y, width, x, end, out);
}

#ifdef FRAMECHECK_SIMD_X86
__attribute__((target("avx2"))) int interior_blocks_avx2(const std::uint8_t* a,
                                                         const std::uint8_t* b, int y, int width,
                                                         int x, int end, std::uint8_t* out) {
  return Block<Words8, Counts8, Flags8>::rows(a, b, y, width, x, end, out);
}
#endif

// Sixteen bytes at a time where they fit (one SSE2 register), then one at a time; `f` works on
// either kind alike.
using Bytes16 = std::uint8_t __attribute__((vector_size(16)));

template <class F>
void each_byte(std::size_t begin, std::size_t end, F f) {
  std::size_t x = begin;
  for (; x + 16 <= end; x += 16)
    f.template operator()<Bytes16>(x);
  for (; x < end; ++x)
    f.template operator()<std::uint8_t>(x);
}

}  // namespace

void flat_in_both_row(SimdKernel kernel, const std::uint8_t* a, const std::uint8_t* b, int y,
                      int width, int height, std::uint8_t* out) {
  const auto one = [&](int x) {
    out[x] = has_many_siblings(kernel, a, x, y, width, height) &&
                     has_many_siblings(kernel, b, x, y, width, height)
                 ? 1
                 : 0;
  };
  int x = 0;
  if (kernel != SimdKernel::kScalar && y > 0 && y + 1 < height && width > 2) {
    one(x++);  // the left edge
#ifdef FRAMECHECK_SIMD_X86
    if (kernel == SimdKernel::kAvx2) x = interior_blocks_avx2(a, b, y, width, x, width - 1, out);
#endif
    x = interior_blocks_sse2(a, b, y, width, x, width - 1, out);
  }
  for (; x < width; ++x)
    one(x);
}

SiblingRows::SiblingRows(const std::uint8_t* a, const std::uint8_t* b, int width, int height,
                         SimdKernel kernel)
    : a_(a),
      b_(b),
      width_(width),
      height_(height),
      kernel_(kernel),
      flat_(4 * static_cast<std::size_t>(width)),
      column_(static_cast<std::size_t>(width)),
      maybe_(static_cast<std::size_t>(width)) {}

const std::uint8_t* SiblingRows::flat_in_both(int y) {
  std::uint8_t* row = flat_.data() + static_cast<std::size_t>(y % 4) * width_;
  if (flat_row_[y % 4] != y) {
    flat_in_both_row(kernel_, a_, b_, y, width_, height_, row);
    flat_row_[y % 4] = y;
  }
  return row;
}

void SiblingRows::start_row(int y) {
  // A worked-out row that left most questions to the detector (a rendered frame's flat areas,
  // where the detector's own shortcut is quick) did not pay: back off, for twice as many rows
  // each time it happens again, before working one out again.
  if (asked_row_ == maybe_row_ && maybe_row_ >= 0) {
    if (unanswered_ > answered_) {
      backoff_ = std::min(std::max(2 * backoff_, 4), 256);
      skip_rows_ = backoff_;
    } else {
      backoff_ = 0;
    }
  } else if (skip_rows_ > 0) {
    --skip_rows_;
  }
  asked_row_ = y;
  asked_in_row_ = 0;
  answered_ = unanswered_ = 0;
}

const std::uint8_t* SiblingRows::maybe_row(int y) {
  // Columns first: any of the rows y-1, y, y+1 that exist; then each pixel's left and right.
  const std::size_t width = static_cast<std::size_t>(width_);
  std::uint8_t* column = column_.data();
  const std::uint8_t* own = flat_in_both(y);
  std::memcpy(column, own, width);
  for (int dy : {-1, 1}) {
    if (y + dy < 0 || y + dy >= height_) continue;
    const std::uint8_t* other = flat_in_both(y + dy);
    each_byte(0, width, [&]<class T>(std::size_t x) {
      store(column + x, static_cast<T>(load<T>(column + x) | load<T>(other + x)));
    });
  }
  // A pixel flat in both images has three zero deltas in each: not anti-aliased either.
  std::uint8_t* maybe = maybe_.data();
  const auto at = [&](std::size_t x, std::uint8_t left, std::uint8_t right) {
    maybe[x] = static_cast<std::uint8_t>((left | column[x] | right) & (own[x] ^ 1));
  };
  if (width == 1) {
    at(0, 0, 0);
  } else {
    at(0, 0, column[1]);
    each_byte(1, width - 1, [&]<class T>(std::size_t x) {
      const T near = load<T>(column + x - 1) | load<T>(column + x) | load<T>(column + x + 1);
      store(maybe + x, static_cast<T>(near & (load<T>(own + x) ^ 1)));
    });
    at(width - 1, column[width - 2], 0);
  }
  maybe_row_ = y;
  return maybe;
}

}  // namespace framecheck
