#include <charconv>
#include <cmath>
#include <cstdint>
#include <framecheck/diagnostics/format.hpp>
#include <ostream>
#include <sstream>
#include <string_view>
#include <system_error>

namespace framecheck {
namespace {

constexpr double kTwoPow53 = 9007199254740992.0;
constexpr double kJsExponentFrom = 1e21;  // String(v) switches to exponent form here

void append_chars(std::string& out, const char* first, const char* last) {
  out.append(first, static_cast<std::size_t>(last - first));
}

// String(v) for an integral double. Below 2^53 the integer is its own shortest form; above it
// JavaScript prints the shortest round-trip digits padded with zeros, and from 1e21 on it uses
// exponent form ("1e+21", "1.7976931348623157e+308"), which std::to_chars spells the same way.
void append_integer(std::string& out, double v) {
  char buf[40];
  if (std::fabs(v) <= kTwoPow53) {
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(v));
    append_chars(out, buf, end);
    return;
  }
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  if (std::fabs(v) >= kJsExponentFrom) {
    append_chars(out, buf, end);
    return;
  }
  // "d.ddddde+XX" -> the digits, then zeros up to exponent + 1 places.
  std::string_view sci(buf, static_cast<std::size_t>(end - buf));
  const std::size_t e_pos = sci.find('e');
  int exponent = 0;
  std::from_chars(sci.data() + e_pos + 1 + (sci[e_pos + 1] == '+'), sci.data() + sci.size(),
                  exponent);
  int digits = 0;
  for (char c : sci.substr(0, e_pos)) {
    if (c == '.') continue;
    out.push_back(c);
    if (c != '-') ++digits;
  }
  out.append(static_cast<std::size_t>(exponent + 1 - digits), '0');
}

// v.toFixed(3) for a finite non-integral double (so |v| < 2^53). Rounds the exact binary value
// like printf, except that JavaScript breaks exact ties away from zero where printf goes to even.
// A tie at three places needs |v| * 1000 to end in exactly .5, which for a binary fraction means
// |v| = n / 16 with n odd; its rounded thousandths are then (125 n + 1) / 2, exact in 64 bits
// since n < 2^57.
void append_fixed3(std::string& out, double v) {
  const double a = std::fabs(v);
  if (std::signbit(v)) out.push_back('-');  // toFixed keeps the sign even when the digits are all 0
  const double sixteenths = a * 16.0;       // exact: a power-of-two scale
  char buf[40];
  if (sixteenths == std::floor(sixteenths) && std::fmod(sixteenths, 2.0) == 1.0) {
    const std::uint64_t thousandths = (125 * static_cast<std::uint64_t>(sixteenths) + 1) / 2;
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, thousandths / 1000);
    append_chars(out, buf, end);
    const auto frac = static_cast<unsigned>(thousandths % 1000);
    out.push_back('.');
    out.push_back(static_cast<char>('0' + frac / 100));
    out.push_back(static_cast<char>('0' + frac / 10 % 10));
    out.push_back(static_cast<char>('0' + frac % 10));
    return;
  }
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, a, std::chars_format::fixed, 3);
  append_chars(out, buf, end);
}

}  // namespace

void append_number(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "NaN";
  } else if (std::isinf(v)) {
    out += v > 0 ? "Infinity" : "-Infinity";
  } else if (v == std::trunc(v)) {
    append_integer(out, v);
  } else {
    append_fixed3(out, v);
  }
}

std::string format_number(double v) {
  std::string out;
  append_number(out, v);
  return out;
}

void append_value(std::string& out, const DiagnosticValue& value) {
  if (value.is_string()) {
    out += value.as_string();
  } else if (value.is_bool()) {
    out += value.as_bool() ? "true" : "false";
  } else {
    append_number(out, value.as_number());
  }
}

std::string format_value(const DiagnosticValue& value) {
  std::string out;
  append_value(out, value);
  return out;
}

std::string format_reading(const DiagnosticReading& reading) {
  std::string line = reading.name;
  line += ": ";
  line += reading.value ? format_value(*reading.value) : reading.error.value_or("");
  return line;
}

void append_world_line(std::string& out, std::string_view level, std::string_view phase,
                       std::size_t actors) {
  out += "level: ";
  out += level;
  out += " phase: ";
  out += phase;
  out += " actors: ";
  append_number(out, static_cast<double>(actors));
}

std::string format_world_line(std::string_view level, std::string_view phase, std::size_t actors) {
  std::string line;
  append_world_line(line, level, phase, actors);
  return line;
}

void append_metrics(std::string& out, const FrameMetrics& metrics) {
  out += "frame: ";
  append_number(out, metrics.mean_ms);
  out += " / ";
  append_number(out, metrics.p95_ms);
  out += " / ";
  append_number(out, metrics.p99_ms);
  out += " ms";
}

std::string format_metrics(const FrameMetrics& metrics) {
  std::string line;
  append_metrics(line, metrics);
  return line;
}

std::string describe_outcome(const DiagnosticReading& reading) {
  std::ostringstream s;
  if (reading.value) {
    s << *reading.value;
  } else {
    s << "error \"" << reading.error.value_or("") << '"';
  }
  return s.str();
}

std::ostream& operator<<(std::ostream& out, const DiagnosticValue& value) {
  if (value.is_string()) return out << '"' << value.as_string() << '"';
  return out << format_value(value);
}

std::ostream& operator<<(std::ostream& out, const DiagnosticReading& reading) {
  out << reading.name << ": ";
  if (reading.value) return out << *reading.value;
  return out << "error \"" << reading.error.value_or("") << '"';
}

}  // namespace framecheck
