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
  return true;
}

void SessionPlayer::seek(std::uint64_t target) {
  target = std::min(target, frame_count());
  if (target < frame()) restart();
  while (frame() < target)
    step();
}

SimTime SessionPlayer::next_dt() const {
  return frame() < frame_count() ? session_.frames[frame()].dt : SimTime(0);
}

void SessionPlayer::toggle_overlay() {
  overlay_flipped_ = !overlay_flipped_;
  engine().diagnostics().toggle();
}

}  // namespace framecheck
