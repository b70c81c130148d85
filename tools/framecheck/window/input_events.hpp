// SDL events as engine input: keys by KeyboardEvent.code, the pointer in logical coordinates.
#pragma once

#include <SDL2/SDL_events.h>

#include <framecheck/drive/input_script.hpp>
#include <framecheck/sim/game.hpp>
#include <optional>

namespace framecheck::cli {

// The input an SDL event is, or nullopt for one that is not (window events, keys the web has no
// code for). A window point maps to the game through `view`, the letterbox of the image shown,
// and `scale`, image pixels per window point (above 1 on a high-density display).
std::optional<InputEvent> to_input(const SDL_Event& event, const Viewport& view, double scale);

}  // namespace framecheck::cli
