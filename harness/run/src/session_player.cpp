#include <framecheck/run/session_player.hpp>

#include "replay_driver.hpp"

namespace framecheck {

Result<LoadedSession> load_session(SessionReader& reader) {
  LoadedSession out;
  out.header = reader.header();
  Checkpoint last_checkpoint;
  std::vector<std::string> unusable;
  while (true) {
    Result<std::optional<SessionRecord>> next = reader.next();
    if (!next) return next.error();
    if (!next->has_value()) break;
    if (auto* frame = std::get_if<FrameRecord>(&**next)) {
      out.frames.push_back(std::move(*frame));
    } else if (auto* checkpoint = std::get_if<Checkpoint>(&**next)) {
      last_checkpoint = std::move(*checkpoint);
    } else {
      const Keyframe& keyframe = std::get<Keyframe>(**next);
      EngineData data;
      if (auto problem = engine_data(keyframe, last_checkpoint, {}, data)) {
        unusable.push_back(reader.name() + ": the keyframe at frame " +
                           std::to_string(keyframe.frame()) + " is not used: " + *problem);
      } else {
        out.keyframes.emplace(keyframe.frame(), std::move(data));
      }
    }
  }
  out.warnings = reader.warnings();
  out.warnings.insert(out.warnings.end(), unusable.begin(), unusable.end());
  return out;
}

SessionPlayer::SessionPlayer(const LoadedSession& session, const GameFactory& make_game,
                             DebugFlags debug)
    : SessionPlayer(session, simulation_of(make_game), std::move(debug)) {}

SessionPlayer::SessionPlayer(const LoadedSession& session, SimulationFactory make, DebugFlags debug)
    : session_(session), make_(std::move(make)), debug_(std::move(debug)) {
  restart();
  restarts_ = 0;
  keep_keyframe();
}

SessionPlayer::~SessionPlayer() = default;

void SessionPlayer::restart() {
  ++restarts_;
  driver_.reset();
  samples_ = std::make_shared<RecordedSample>();
  driver_ =
      std::make_unique<Driver>(make_, replay_driver_options(session_.header, samples_, debug_));
  if (overlay_flipped_) simulation().diagnostics().toggle();
}

bool SessionPlayer::step() {
  if (frame() >= frame_count()) return false;
  const FrameRecord& f = session_.frames[frame()];
  // The recorded toggles apply as recorded; the viewer's own flip stays on top of them.
  for (const InputEvent& e : f.inputs)
    apply_input(simulation(), e);
  samples_->next = f.sample_ms;
  simulation().frame(f.dt);
  if (frame() % kKeyframeEvery == 0 && keyframes_trusted_) keep_keyframe();
  return true;
}

void SessionPlayer::keep_keyframe() {
  // Stepping on after a rewind passes keyframes already kept: saving again would be wasted.
  if (!keyframes_.contains(frame()))
    keyframes_.emplace(frame(), Keyframe{simulation().save_state(), overlay_flipped_});
}

bool SessionPlayer::agrees_with_recording() {
  if (frame() == 0) return true;
  const std::optional<std::uint64_t>& recorded = session_.frames[frame() - 1].checksum;
  return !recorded || *recorded == session_checksum(simulation(), session_.header.format);
}

bool SessionPlayer::restore_file_keyframe(std::uint64_t at) {
  EngineData data = session_.keyframes.at(at);
  data.window = window_before(at, data.counters.now, [&](std::uint64_t f) {
    const FrameRecord& record = session_.frames[f - 1];
    return std::pair{record.dt, record.sample_ms};
  });
  if (simulation().restore(data)) return false;
  // The file holds the overlay as recorded; the viewer's flip goes on top.
  if (overlay_flipped_) simulation().diagnostics().toggle();
  return true;
}

void SessionPlayer::seek(std::uint64_t target) {
  target = std::min(target, frame_count());
  bool restored = false;
  // The nearest state at or before the target: the frame now, one kept in memory, or one of the
  // file's keyframes, whichever leaves fewest frames to step.
  std::uint64_t from_file = 0;
  if (keyframes_trusted_) {
    const auto file = session_.keyframes.upper_bound(target);
    if (file != session_.keyframes.begin()) from_file = std::prev(file)->first;
  }
  const std::uint64_t in_memory =
      keyframes_trusted_ ? std::prev(keyframes_.upper_bound(target))->first : 0;
  const std::uint64_t here = target >= frame() ? frame() : 0;
  if (from_file > std::max(here, in_memory) && from_file <= frame_count()) {
    if (target < frame()) ++rewinds_;
    restored = restore_file_keyframe(from_file);
    if (!restored) restart();
  } else if (target < frame()) {
    ++rewinds_;
    if (keyframes_trusted_) {
      const auto& [at, keyframe] = *std::prev(keyframes_.upper_bound(target));
      restored = !simulation().load_state(*keyframe.state).has_value();
      // The kept state holds the viewer's flip of then; the flip of now goes on top.
      if (restored && keyframe.overlay_flipped != overlay_flipped_)
        simulation().diagnostics().toggle();
    }
    if (!restored) restart();
  }
  while (frame() < target)
    step();
  // A recording that the rewound run contradicts where a run from the first frame may not: the
  // game's declaration misses state. From here on, back means from the first frame.
  if (restored && !agrees_with_recording()) {
    keyframes_trusted_ = false;
    keyframes_.clear();
    restart();
    while (frame() < target)
      step();
  }
}

SimTime SessionPlayer::next_dt() const {
  return frame() < frame_count() ? session_.frames[frame()].dt : SimTime(0);
}

void SessionPlayer::toggle_overlay() {
  overlay_flipped_ = !overlay_flipped_;
  simulation().diagnostics().toggle();
}

}  // namespace framecheck
