// Replaying a session headlessly: the recorded samples into the window, the recorded input into
// the engine, and every checkpoint compared.
#pragma once

#include <cstdint>
#include <framecheck/diagnostics/debug_flags.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/sim/frame_timer.hpp>
#include <framecheck/sim/game.hpp>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace framecheck {

struct ReplayOptions {
  bool verify = false;                      // compare every checkpoint
  std::set<std::uint64_t> snapshot_frames;  // keep readings, metrics and panel text at these frames
  std::set<std::uint64_t> render_frames;    // render these frames (overlay shown) as PNG bytes
  bool series = false;                      // keep per-frame sample, mean, p95, p99
  DebugFlags debug;                         // named debug sources to turn on for the renders
  std::function<void(const std::string& block)> log;  // the panel as text, once per second
  // Called now and then with the share of the file replayed, 0 to 1.
  std::function<void(double done)> progress;
  // Called before each frame runs, with its number (check-determinism perturbs the heap here).
  std::function<void(std::uint64_t frame)> before_frame;
  // Start at the last keyframe at or before this frame (format 6), restored, instead of frame
  // 1; a session without one there replays from frame 1. Unset: from frame 1.
  std::optional<std::uint64_t> from_frame;
  // Stop after this frame (nothing after it is read); unset: at the session's end.
  std::optional<std::uint64_t> to_frame;
  // Instead of from_frame: start at the first keyframe this takes, each offered in order as the
  // seek passes it (a stretch of a verify in parts); none taken is an error.
  std::function<SessionReader::Choice(std::uint64_t keyframe)> choose_keyframe;
  // Called with each keyframe's frame once it is read (and, with verify, held to the
  // resimulation): true stops the replay there, a stretch that ends where the next one starts.
  // Set, the replay reads on the calling thread.
  std::function<bool(std::uint64_t keyframe)> stop_at_keyframe;
};

struct Snapshot {
  std::uint64_t frame = 0;
  std::vector<DiagnosticReading> readings;
  FrameMetrics metrics;
  std::vector<std::string> panel;  // the overlay's lines, as text
};

// A frame where the replay and the recording disagree, and every way they do.
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
  std::uint64_t started_after = 0;  // the keyframe's frame a from_frame replay restored, or 0
  std::uint64_t frames = 0;
  std::uint64_t checkpoints = 0;
  std::uint64_t keyframes = 0;       // format 6: keyframes read (with verify, each compared)
  std::uint64_t checked_frames = 0;  // frames whose recorded world checksum was compared
  // The first frame whose world checksum differs from the recording's (format 2 sessions, with
  // verify), and how: "world checksum: recorded ..., replayed ...".
  std::optional<Divergence> first_divergent_frame;
  std::vector<Divergence> divergences;  // checkpoints, in frame order; empty when they match
  std::vector<Snapshot> snapshots;
  std::map<std::uint64_t, std::string> renders;  // frame -> PNG bytes
  FrameSeries series;
};

// Replays the session `reader` holds onto `game` (a fresh instance of the game it names).
// Errors are bad input in the session, naming its file and line.
Result<ReplayReport> replay_session(SessionReader& reader, Game& game,
                                    const ReplayOptions& options);
// The same onto the simulation `make` makes: a game on its own engine. A session of format 1 to
// 3 (checksums of framecheck's engine's world alone) is refused for one.
Result<ReplayReport> replay_session(SessionReader& reader, const SimulationFactory& make,
                                    const ReplayOptions& options);

}  // namespace framecheck
