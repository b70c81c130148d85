#include "exact_sum.hpp"

#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>

namespace framecheck {
namespace {

// A double as two words to add at words_[word] and words_[word + 1]: x = mantissa *
// 2^(offset - 1074), the mantissa's lowest bit on bit `offset` of the fixed-point number.
struct Placed {
  int word;
  std::uint64_t lo, hi;  // hi < 2^52, so adding a carry or a borrow to it never overflows
};

Placed place(double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const auto biased = static_cast<int>(bits >> 52);
  std::uint64_t mantissa = bits & ((std::uint64_t{1} << 52) - 1);
  if (biased != 0) mantissa |= std::uint64_t{1} << 52;
  const int offset = biased == 0 ? 0 : biased - 1;
  const int shift = offset % 64;
  return {offset / 64, mantissa << shift, shift == 0 ? 0 : mantissa >> (64 - shift)};
}

}  // namespace

void ExactSum::add(double x) {
  assert(std::isfinite(x) && x >= 0 && "frame samples are finite and not negative");
  const Placed p = place(x);
  int w = p.word;
  words_[w] += p.lo;
  std::uint64_t carry = words_[w] < p.lo ? 1 : 0;
  const std::uint64_t add = p.hi + carry;
  words_[++w] += add;
  carry = words_[w] < add ? 1 : 0;
  while (carry && ++w < kWords)
    carry = ++words_[w] == 0 ? 1 : 0;
}

void ExactSum::subtract(double x) {
  const Placed p = place(x);
  int w = p.word;
  std::uint64_t borrow = words_[w] < p.lo ? 1 : 0;
  words_[w] -= p.lo;
  const std::uint64_t take = p.hi + borrow;
  borrow = words_[++w] < take ? 1 : 0;
  words_[w] -= take;
  while (borrow && ++w < kWords)
    borrow = words_[w]-- == 0 ? 1 : 0;
}

double ExactSum::value() const {
  int top = kWords - 1;
  while (top >= 0 && words_[top] == 0)
    --top;
  if (top < 0) return 0;
  // 64 bits of the number starting at bit p (bits below 0 read as zero).
  const auto bits_from = [&](int p) -> std::uint64_t {
    if (p < 0) return words_[0] << -p;
    const int w = p / 64, s = p % 64;
    const std::uint64_t next = w + 1 < kWords ? words_[w + 1] : 0;
    return s == 0 ? words_[w] : (words_[w] >> s) | (next << (64 - s));
  };
  const int lead = top * 64 + 63 - std::countl_zero(words_[top]);
  if (lead <= 52) {
    // Below 2^-1021 the sum is itself a double: a subnormal or one of the smallest normals.
    return std::ldexp(static_cast<double>(words_[0]), -1074);
  }
  // The 53 bits from the leading one, then a round bit and a sticky bit for all below.
  const int low = lead - 52;
  std::uint64_t m = bits_from(low) & ((std::uint64_t{1} << 53) - 1);
  const std::uint64_t round = bits_from(low - 1) & 1;
  bool sticky = false;
  if (const int below = low - 1; below > 0) {  // bits 0 .. below-1
    const int w = (below - 1) / 64;
    const int in_word = below - 64 * w;  // how many bits of word w lie below `below`
    const std::uint64_t mask =
        in_word >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << in_word) - 1;
    sticky = (words_[w] & mask) != 0;
    for (int k = 0; k < w && !sticky; ++k)
      sticky = words_[k] != 0;
  }
  if (round && (sticky || (m & 1))) ++m;  // ties to even; 2^53 after carrying is still exact
  return std::ldexp(static_cast<double>(m), low - 1074);
}

}  // namespace framecheck
