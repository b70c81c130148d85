#include "window/key_codes.hpp"

#include <gtest/gtest.h>

namespace framecheck::cli {
namespace {

TEST(KeyCodes, NameThePhysicalKeyAsKeyboardEventCodeDoes) {
  EXPECT_EQ(key_code(SDL_SCANCODE_GRAVE), "Backquote");
  EXPECT_EQ(key_code(SDL_SCANCODE_A), "KeyA");
  EXPECT_EQ(key_code(SDL_SCANCODE_W), "KeyW");
  EXPECT_EQ(key_code(SDL_SCANCODE_Z), "KeyZ");
  EXPECT_EQ(key_code(SDL_SCANCODE_1), "Digit1");
  EXPECT_EQ(key_code(SDL_SCANCODE_0), "Digit0");
  EXPECT_EQ(key_code(SDL_SCANCODE_KP_0), "Numpad0");
  EXPECT_EQ(key_code(SDL_SCANCODE_F12), "F12");
  EXPECT_EQ(key_code(SDL_SCANCODE_LEFT), "ArrowLeft");
  EXPECT_EQ(key_code(SDL_SCANCODE_RIGHT), "ArrowRight");
  EXPECT_EQ(key_code(SDL_SCANCODE_UP), "ArrowUp");
  EXPECT_EQ(key_code(SDL_SCANCODE_DOWN), "ArrowDown");
  EXPECT_EQ(key_code(SDL_SCANCODE_SPACE), "Space");
  EXPECT_EQ(key_code(SDL_SCANCODE_RETURN), "Enter");
  EXPECT_EQ(key_code(SDL_SCANCODE_LSHIFT), "ShiftLeft");
  EXPECT_EQ(key_code(SDL_SCANCODE_RALT), "AltRight");
  EXPECT_EQ(key_code(SDL_SCANCODE_PERIOD), "Period");
  EXPECT_EQ(key_code(SDL_SCANCODE_NONUSBACKSLASH), "IntlBackslash");
}

TEST(KeyCodes, AKeyTheWebHasNoCodeForHasNone) {
  EXPECT_EQ(key_code(SDL_SCANCODE_UNKNOWN), "");
  EXPECT_EQ(key_code(SDL_SCANCODE_AC_BOOKMARKS), "");
}

TEST(KeyCodes, EveryNameIsDistinctExceptTheTwoBackslashKeys) {
  std::map<std::string_view, int> seen;
  for (int s = 0; s < SDL_NUM_SCANCODES; ++s) {
    const std::string_view code = key_code(static_cast<SDL_Scancode>(s));
    if (!code.empty()) ++seen[code];
  }
  for (const auto& [code, count] : seen)
    EXPECT_EQ(count, code == "Backslash" ? 2 : 1) << code;
  EXPECT_GE(seen.size(), 100u);
}

}  // namespace
}  // namespace framecheck::cli
