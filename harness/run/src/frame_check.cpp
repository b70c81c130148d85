#include "frame_check.hpp"

#include <algorithm>
#include <framecheck/session/session_lines.hpp>
#include <span>

namespace framecheck {

std::string checksum_difference(int format, std::uint64_t recorded, std::uint64_t replayed) {
  return std::string(keeps_game_state(format) ? "checksum" : "world checksum") + ": recorded " +
         checksum_text(recorded) + ", replayed " + checksum_text(replayed);
}

void FrameCheck::start_from(std::vector<GameStateField> recorded) {
  recorded_game_ = std::move(recorded);
  recorded_places_.assign(recorded_game_);
  names_checked_ = kNoLayout;
  found_alike_ = {};
  recorded_changed_.clear();
}

bool FrameCheck::take_recorded(FrameRecord& frame) {
  const bool stated = frame.game || !frame.game_changes.empty();
  if (frame.game) start_from(std::move(*frame.game));
  for (std::size_t k = 0; k < frame.game_changes.size(); ++k) {
    // Every field of that name takes the change (a state may repeat a name).
    const GameStateField& change = frame.game_changes[k];
    for (const std::size_t at : recorded_places_.of(change.name, k)) {
      recorded_game_[at].value = change.value;
      recorded_changed_.push_back(static_cast<std::uint32_t>(at));
    }
  }
  // Changes pile up only while the two are not found alike (after a divergence): then the next
  // check, if any, compares everything.
  if (recorded_changed_.size() > recorded_game_.size()) {
    found_alike_ = {};
    recorded_changed_.clear();
  }
  return stated;
}

bool FrameCheck::checks_state(bool stated) const {
  return stated && keeps_game_state(format_);
}

void FrameCheck::check(std::uint64_t frame, std::optional<std::uint64_t> recorded,
                       std::uint64_t replayed, bool stated, const GameState* state) {
  if (recorded) {
    ++checked_frames_;
    if (replayed != *recorded && !first_) {
      Divergence d{frame, {checksum_difference(format_, *recorded, replayed)}};
      // The game's own state is in every frame's record, so its field is named right here.
      if (state != nullptr && keeps_game_state(format_)) {
        if (auto field = first_field_difference(*state)) d.differences.push_back(std::move(*field));
      }
      first_ = std::move(d);
    }
  }
  if (checks_state(stated) && state != nullptr && !first_ && !same_as_recorded(*state)) {
    if (auto field = first_field_difference(*state))
      first_ = Divergence{frame, {std::move(*field)}};
  }
}

bool FrameCheck::same_as_recorded(const GameState& state) {
  const auto now = state.fields();
  // Once the names are found alike they stay so until the replayed state's layout changes (or a
  // frame states the whole recorded state again): then values alone, and those of the fields
  // changed since the two were last found alike, where the replayed state can say which it
  // changed.
  const bool names_alike = names_checked_ == state.layout() && now.size() == recorded_game_.size();
  const auto alike = [&](std::uint32_t i) {
    return same_value(recorded_game_[i].value, now[i].value);
  };
  std::optional<std::span<const std::uint32_t>> replayed_changed;
  if (names_alike && now.size() <= found_alike_.fields)
    replayed_changed = state.changed_since(found_alike_);
  const bool same =
      replayed_changed ? std::all_of(replayed_changed->begin(), replayed_changed->end(), alike) &&
                             std::all_of(recorded_changed_.begin(), recorded_changed_.end(), alike)
      : names_alike
          ? std::equal(recorded_game_.begin(), recorded_game_.end(), now.begin(),
                       [](const GameStateField& a, const GameStateField& b) {
                         return same_value(a.value, b.value);
                       })
          : std::equal(recorded_game_.begin(), recorded_game_.end(), now.begin(), now.end());
  if (same) {
    names_checked_ = state.layout();
    found_alike_ = state.mark();
    recorded_changed_.clear();
  }
  return same;
}

std::optional<std::string> FrameCheck::first_field_difference(const GameState& state) const {
  GameState recorded;
  recorded.assign(recorded_game_);
  return first_difference(recorded, state);
}

}  // namespace framecheck
