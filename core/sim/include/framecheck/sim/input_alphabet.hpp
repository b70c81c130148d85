// InputAlphabet: the input a game reads, which generated play (framecheck explore) draws from. A
// game states it through Simulation::input_alphabet; without it explore presses what most games
// read.
#pragma once

#include <string>
#include <vector>

namespace framecheck {

struct InputAlphabet {
  std::vector<std::string> keys;  // KeyboardEvent.code values: "ArrowLeft", "Space"
  bool pointer = true;            // moves, buttons 0 to 2 and the wheel, over the logical area
  bool gamepad = true;            // a standard gamepad: buttons, sticks, connects, disconnects
  friend bool operator==(const InputAlphabet&, const InputAlphabet&) = default;
};

// What explore draws from when a game states nothing: the arrows, WASD, Space, Enter, Escape,
// Backquote (the overlay), a pointer and a gamepad.
InputAlphabet default_input_alphabet();

}  // namespace framecheck
