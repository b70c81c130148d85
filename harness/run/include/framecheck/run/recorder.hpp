// Recording a live run: the wall clock times each frame, and the session keeps it all.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/sim/game.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <map>

namespace framecheck {

struct RecordOptions {
  SessionHeader header;        // game, versions, seed, sizes, tick rate, fps, checkpoint_every
  std::uint64_t frames = 600;  // how many frames to run
  InputScript input;           // keys and travel, applied before the frames they name
  std::filesystem::path input_file;  // the script `input` was read from, named in its errors
  // Frames made to take this much longer, by sleeping inside them: a real, measured hitch, for
  // testing what a pipeline does with one.
  std::map<std::uint64_t, double> stalls_ms;
  bool realtime = false;  // pace frames to simulated time instead of running flat out
  DebugFlags debug;       // named debug sources to turn on (they never change what is recorded)
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

// Runs `game` live (a real surface, the wall-clock frame timer) and writes the session to `out`,
// atomically: out.partial grows frame by frame and is renamed to `out` at the end.
Status record_session(Game& game, const RecordOptions& options, const std::filesystem::path& out);
// The same for the simulation `make` makes: a game on its own engine.
Status record_session(const SimulationFactory& make, const RecordOptions& options,
                      const std::filesystem::path& out);

}  // namespace framecheck
