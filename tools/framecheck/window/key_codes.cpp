#include "key_codes.hpp"

#include <array>
#include <utility>

namespace framecheck::cli {
namespace {

// UI Events KeyboardEvent code values (https://www.w3.org/TR/uievents-code/) by USB HID usage,
// which is what an SDL scancode is.
constexpr std::pair<SDL_Scancode, std::string_view> kNamed[] = {
    {SDL_SCANCODE_RETURN, "Enter"},
    {SDL_SCANCODE_ESCAPE, "Escape"},
    {SDL_SCANCODE_BACKSPACE, "Backspace"},
    {SDL_SCANCODE_TAB, "Tab"},
    {SDL_SCANCODE_SPACE, "Space"},
    {SDL_SCANCODE_MINUS, "Minus"},
    {SDL_SCANCODE_EQUALS, "Equal"},
    {SDL_SCANCODE_LEFTBRACKET, "BracketLeft"},
    {SDL_SCANCODE_RIGHTBRACKET, "BracketRight"},
    {SDL_SCANCODE_BACKSLASH, "Backslash"},
    {SDL_SCANCODE_NONUSHASH, "Backslash"},
    {SDL_SCANCODE_SEMICOLON, "Semicolon"},
    {SDL_SCANCODE_APOSTROPHE, "Quote"},
    {SDL_SCANCODE_GRAVE, "Backquote"},
    {SDL_SCANCODE_COMMA, "Comma"},
    {SDL_SCANCODE_PERIOD, "Period"},
    {SDL_SCANCODE_SLASH, "Slash"},
    {SDL_SCANCODE_CAPSLOCK, "CapsLock"},
    {SDL_SCANCODE_PRINTSCREEN, "PrintScreen"},
    {SDL_SCANCODE_SCROLLLOCK, "ScrollLock"},
    {SDL_SCANCODE_PAUSE, "Pause"},
    {SDL_SCANCODE_INSERT, "Insert"},
    {SDL_SCANCODE_HOME, "Home"},
    {SDL_SCANCODE_PAGEUP, "PageUp"},
    {SDL_SCANCODE_DELETE, "Delete"},
    {SDL_SCANCODE_END, "End"},
    {SDL_SCANCODE_PAGEDOWN, "PageDown"},
    {SDL_SCANCODE_RIGHT, "ArrowRight"},
    {SDL_SCANCODE_LEFT, "ArrowLeft"},
    {SDL_SCANCODE_DOWN, "ArrowDown"},
    {SDL_SCANCODE_UP, "ArrowUp"},
    {SDL_SCANCODE_NUMLOCKCLEAR, "NumLock"},
    {SDL_SCANCODE_KP_DIVIDE, "NumpadDivide"},
    {SDL_SCANCODE_KP_MULTIPLY, "NumpadMultiply"},
    {SDL_SCANCODE_KP_MINUS, "NumpadSubtract"},
    {SDL_SCANCODE_KP_PLUS, "NumpadAdd"},
    {SDL_SCANCODE_KP_ENTER, "NumpadEnter"},
    {SDL_SCANCODE_KP_PERIOD, "NumpadDecimal"},
    {SDL_SCANCODE_KP_EQUALS, "NumpadEqual"},
    {SDL_SCANCODE_NONUSBACKSLASH, "IntlBackslash"},
    {SDL_SCANCODE_APPLICATION, "ContextMenu"},
    {SDL_SCANCODE_LCTRL, "ControlLeft"},
    {SDL_SCANCODE_LSHIFT, "ShiftLeft"},
    {SDL_SCANCODE_LALT, "AltLeft"},
    {SDL_SCANCODE_LGUI, "MetaLeft"},
    {SDL_SCANCODE_RCTRL, "ControlRight"},
    {SDL_SCANCODE_RSHIFT, "ShiftRight"},
    {SDL_SCANCODE_RALT, "AltRight"},
    {SDL_SCANCODE_RGUI, "MetaRight"},
};

constexpr std::string_view kLetters[] = {"KeyA", "KeyB", "KeyC", "KeyD", "KeyE", "KeyF", "KeyG",
                                         "KeyH", "KeyI", "KeyJ", "KeyK", "KeyL", "KeyM", "KeyN",
                                         "KeyO", "KeyP", "KeyQ", "KeyR", "KeyS", "KeyT", "KeyU",
                                         "KeyV", "KeyW", "KeyX", "KeyY", "KeyZ"};
// SDL puts 1 to 9 before 0, as the keyboard does.
constexpr std::string_view kDigits[] = {"Digit1", "Digit2", "Digit3", "Digit4", "Digit5",
                                        "Digit6", "Digit7", "Digit8", "Digit9", "Digit0"};
constexpr std::string_view kNumpad[] = {"Numpad1", "Numpad2", "Numpad3", "Numpad4", "Numpad5",
                                        "Numpad6", "Numpad7", "Numpad8", "Numpad9", "Numpad0"};
constexpr std::string_view kFunction[] = {"F1", "F2", "F3", "F4",  "F5",  "F6",
                                          "F7", "F8", "F9", "F10", "F11", "F12"};

}  // namespace

std::string_view key_code(SDL_Scancode s) {
  if (s >= SDL_SCANCODE_A && s <= SDL_SCANCODE_Z) return kLetters[s - SDL_SCANCODE_A];
  if (s >= SDL_SCANCODE_1 && s <= SDL_SCANCODE_0) return kDigits[s - SDL_SCANCODE_1];
  if (s >= SDL_SCANCODE_KP_1 && s <= SDL_SCANCODE_KP_0) return kNumpad[s - SDL_SCANCODE_KP_1];
  if (s >= SDL_SCANCODE_F1 && s <= SDL_SCANCODE_F12) return kFunction[s - SDL_SCANCODE_F1];
  for (const auto& [scancode, name] : kNamed) {
    if (scancode == s) return name;
  }
  return {};
}

}  // namespace framecheck::cli
