#include "terminal_text.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace framecheck::cli {
namespace {

std::string escaped(const std::string& text, bool one_at_a_time = false) {
  std::ostringstream out;
  {
    EscapingBuffer buffer(out.rdbuf());
    std::ostream stream(&buffer);
    if (one_at_a_time) {
      for (char c : text)
        stream.put(c);
    } else {
      stream << text;
    }
  }
  return out.str();
}

TEST(TerminalText, ControlCharactersAreEscapedAsJsonSpellsThem) {
  using namespace std::string_literals;
  const std::string hostile =
      "score: \x1b[2J\x1b]0;owned\x07 all match\r\x7f"
      "\xc2\x9b"
      "31m\x00!"s;
  const std::string want =
      "score: \\u001b[2J\\u001b]0;owned\\u0007 all match\\u000d\\u007f\\u009b31m\\u0000!";
  EXPECT_EQ(escaped(hostile), want);
  EXPECT_EQ(escaped(hostile, true), want) << "byte by byte, a C1 control cut in two";
}

TEST(TerminalText, TextAndUtf8PassAsTheyAre) {
  const std::string text = "frame 240:\tactor 1 (player) x: recorded 1.5, replayed \xc2\xb5 é ✓\n";
  EXPECT_EQ(escaped(text), text);
  EXPECT_EQ(escaped(text, true), text);
  EXPECT_EQ(escaped("ends on a lead byte \xc2"), "ends on a lead byte \xc2");
}

TEST(TerminalText, AStreamIsEscapedWhileItLivesAndRestoredAfter) {
  std::ostringstream out;
  {
    const TerminalText text(out);
    out << "a\x1b" << 'b';
  }
  out << "\x1b";
  EXPECT_EQ(out.str(), "a\\u001bb\x1b");
}

}  // namespace
}  // namespace framecheck::cli
