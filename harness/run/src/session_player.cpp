#include <framecheck/run/session_player.hpp>

#include "replay_driver.hpp"

namespace framecheck {

Result<LoadedSession> load_session(SessionReader& reader) {
  LoadedSession out;
  out.header = reader.header();
  while (true) {
    Result<std::optional<SessionRecord>> next = reader.next();
    if (!next) return next.error();
    if (!next->has_value()) break;
    if (auto* frame = std::get_if<FrameRecord>(&**next)) out.frames.push_back(std::move(*frame));
  }
  out.warnings = reader.warnings();
  return out;
}

SessionPlayer::SessionPlayer(const LoadedSession& session,
                             std::function<std::unique_ptr<Game>()> make_game, DebugFlags debug)
    : session_(session), make_game_(std::move(make_game)), debug_(std::move(debug)) {
  restart();
  restarts_ = 0;
  keep_keyframe();
}

SessionPlayer::~SessionPlayer() = default;

void SessionPlayer::restart() {
  ++restarts_;
  driver_.reset();  // before the game its engine holds
  game_ = make_game_();
  samples_ = std::make_shared<RecordedSample>();
  driver_ =
      std::make_unique<Driver>(*game_, replay_driver_options(session_.header, samples_, debug_));
  if (overlay_flipped_) engine().diagnostics().toggle();
}

bool SessionPlayer::step() {
  if (frame() >= frame_count()) return false;
  const FrameRecord& f = session_.frames[frame()];
  // The recorded toggles apply as recorded; the viewer's own flip stays on top of them.
  for (const InputEvent& e : f.inputs)
    apply_input(engine(), e);
  samples_->next = f.sample_ms;
  engine().frame(f.dt);
  if (frame() % kKeyframeEvery == 0 && keyframes_trusted_) keep_keyframe();
  return true;
}

void SessionPlayer::keep_keyframe() {
  // Stepping on after a rewind passes keyframes already kept: saving again would be wasted.
  if (!keyframes_.contains(frame()))
    keyframes_.emplace(frame(), Keyframe{engine().save(), overlay_flipped_});
}

bool SessionPlayer::agrees_with_recording() {
  if (frame() == 0) return true;
  const std::optional<std::uint64_t>& recorded = session_.frames[frame() - 1].checksum;
  return !recorded || *recorded == session_checksum(engine(), session_.header.format);
}

void SessionPlayer::seek(std::uint64_t target) {
  target = std::min(target, frame_count());
  bool restored = false;
  if (target < frame()) {
    ++rewinds_;
    if (keyframes_trusted_) {
      const auto& [at, keyframe] = *std::prev(keyframes_.upper_bound(target));
      restored = !engine().restore(keyframe.snapshot).has_value();
      // The kept state holds the viewer's flip of then; the flip of now goes on top.
      if (restored && keyframe.overlay_flipped != overlay_flipped_) engine().diagnostics().toggle();
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
  engine().diagnostics().toggle();
}

}  // namespace framecheck
