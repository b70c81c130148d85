// FrameCheck: what a replay holds each frame to. The checksum its record states, and (format 4
// and later) the game's declared state the record states, field by field: a state that its own
// checksum contradicts is the session's claim, and the resimulation checks claims. It carries the
// recorded state forward as the records give it (whole, or its changes, or nothing) and keeps the
// first frame found to diverge; replay_session owns the frames, the engine and the rest.
#pragma once

#include <cstdint>
#include <framecheck/determinism/game_state.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/session/field_places.hpp>
#include <framecheck/session/session.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// "checksum: recorded ..., replayed ..." (format 4's checksum covers the game's declared state as
// well as the world; earlier formats' the world alone).
std::string checksum_difference(int format, std::uint64_t recorded, std::uint64_t replayed);

class FrameCheck {
 public:
  explicit FrameCheck(int format) : format_(format) {}

  // The recorded state a keyframe's restore put back: where the records carry it on from.
  void start_from(std::vector<GameStateField> recorded);
  // Takes the recorded state `frame` states, moving it out of the record; true when the frame
  // states the game's state (whole or changes), which check() then holds the replay to.
  bool take_recorded(FrameRecord& frame);
  // Whether a frame that does or does not state the game (take_recorded) is checked against the
  // replayed game state as well as against its checksum.
  bool checks_state(bool stated) const;
  // Holds frame `frame` to what its record states: `recorded` its checksum if it has one,
  // `replayed` the resimulation's, `state` the replayed game state (format 4 and later; filled
  // for the checksum, or alone where the frame states the game without a checksum).
  void check(std::uint64_t frame, std::optional<std::uint64_t> recorded, std::uint64_t replayed,
             bool stated, const GameState* state);

  std::uint64_t checked_frames() const { return checked_frames_; }
  // The first frame the replay diverged at, and how; nullopt while none has.
  const std::optional<Divergence>& first_divergence() const { return first_; }

 private:
  // Whether the replayed `state` holds what the recorded one does; notes where they were alike.
  bool same_as_recorded(const GameState& state);
  // The first field the replayed `state` differs from the recorded one in, if any.
  std::optional<std::string> first_field_difference(const GameState& state) const;

  int format_;
  // The game's state as recorded: a frame holds it whole, or its changes, or nothing.
  std::vector<GameStateField> recorded_game_;
  FieldPlaces recorded_places_;  // each name's fields
  // The replayed state's layout (GameState::layout) whose names were last found to be the
  // recorded ones; no layout is ever numbered kNoLayout.
  static constexpr std::uint64_t kNoLayout = ~std::uint64_t{0};
  std::uint64_t names_checked_ = kNoLayout;
  // The replayed state where it was last found to be the recorded one, and the recorded fields
  // set since: until either side's layout or size changes, only the fields that either side
  // changed since can differ.
  GameState::Mark found_alike_;
  std::vector<std::uint32_t> recorded_changed_;
  std::uint64_t checked_frames_ = 0;
  std::optional<Divergence> first_;
};

}  // namespace framecheck
