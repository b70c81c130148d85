// What recording, replaying and watching a session share inside the session library: the
// recorded samples' frame timer, the driver a session replays on, a checkpoint's view.
#pragma once

#include <framecheck/diagnostics/debug_flags.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/sim/frame_timer.hpp>
#include <memory>
#include <optional>
#include <string>

namespace framecheck {

// A replay's frame timer: each frame's sample is the one the recording measured, set before
// the frame runs.
class RecordedSample final : public FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const FrameInfo&) override { return next; }
  double next = 0;
};

// The driver a session replays on: the header's surface, logical size, rates and seed, with
// each frame's sample taken from `samples`. replay_session and SessionPlayer both use it, so a
// session watched replays exactly as a session verified.
DriverOptions replay_driver_options(const SessionHeader& header,
                                    std::shared_ptr<RecordedSample> samples, DebugFlags debug);

// The checksum a session of `format` keeps after a frame: from format 4 the simulation's own
// (Simulation::checksum); before it, framecheck's engine's world alone in that format's hash
// (world_hash_for), which unreplayable() has checked the simulation has.
std::uint64_t session_checksum(Simulation& simulation, int format);

// Why `simulation` cannot run a session of `format`, or nullopt: formats 1 to 3 keep checksums
// of framecheck's engine's world alone, which a game on its own engine does not have.
std::optional<std::string> unreplayable(Simulation& simulation, int format);

// What a checkpoint holds, taken from a running simulation: recording and replay use this one
// view, in what a session of `format` keeps.
Checkpoint take_checkpoint(Simulation& simulation, int format);

}  // namespace framecheck
