#include "written_frame.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>

#include "session_json.hpp"

namespace framecheck {
namespace {

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// A number's token, and its value as digits_value * 10^exponent.
struct Number {
  std::string_view token;
  bool negative = false;
  bool whole = true;               // no fraction, no exponent
  int digits = 0;                  // significant digits (leading zeros are none)
  std::uint64_t digits_value = 0;  // their value, when there are at most 17
  int exponent = 0;
};

// The rest of the line, read from the front.
class Cursor {
 public:
  explicit Cursor(std::string_view line) : at_(line.data()), end_(line.data() + line.size()) {}
  bool done() const { return at_ == end_; }
  bool next_is(char c) const { return at_ != end_ && *at_ == c; }
  // Takes `text` when the line goes on with it. Its size is known here, so the compare is a
  // few loads, not a call.
  template <std::size_t N>
  bool take(const char (&text)[N]) {
    constexpr std::size_t size = N - 1;
    if (static_cast<std::size_t>(end_ - at_) < size || std::memcmp(at_, text, size) != 0)
      return false;
    at_ += size;
    return true;
  }
  // A string's contents up to its closing quote, the opening one already taken. Only printable
  // ASCII and no backslash: an escape, a control byte or UTF-8 is for the JSON parser, which
  // knows their rules.
  bool string(std::string_view& out) {
    const char* p = at_;
    while (p != end_ && *p != '"') {
      const auto c = static_cast<unsigned char>(*p);
      if (c < 0x20 || c >= 0x80 || c == '\\') return false;
      ++p;
    }
    if (p == end_) return false;
    out = std::string_view(at_, static_cast<std::size_t>(p - at_));
    at_ = p + 1;
    return true;
  }
  // A number's token as JSON's grammar has it, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?,
  // and its value as digits and a power of ten. False too for more significant digits than a
  // double keeps, which the JSON parser reads its own way.
  bool number(Number& n) {
    const char* p = at_;
    n.negative = p != end_ && *p == '-';
    if (n.negative) ++p;
    if (p == end_ || !digit(*p)) return false;
    // The digits' value wraps past 19 of them, harmlessly: more than 17 are refused below.
    std::uint64_t value = 0;
    int digits = 0;    // significant: a leading 0 is none
    int exponent = 0;  // of ten
    const auto run = [&] {
      const char* first = p;
      while (p != end_ && digit(*p))
        value = value * 10 + static_cast<unsigned>(*p++ - '0');
      return static_cast<int>(p - first);
    };
    if (*p == '0')
      ++p;
    else
      digits = run();
    n.whole = true;
    if (p != end_ && *p == '.') {
      ++p;
      const char* first = p;
      const int fraction = run();
      if (fraction == 0) return false;
      exponent = -fraction;
      if (digits == 0) {
        while (*first == '0')
          ++first;
        digits = static_cast<int>(p - first);
      } else {
        digits += fraction;
      }
      n.whole = false;
    }
    if (p != end_ && (*p == 'e' || *p == 'E')) {
      ++p;
      const bool down = p != end_ && *p == '-';
      if (p != end_ && (*p == '+' || *p == '-')) ++p;
      const char* first = p;
      int e = 0;
      for (; p != end_ && digit(*p); ++p)
        if (e < 100000) e = e * 10 + (*p - '0');  // past any double's range either way
      if (p == first) return false;
      exponent += down ? -e : e;
      n.whole = false;
    }
    n.token = std::string_view(at_, static_cast<std::size_t>(p - at_));
    n.digits = digits;
    n.digits_value = value;
    n.exponent = exponent;
    at_ = p;
    return digits <= 17 && (n.token.size() <= 17 || !too_many_digits(n.token));
  }

 private:
  const char* at_;
  const char* end_;
};

// A whole number: its digits are at most 17, so it fits an int64 as it stands.
bool whole_number(const Number& n, std::int64_t& out) {
  if (!n.whole || (n.negative && n.digits == 0)) return false;  // -0 is the JSON parser's
  const auto magnitude = static_cast<std::int64_t>(n.digits_value);
  out = n.negative ? -magnitude : magnitude;
  return true;
}

// Powers of ten a double holds exactly.
constexpr double kExactTens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// The number as the nearest double, as every correct parser reads it: digits a double holds
// exactly, scaled by a power of ten it holds exactly, round once in one multiply or divide
// (Clinger's fast path; what a session's samples nearly all are). Anything else goes to
// from_chars, which rounds correctly too; false where it cannot read the token (out of range).
bool nearest_double(const Number& n, double& out) {
  if (n.digits <= 15 && n.exponent >= -22 && n.exponent <= 22) {
    const auto digits = static_cast<double>(n.digits_value);
    out = n.exponent < 0 ? digits / kExactTens[-n.exponent] : digits * kExactTens[n.exponent];
    if (n.negative) out = -out;
    return true;
  }
  const char* end = n.token.data() + n.token.size();
  const auto [stop, ec] = std::from_chars(n.token.data(), end, out);
  return ec == std::errc() && stop == end;
}

// One change's value: true, false, a string, a whole number (int64) or a double (finite, not
// -0), as read_plain_frame_json reads each.
bool change_value(Cursor& c, PlainChange& change) {
  if (c.take("true")) {
    change.value = true;
    return true;
  }
  if (c.take("false")) {
    change.value = false;
    return true;
  }
  if (c.take("\"")) {
    std::string_view s;
    if (!c.string(s)) return false;
    change.value = std::string(s);
    return true;
  }
  Number n;
  if (!c.number(n)) return false;
  if (n.whole) {
    std::int64_t whole = 0;
    if (!whole_number(n, whole)) return false;
    change.value = whole;
    return true;
  }
  double d = 0;
  if (!nearest_double(n, d) || !std::isfinite(d) || (d == 0 && std::signbit(d))) return false;
  change.value = d;
  return true;
}

bool game_changes(Cursor& c, std::vector<PlainChange>& out) {
  out.reserve(4);  // a frame's changes are few: one allocation for most
  if (c.take("}")) return true;
  while (true) {
    std::string_view name;
    if (!c.take("\"") || !c.string(name) || !c.take(":")) return false;
    PlainChange change{std::string(name), {}};
    if (!change_value(c, change)) return false;
    out.push_back(std::move(change));
    if (c.take("}")) return distinct_names(out);
    if (!c.take(",")) return false;
  }
}

}  // namespace

std::optional<PlainFrame> read_written_frame(std::string_view line) {
  PlainFrame out;
  if (!read_written_frame(line, out)) return std::nullopt;
  return out;
}

bool read_written_frame(std::string_view line, PlainFrame& out) {
  Cursor c(line);
  out.checksum.reset();
  out.game_changes.clear();
  Number frame, dt, sample;
  std::int64_t whole = 0;
  if (!c.take(R"({"type":"frame","frame":)") || !c.number(frame) || frame.negative ||
      !whole_number(frame, whole) || !c.take(R"(,"dt":)") || !c.number(dt) ||
      !whole_number(dt, out.dt) || !c.take(R"(,"sample":)") || !c.number(sample) ||
      sample.negative || !nearest_double(sample, out.sample_ms))
    return false;
  out.frame = static_cast<std::uint64_t>(whole);
  if (c.take(R"(,"checksum":")")) {
    std::string_view hex;
    std::uint64_t checksum = 0;
    if (!c.string(hex) || !session_json::parse_hex(hex, checksum)) return false;
    out.checksum = checksum;
  }
  if (c.take(R"(,"game_changes":{)") && !game_changes(c, out.game_changes)) return false;
  return c.take("}") && c.done();
}

bool read_written_head(std::string_view line, WrittenHead& head) {
  Cursor c(line);
  std::string_view type;
  Number frame, dt, sample;
  std::int64_t whole = 0;
  if (!c.take(R"({"type":")") || !c.string(type) || !c.take(R"(,"frame":)") || !c.number(frame) ||
      frame.negative || !whole_number(frame, whole))
    return false;
  head.type = type;
  head.frame = static_cast<std::uint64_t>(whole);
  if (type != "frame") return c.next_is(',') || c.next_is('}');
  return c.take(R"(,"dt":)") && c.number(dt) && whole_number(dt, head.dt) &&
         c.take(R"(,"sample":)") && c.number(sample) && !sample.negative &&
         nearest_double(sample, head.sample) && (c.next_is(',') || c.next_is('}'));
}

}  // namespace framecheck
