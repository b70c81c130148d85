#include "written_frame.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "session_json.hpp"

namespace framecheck {
namespace {

// Lines as the session writer writes them: what a session is almost all of.
std::vector<std::string> written_lines() {
  std::vector<std::string> lines;
  FrameRecord f;
  f.frame = 98307;
  f.dt = SimTime(16666667);
  f.sample_ms = 0.266224;
  lines.push_back(session_json::frame(f).dump());
  f.checksum = 0x27513460c091b263u;
  lines.push_back(session_json::frame(f).dump());
  f.game_changes = {{"session time", std::int64_t{1638450000000}},
                    {"phase time", std::int64_t{-11450000000}}};
  lines.push_back(session_json::frame(f).dump());
  f.frame = 1;
  f.dt = SimTime(0);
  f.sample_ms = 0;
  f.game_changes = {{"x", 1.0 / 3},
                    {"tiny", 5e-324},
                    {"big", 1.7976931348623157e308},
                    {"alive", true},
                    {"lost", false},
                    {"level", std::string("arena-2")},
                    {"empty", std::string()},
                    {"neg", -2.5e-7},
                    {"zero", 0.0},
                    {"low", std::int64_t{-99999999999999999}},
                    {"high", std::int64_t{99999999999999999}}};
  lines.push_back(session_json::frame(f).dump());
  f.sample_ms = 1234.5;
  f.game_changes = {};
  lines.push_back(session_json::frame(f).dump());
  return lines;
}

bool same_bits(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// Field for field, doubles to the bit.
void expect_same(const PlainFrame& a, const PlainFrame& b, const std::string& line) {
  EXPECT_EQ(a.frame, b.frame) << line;
  EXPECT_EQ(a.dt, b.dt) << line;
  EXPECT_TRUE(same_bits(a.sample_ms, b.sample_ms)) << line;
  EXPECT_EQ(a.checksum, b.checksum) << line;
  ASSERT_EQ(a.game_changes.size(), b.game_changes.size()) << line;
  for (std::size_t i = 0; i < a.game_changes.size(); ++i) {
    const PlainChange& x = a.game_changes[i];
    const PlainChange& y = b.game_changes[i];
    EXPECT_EQ(x.name, y.name) << line;
    ASSERT_EQ(x.value.index(), y.value.index()) << line << " " << x.name;
    if (x.value.index() == 0)
      EXPECT_TRUE(same_bits(std::get<double>(x.value), std::get<double>(y.value))) << line;
    else
      EXPECT_EQ(x.value, y.value) << line;
  }
}

TEST(WrittenFrame, ReadsEveryLineTheWriterWritesAsTheJsonParserDoes) {
  for (const std::string& line : written_lines()) {
    const std::optional<PlainFrame> written = read_written_frame(line);
    const std::optional<PlainFrame> json = read_plain_frame_json(line);
    ASSERT_TRUE(written) << line;
    ASSERT_TRUE(json) << line;
    expect_same(*written, *json, line);
  }
}

// Every line one byte away from a written one: whatever this pass reads, the JSON parser reads
// the same; the rest it leaves alone. Many of them it must read, or it is never the one reading.
TEST(WrittenFrame, ReadsNothingTheJsonParserWouldReadDifferently) {
  const std::string bytes = std::string(" \\\"-+0159.eE,:}{[]tfnx\x01\x7f") + "\xc3";
  std::size_t tried = 0, read = 0;
  const auto check = [&](const std::string& line) {
    ++tried;
    const std::optional<PlainFrame> written = read_written_frame(line);
    if (!written) return;
    ++read;
    const std::optional<PlainFrame> json = read_plain_frame_json(line);
    ASSERT_TRUE(json) << line;
    expect_same(*written, *json, line);
  };
  for (const std::string& line : written_lines()) {
    for (std::size_t at = 0; at <= line.size(); ++at) {
      if (at < line.size()) check(line.substr(0, at) + line.substr(at + 1));  // one byte out
      for (const char b : bytes) {
        check(line.substr(0, at) + b + line.substr(at));  // one byte in
        if (at < line.size()) {
          std::string changed = line;
          changed[at] = b;
          check(changed);
        }
      }
    }
  }
  EXPECT_GT(read, tried / 20) << read << " of " << tried;
}

// Numbers as the writer writes them (a double's shortest round trip) and as a person might
// (up to 17 digits, any power of ten): each read to the same bits as simdjson reads it, on
// both sides of where the one-rounding shortcut stops.
TEST(WrittenFrame, ReadsEveryNumberToTheSameBits) {
  std::mt19937_64 random(58);
  const std::string head = R"({"type":"frame","frame":2,"dt":5,"sample":)";
  std::size_t read = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string token;
    if (i % 2 == 0) {
      const double d = std::ldexp(std::uniform_real_distribution<double>(1, 2)(random),
                                  std::uniform_int_distribution<int>(-90, 90)(random));
      token = nlohmann::json(d).dump();
    } else {
      // Appended a character at a time: GCC 12 at -O3 warns of overlaps that are not there in
      // an insert or a sum of strings here.
      const int digits = std::uniform_int_distribution<int>(1, 17)(random);
      const int point = std::uniform_int_distribution<int>(0, digits - 1)(random);
      for (int d = 0; d < digits; ++d) {
        if (d == point && point > 0) token.push_back('.');
        token.push_back(static_cast<char>('1' + random() % 9));
      }
      token.push_back('e');
      token.append(std::to_string(std::uniform_int_distribution<int>(-40, 40)(random)));
    }
    for (const std::string& line :
         {head + token + "}", head + R"(1,"game_changes":{"x":-)" + token + "}}"}) {
      const std::optional<PlainFrame> written = read_written_frame(line);
      const std::optional<PlainFrame> json = read_plain_frame_json(line);
      ASSERT_EQ(written.has_value(), json.has_value()) << line;
      if (written) {
        ++read;
        expect_same(*written, *json, line);
      }
    }
  }
  EXPECT_EQ(read, 40000u);
}

// Each of these the JSON parser takes (its own way, or to refuse): none is written as the
// writer writes.
TEST(WrittenFrame, LeavesAnythingElseToTheJsonParser) {
  const std::string head = R"({"type":"frame","frame":2,"dt":5,"sample":)";
  for (const std::string& line : std::vector<std::string>{
           R"({"frame":2,"type":"frame","dt":5,"sample":1.5})",         // another key order
           head + R"(1.5 })",                                           // a space
           head + R"(1.5,"inputs":[]})",                                // inputs
           head + R"(1.5,"game_changes":{"a":1,"a":2}})",               // a name twice
           head + R"(1.5,"game_changes":{"\u0061":1}})",                // an escape
           head + R"(1.5,"game_changes":{"é":1}})",                     // UTF-8
           head + R"(1.5,"game_changes":{"a":-0.0}})",                  // -0
           head + R"(1.5,"game_changes":{"a":-0}})",                    // -0, whole
           head + R"(1.5,"game_changes":{"a":9223372036854775808}})",   // past int64
           head + R"(1.5,"game_changes":{"a":1e400}})",                 // past a double
           head + R"(1.5,"game_changes":{"a":0.123456789012345678}})",  // 18 digits
           head + R"(1.5,"game_changes":{"a":null}})",                  // null
           head + R"(1.5,"game_changes":{"a":[1]}})",                   // an array
           head + R"(-1.5})",                                           // a negative sample
           head + R"(01})",                                             // a leading zero
           head + R"(1.5,"checksum":"786edda3de19b41"})",               // 15 hex digits
           head + R"(1.5})" + " ",                                      // after the object
           R"({"type":"frame","frame":-2,"dt":5,"sample":1.5})",        // a negative frame
           R"({"type":"frame","frame":2,"dt":-0,"sample":1.5})",        // dt -0
       }) {
    EXPECT_FALSE(read_written_frame(line)) << line;
  }
}

}  // namespace
}  // namespace framecheck
