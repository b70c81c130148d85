#include <gtest/gtest.h>

#include <framecheck/io/escaped_text.hpp>
#include <string>

namespace framecheck {
namespace {

TEST(EscapedText, PlainTextAndUtf8PassAsTheyAre) {
  EXPECT_EQ(escape_text("ArenaCase.Score/0 é ✓"), "ArenaCase.Score/0 é ✓");
  EXPECT_EQ(escape_text(""), "");
  EXPECT_EQ(escape_text("\xC2\xA0"), "\xC2\xA0") << "U+00A0 is not a control";
}

TEST(EscapedText, EveryControlIsSpeltOutSoOneNameIsOneLine) {
  EXPECT_EQ(escape_text("a\nb"), "a\\u000ab");
  EXPECT_EQ(escape_text("a\r\tb"), "a\\u000d\\u0009b");
  EXPECT_EQ(escape_text("\x1b]0;title\x07"), "\\u001b]0;title\\u0007");
  EXPECT_EQ(escape_text("x\x7f"), "x\\u007f");
  EXPECT_EQ(escape_text(std::string("a\0b", 3)), "a\\u0000b");
  EXPECT_EQ(escape_text("\xC2\x9B"
                        "2J"),
            "\\u009b2J")
      << "C1's CSI, as UTF-8";
  EXPECT_EQ(escape_text("\xC2"), "\xC2") << "a lone lead byte at the end is kept";
}

TEST(EscapedText, ABackslashIsDoubledSoAnEscapeCannotBeForged) {
  EXPECT_EQ(escape_text("a\\u000ab"), "a\\\\u000ab");
  EXPECT_NE(escape_text("a\\u000ab"), escape_text("a\nb"));
}

}  // namespace
}  // namespace framecheck
