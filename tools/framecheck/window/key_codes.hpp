// SDL's scancodes as KeyboardEvent.code names: the physical key, whatever the keyboard layout.
#pragma once

#include <SDL2/SDL_scancode.h>

#include <string_view>

namespace framecheck::cli {

// "KeyW" for the key where QWERTY has W (also on AZERTY, where it prints Z), "Backquote" for the
// key left of 1, "ArrowLeft", "Space", ...; empty for a key the web has no code for.
std::string_view key_code(SDL_Scancode scancode);

}  // namespace framecheck::cli
