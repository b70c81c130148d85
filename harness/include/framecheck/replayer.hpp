// Replaying a session headlessly: the recorded samples into the window, the recorded input into
// the engine, and every checkpoint compared.
#pragma once

#include <cstdint>
#include <framecheck/debug_flags.hpp>
#include <framecheck/game.hpp>
#include <framecheck/result.hpp>
#include <framecheck/session.hpp>
#include <framecheck/session_reader.hpp>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace framecheck {

class Engine;

// What a checkpoint holds, taken from a running engine: recording and replay use this one view.
Checkpoint take_checkpoint(Engine& engine);

struct ReplayOptions {
  bool verify = false;                      // compare every checkpoint
  std::set<std::uint64_t> snapshot_frames;  // keep readings, metrics and panel text at these frames
  std::set<std::uint64_t> render_frames;    // render these frames (overlay shown) as PNG bytes
  bool series = false;                      // keep per-frame sample, mean, p95, p99
  DebugFlags debug;                         // named debug sources to turn on for the renders
  std::function<void(const std::string& block)> log;  // the panel as text, once per second
  // Called now and then with the share of the file replayed, 0 to 1.
  std::function<void(double done)> progress;
};

struct Snapshot {
  std::uint64_t frame = 0;
  std::vector<DiagnosticReading> readings;
  FrameMetrics metrics;
  std::vector<std::string> panel;  // the overlay's lines, as text
};

// One checkpoint where the replay and the recording disagree, and every way they do.
struct Divergence {
  std::uint64_t frame = 0;
  std::vector<std::string> differences;  // "reading \"score\": recorded 3, replayed 4"
};

// Per-frame figures for a plot or a CSV (index i is frame i + 1).
struct FrameSeries {
  std::vector<double> sample_ms, mean_ms, p95_ms, p99_ms;
  std::vector<std::pair<std::uint64_t, std::string>> levels;  // (first frame, level) as each opened
};

struct ReplayReport {
  std::uint64_t frames = 0;
  std::uint64_t checkpoints = 0;
  std::vector<Divergence> divergences;  // in frame order; empty when the replay matches
  std::vector<Snapshot> snapshots;
  std::map<std::uint64_t, std::string> renders;  // frame -> PNG bytes
  FrameSeries series;
};

// Replays the session `reader` holds onto `game` (a fresh instance of the game it names).
// Errors are bad input in the session, naming its file and line.
Result<ReplayReport> replay_session(SessionReader& reader, Game& game,
                                    const ReplayOptions& options);

}  // namespace framecheck
