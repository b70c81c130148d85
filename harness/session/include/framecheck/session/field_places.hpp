// FieldPlaces: where each name is in a recorded game state, for a frame's changes, which name
// the fields they set. A state may repeat a name; a session changes the same few fields frame
// after frame, so the k-th change of a frame is first looked for where the k-th change of the
// last one was found: one comparison of names for a steady game.
#pragma once

#include <cstddef>
#include <framecheck/determinism/game_state.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck {

class FieldPlaces {
 public:
  // The places of `fields`' names, forgetting any before.
  void assign(std::span<const GameStateField> fields);
  // The indices of the fields named `name`, in increasing order (the first is the first field of
  // that name); empty when none is. `k`: which change of its frame it is, for the hint.
  std::span<const std::size_t> of(std::string_view name, std::size_t k);
  // The same without a hint: for a lookup now and then.
  std::span<const std::size_t> of(std::string_view name) const;

 private:
  struct Run {
    std::string name;
    std::size_t begin, end;  // its fields' indices, indices_[begin, end)
  };
  std::size_t find(std::string_view name) const;  // the run of `name`, or runs_.size()
  std::span<const std::size_t> indices_of(std::size_t run) const;
  std::vector<Run> runs_;             // one a name, by name
  std::vector<std::size_t> indices_;  // the runs' field indices
  std::vector<std::size_t> hints_;    // the run each change of the last frame was found in
};

}  // namespace framecheck
