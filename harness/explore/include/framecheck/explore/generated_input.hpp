// Generated play: input a person might give, drawn from a seed over what the game reads. Keys are
// tapped, held (with the repeats a held key sends), pressed in bursts and together; the pointer
// moves in strokes, clicks, drags and turns the wheel; a gamepad connects, presses, moves its
// sticks and disconnects; and there are idle stretches between. The same seed gives the same
// input on every machine.
//   Rng rng(seed);
//   InputScript input = generate_input(alphabet, {320, 180}, 600, rng);
#pragma once

#include <cstdint>
#include <framecheck/determinism/geometry.hpp>
#include <framecheck/determinism/rng.hpp>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/sim/input_alphabet.hpp>
#include <vector>

namespace framecheck {

// Input for frames 1 to `frames` over `alphabet`, pointer positions inside `area` (the game's
// logical size). Events past the last frame are left out, so a run may end with a key held.
InputScript generate_input(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames,
                           Rng& rng);

// One event at its frame: an InputScript as a list, which shrinking removes from.
struct TimedInput {
  std::uint64_t frame = 0;
  InputEvent event;
};
std::vector<TimedInput> flatten(const InputScript& input);
InputScript to_script(const std::vector<TimedInput>& events);

}  // namespace framecheck
