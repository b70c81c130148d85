#include <framecheck/determinism/hex_text.hpp>

namespace framecheck {

std::string hex_text(std::uint64_t word) {
  static const char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, word >>= 4)
    s[static_cast<std::size_t>(i)] = digits[word & 15];
  return s;
}

}  // namespace framecheck
