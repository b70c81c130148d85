// LiveRun: a game run live, one frame at a time, by a caller that owns the clock and the input
// (a window's loop, or record's fixed-rate one). The simulation measures each frame on the wall
// clock and draws it onto the run's surface; when the run records, every frame lands in a
// session as it ends.
#pragma once

#include <filesystem>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/session/session_writer.hpp>
#include <framecheck/sim/game.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace framecheck {

struct LiveRunOptions {
  SessionHeader header;       // game, versions, seed, sizes, tick rate, fps, checkpoints
  std::filesystem::path out;  // where the session goes; empty records nothing
  DebugFlags debug;           // named debug sources (they never change what is recorded)
  std::shared_ptr<FrameTimer> frame_timer;  // the wall clock when null
};

//   auto run = LiveRun::start(game, {.header = header, .out = "s.jsonl"});
//   if (!run) return fail(run.error());
//   while (open) {
//     (*run)->frame(inputs_since_last_frame, dt);   // applies, runs, records
//     show((*run)->surface());
//   }
//   (*run)->finish();  // the last checkpoint, then s.jsonl appears whole
class LiveRun {
 public:
  // Checks the header as a replay would and opens the session (nothing is written when `out`
  // is empty). Errors are the header's or the file's.
  static Result<std::unique_ptr<LiveRun>> start(Game& game, LiveRunOptions options);
  // The same for the simulation `make` makes: a game on its own engine.
  static Result<std::unique_ptr<LiveRun>> start(const SimulationFactory& make,
                                                LiveRunOptions options);
  ~LiveRun();
  LiveRun(const LiveRun&) = delete;
  LiveRun& operator=(const LiveRun&) = delete;

  // Applies `inputs` (keys, pointer, travel; no game actions) in order, runs one frame of
  // simulated length `dt` and records it: its sample, its inputs, the world's checksum, and a
  // checkpoint every checkpoint_every frames.
  Status frame(const std::vector<InputEvent>& inputs, SimTime dt);
  // Ends the recording: a checkpoint for the last frame unless it has one, then the rename.
  Status finish();
  // Gives up on the recording (removes its .partial); the simulation stays usable.
  void abandon();
  // Ends a recording that failed midway, keeping its frames (SessionWriter::keep), and gives
  // `failure` the sentence saying where they are; with no frame recorded, abandons instead.
  Error keep(Error failure);

  Simulation& simulation() { return *sim_; }
  Surface& surface() { return surface_; }
  const SessionHeader& header() const { return options_.header; }
  std::uint64_t frames() const { return sim_->frames(); }

 private:
  LiveRun(const SimulationFactory& make, LiveRunOptions options,
          std::optional<SessionWriter> writer);

  LiveRunOptions options_;
  GameState last_game_;  // the game state the recording last wrote (a frame holds it on change)
  bool game_names_unique_ = true;  // whether last_game_'s names are, so changes can name them
  std::optional<SessionWriter> writer_;
  Surface surface_;
  std::unique_ptr<Simulation> sim_;
  std::uint64_t last_checkpoint_ = 0;
};

}  // namespace framecheck
