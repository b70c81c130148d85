// ExactSum: the exact sum of non-negative finite doubles, kept as one fixed-point number wide
// enough for all of them (2^-1074 to 2^1024), so adding and taking away never round and the
// total rounds once, correctly, when read.
#pragma once

#include <array>
#include <cstdint>

namespace framecheck {

class ExactSum {
 public:
  void add(double x);       // x finite and >= 0
  void subtract(double x);  // x was added before
  // The exact total, rounded to the nearest double (ties to even).
  double value() const;
  void clear() { words_.fill(0); }

 private:
  // Bit i of the number is worth 2^(i - 1074); 34 words hold bits 0..2175, past the largest
  // double's top bit (2097) with room for the carries of a few thousand additions.
  static constexpr int kWords = 34;
  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace framecheck
