#include <framecheck/sim/input_alphabet.hpp>

namespace framecheck {

InputAlphabet default_input_alphabet() {
  return {.keys = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "KeyW", "KeyA", "KeyS",
                   "KeyD", "Space", "Enter", "Escape", "Backquote"},
          .pointer = true,
          .gamepad = true};
}

}  // namespace framecheck
