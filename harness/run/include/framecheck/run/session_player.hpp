// SessionPlayer: a recorded session held in memory and played to any frame, forwards or back,
// for watching it (framecheck view). Nothing is verified; SessionReader has checked the file.
#pragma once

#include <cstdint>
#include <framecheck/drive/driver.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/session/session_reader.hpp>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace framecheck {

class RecordedSample;  // replay_driver.hpp

// A session's frames, read whole: each is a few dozen bytes, so an hour at 60 fps is a few MB.
struct LoadedSession {
  SessionHeader header;
  std::vector<FrameRecord> frames;
  // Format 6: the file's keyframes as Simulation::restore takes them, by frame; each one's frame
  // window is filled from the frames' samples when a seek restores it.
  std::map<std::uint64_t, EngineData> keyframes;
  std::vector<std::string> warnings;  // the reader's (a cut-short tail, unchecked frames)
};

// Reads every frame of `reader` and its keyframes (checkpoints are otherwise skipped). Errors
// are the reader's; a keyframe that does not fit its checkpoint is left out with a warning.
Result<LoadedSession> load_session(SessionReader& reader);

// Plays a loaded session onto a fresh game. Every kKeyframeEvery frames it passes, it keeps the
// simulation's state (Simulation::save_state), so going back restores the nearest one at or before
// the target and steps the rest, headless and undrawn: a few milliseconds anywhere in an hour. A
// seek also starts from the file's own keyframes (format 6), so a frame an hour in is as near as
// one already passed. A game that is not rollback-safe (its declaration misses state,
// check-determinism --rollback) would show wrong frames that way; where a session's checksum says
// so after a rewind, the player replays from the first frame instead, and keeps doing so.
//   SessionPlayer player(session, [] { return std::make_unique<games::Arena>(); }, {});
//   player.seek(600);
//   player.simulation().render(cr, width, height);
class SessionPlayer {
 public:
  // How often a keyframe is kept: each is the engine's state (world, declared state, frame-time
  // windows), an hour at 60 fps keeps 360, and a seek back steps fewer than this many frames.
  static constexpr std::uint64_t kKeyframeEvery = 600;

  SessionPlayer(const LoadedSession& session, const GameFactory& make_game, DebugFlags debug);
  // The same for a game on its own engine.
  SessionPlayer(const LoadedSession& session, SimulationFactory make, DebugFlags debug);
  ~SessionPlayer();

  // Frames run so far: 0 before the first, up to frame_count().
  std::uint64_t frame() const { return driver_->frame(); }
  std::uint64_t frame_count() const { return session_.frames.size(); }
  // Simulated time at the end of the last frame run.
  SimTime now() const { return driver_->simulation().now(); }
  // Runs to `frame` (clamped to the session), forwards by stepping, backwards from the start.
  void seek(std::uint64_t frame);
  // Runs the next frame; false at the end.
  bool step();
  // The next frame's recorded dt (0 at the end): how long it lasts when watched at its pace.
  SimTime next_dt() const;
  // Shows or hides the overlay; kept across a seek backwards, over the recorded toggles.
  void toggle_overlay();
  // How many times a seek went back (to a keyframe), and how many of those replayed from the
  // first frame because the keyframe gave another checksum than the recording.
  std::uint64_t rewinds() const { return rewinds_; }
  std::uint64_t restarts() const { return restarts_; }
  // The frames whose state is kept.
  std::size_t keyframes() const { return keyframes_.size(); }

  Simulation& simulation() { return driver_->simulation(); }

 private:
  void restart();
  void keep_keyframe();
  // Restores the file's keyframe at `at`; false (the engine then at no frame in particular)
  // when it does not restore.
  bool restore_file_keyframe(std::uint64_t at);
  // Whether the engine's checksum now agrees with the recording's for this frame (true where
  // the recording keeps none).
  bool agrees_with_recording();

  struct Keyframe {
    std::shared_ptr<const SavedState> state;
    bool overlay_flipped = false;  // the viewer's flip when it was kept
  };

  const LoadedSession& session_;
  SimulationFactory make_;
  DebugFlags debug_;
  std::shared_ptr<RecordedSample> samples_;
  std::unique_ptr<Driver> driver_;  // the one replay_session uses, built from the same header
  bool overlay_flipped_ = false;    // the viewer's own toggles, an odd number of them
  std::map<std::uint64_t, Keyframe> keyframes_;
  bool keyframes_trusted_ = true;  // false once a rewind disagreed with the recording
  std::uint64_t rewinds_ = 0;
  std::uint64_t restarts_ = 0;
};

}  // namespace framecheck
