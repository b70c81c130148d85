#include <charconv>
#include <cmath>
#include <cstdlib>
#include <framecheck/determinism/exact_number.hpp>
#include <string>
#include <string_view>
#include <system_error>

namespace framecheck {
namespace {

// Number.prototype.toString's layout of shortest digits d1..dk with decimal exponent n (the value
// is 0.d1..dk * 10^n): plain up to 21 integer digits and down to 6 leading zeros, else exponent.
template <class F>
std::string js_layout(F v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return "0";
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  const std::string_view sci(buf, static_cast<std::size_t>(end - buf));
  const std::size_t e_pos = sci.find('e');
  int exponent = 0;
  std::from_chars(sci.data() + e_pos + 1 + (sci[e_pos + 1] == '+'), sci.data() + sci.size(),
                  exponent);
  std::string digits;
  for (char c : sci.substr(0, e_pos))
    if (c >= '0' && c <= '9') digits.push_back(c);
  const int k = static_cast<int>(digits.size());
  const int n = exponent + 1;
  std::string out = sci.front() == '-' ? "-" : "";
  if (k <= n && n <= 21) {
    out += digits;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out += digits.substr(0, static_cast<std::size_t>(n));
    out += '.';
    out += digits.substr(static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += digits;
  } else {
    out += digits.front();
    if (k > 1) {
      out += '.';
      out.append(digits, 1);
    }
    out += n - 1 >= 0 ? "e+" : "e-";
    out += std::to_string(std::abs(n - 1));
  }
  return out;
}

}  // namespace

std::string format_js_number(double v) {
  return js_layout(v);
}
std::string format_js_number(float v) {
  return js_layout(v);
}
std::string format_js_number(long double v) {
  return js_layout(v);
}

}  // namespace framecheck
