// Sessions: a run recorded frame by frame, to replay headlessly. The format is JSON Lines,
// documented in docs/session-format.md.
#pragma once

#include <cstdint>
#include <framecheck/determinism/game_state.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <framecheck/diagnostics/frame_window.hpp>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/session/host_facts.hpp>
#include <framecheck/session/keyframe.hpp>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/sim/run_spec.hpp>
#include <framecheck/sim/world.hpp>
#include <framecheck/sim/world_state.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace framecheck {

// The format version this framecheck writes. It reads this one and every one back to
// kOldestSessionFormat; a file of another version is refused.
inline constexpr int kSessionFormatVersion = 6;
inline constexpr int kOldestSessionFormat = 1;

// The hash a session of `format` keeps its world checksums in: FNV-1a up to format 2, XXH3 from 3.
constexpr WorldHash world_hash_for(int format) {
  return format >= 3 ? WorldHash::kXxh3 : WorldHash::kFnv1a;
}

// Whether a session of `format` keeps the game's declared state (Game::declare_state): in its
// checksums and its records, from format 4.
constexpr bool keeps_game_state(int format) {
  return format >= 4;
}

// Whether a session of `format` may hold gamepad input: from format 5.
constexpr bool has_gamepads(int format) {
  return format >= 5;
}
// Whether a session of `format` may hold keyframes (keyframe.hpp): from format 6.
constexpr bool has_keyframes(int format) {
  return format >= 6;
}
// Frames between keyframes when a recording does not say: 1800, half a minute at 60 fps. Measured
// on an hour of the arena (tools/dev/perf/keyframes.sh, docs/performance.md): the compressed file
// grows by 0.02%, and a seek anywhere takes 0.061 s, most of it reading the file up to there;
// a keyframe every 600 frames saves 5 ms of that and costs five times the bytes.
inline constexpr std::int64_t kDefaultKeyframeEvery = 1800;

// What `framecheck explore` found, kept in the header of the session it writes for the finding, so
// that `replay --verify` plays the session's input to it again. The session's frames end at or
// before `frame`; a finding that stopped its frame (an exception, a crash, a hang) has no record of
// that frame, so `inputs` holds what was applied before it.
struct RecordedFinding {
  std::uint64_t frame = 0;         // the frame it showed at
  std::string kind;                // "exception", "crash", ...: explore's FindingKind, by name
  std::string place;               // what it is about: two findings at one place are one bug
  std::string detail;              // the whole sentence, values included
  double hang_ms = 0;              // the hang limit it was explored with; 0 when unstated
  std::vector<InputEvent> inputs;  // applied before `frame`, when the session has no record of it
  friend bool operator==(const RecordedFinding&, const RecordedFinding&) = default;
};

// Line 1: how to rebuild the run.
struct SessionHeader {
  int format = kSessionFormatVersion;
  std::string framecheck_version;              // the framecheck that recorded it
  std::string game;                            // its catalog id
  std::string game_version;                    // a replay under another version warns
  RunSpec run;                                 // the sizes, rates and seed it ran at
  std::int64_t checkpoint_every = 60;          // frames between checkpoints
  std::int64_t keyframe_every = 0;             // format 6: frames between keyframes; 0, none
  std::optional<HostFacts> host;               // the machine it was recorded on (written by record)
  std::optional<MathFingerprint> fingerprint;  // what that machine's libm does (record, play)
  std::optional<RecordedFinding> finding;      // a finding's session (explore writes it)
  friend bool operator==(const SessionHeader&, const SessionHeader&) = default;
};

// One frame: the input applied just before it, its simulated length, its measured sample, and
// (format 2 and later) the world's checksum after it, so a replay names the exact frame it diverges
// at.
struct FrameRecord {
  std::uint64_t frame = 0;  // 1, 2, 3, ... with no gaps
  SimTime dt{0};
  double sample_ms = 0;
  std::vector<InputEvent> inputs;  // never a GameAction; format 1 holds KeyPress and Travel only
  std::optional<std::uint64_t> checksum;  // Simulation::checksum() after the frame
  // Format 4: the game's declared state after the frame, whole on the first frame and whenever
  // its fields' names or kinds change; else `game_changes` holds the fields whose values changed
  // (a reader carries the state forward over the frames with neither).
  std::optional<std::vector<GameStateField>> game;
  std::vector<GameStateField> game_changes;
  friend bool operator==(const FrameRecord&, const FrameRecord&) = default;
};

// What the run held at the end of a frame: every reading, the metrics, the world's checksum
// (0 with no world open) and, optionally, the world field by field.
struct Checkpoint {
  std::uint64_t frame = 0;
  std::uint64_t checksum = 0;
  std::vector<DiagnosticReading> readings;
  FrameMetrics metrics;
  std::optional<WorldState> world;  // none when no world is open or the recording left it out
  std::optional<std::vector<GameStateField>> game;  // format 4: the game's declared state
};

using SessionRecord = std::variant<FrameRecord, Checkpoint, Keyframe>;

// Limits a reader holds a session to; anything outside them is bad input, not a run.
inline constexpr SimTime kMaxFrameDt = std::chrono::seconds(60);
inline constexpr double kMaxSampleMs = 3'600'000;  // an hour

}  // namespace framecheck
