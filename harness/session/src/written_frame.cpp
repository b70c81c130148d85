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

// The rest of the line, read from the front.
class Cursor {
 public:
  explicit Cursor(std::string_view line) : at_(line.data()), end_(line.data() + line.size()) {}
  bool done() const { return at_ == end_; }
  bool next_is(char c) const { return at_ != end_ && *at_ == c; }
  // Takes `text` when the line goes on with it.
  bool take(std::string_view text) {
    if (static_cast<std::size_t>(end_ - at_) < text.size() ||
        std::memcmp(at_, text.data(), text.size()) != 0)
      return false;
    at_ += text.size();
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
  // A number's token as JSON's grammar has it, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?;
  // `whole` when it has no fraction and no exponent. False too for more significant digits
  // than a double keeps, which the JSON parser reads its own way.
  bool number(std::string_view& token, bool& whole) {
    const char* p = at_;
    if (p != end_ && *p == '-') ++p;
    if (p == end_ || !digit(*p)) return false;
    if (*p++ != '0')
      while (p != end_ && digit(*p))
        ++p;
    whole = true;
    if (p != end_ && *p == '.') {
      const char* first = ++p;
      while (p != end_ && digit(*p))
        ++p;
      if (p == first) return false;
      whole = false;
    }
    if (p != end_ && (*p == 'e' || *p == 'E')) {
      ++p;
      if (p != end_ && (*p == '+' || *p == '-')) ++p;
      const char* first = p;
      while (p != end_ && digit(*p))
        ++p;
      if (p == first) return false;
      whole = false;
    }
    token = std::string_view(at_, static_cast<std::size_t>(p - at_));
    at_ = p;
    return !too_many_digits(token);
  }

 private:
  const char* at_;
  const char* end_;
};

// The whole token as a T; false for anything from_chars does not read exactly (out of range
// too). For a token the grammar passed, from_chars and the JSON parser round alike.
template <typename T>
bool convert(std::string_view token, T& out) {
  const char* end = token.data() + token.size();
  const auto [stop, ec] = std::from_chars(token.data(), end, out);
  return ec == std::errc() && stop == end;
}

// A whole number with no sign (-0 and negative numbers are for the JSON parser).
bool unsigned_number(Cursor& c, std::uint64_t& out) {
  std::string_view token;
  bool whole = false;
  return c.number(token, whole) && whole && token[0] != '-' && convert(token, out);
}

bool signed_number(Cursor& c, std::int64_t& out) {
  std::string_view token;
  bool whole = false;
  return c.number(token, whole) && whole && token != "-0" && convert(token, out);
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
  std::string_view token;
  bool whole = false;
  if (!c.number(token, whole)) return false;
  if (whole) {
    std::int64_t n = 0;
    if (token == "-0" || !convert(token, n)) return false;
    change.value = n;
    return true;
  }
  double d = 0;
  if (!convert(token, d) || !std::isfinite(d) || (d == 0 && std::signbit(d))) return false;
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
  Cursor c(line);
  PlainFrame out;
  std::string_view sample;
  bool whole = false;
  if (!c.take(R"({"type":"frame","frame":)") || !unsigned_number(c, out.frame) ||
      !c.take(R"(,"dt":)") || !signed_number(c, out.dt) || !c.take(R"(,"sample":)") ||
      !c.number(sample, whole) || sample[0] == '-' || !convert(sample, out.sample_ms))
    return std::nullopt;
  if (c.take(R"(,"checksum":")")) {
    std::string_view hex;
    std::uint64_t checksum = 0;
    if (!c.string(hex) || !session_json::parse_hex(hex, checksum)) return std::nullopt;
    out.checksum = checksum;
  }
  if (c.take(R"(,"game_changes":{)") && !game_changes(c, out.game_changes)) return std::nullopt;
  if (!c.take("}") || !c.done()) return std::nullopt;
  return out;
}

}  // namespace framecheck
