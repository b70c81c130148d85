// Verifying a session on several threads: the stretches between its keyframes side by side.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/io/result.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/sim/simulation.hpp>
#include <functional>
#include <string>
#include <vector>

namespace framecheck {

// A verify's report and what else its reading said.
struct PartsVerify {
  ReplayReport report;                // as replay_session's with verify alone
  std::vector<std::string> warnings;  // the reader's (SessionReader::warnings), in order
  unsigned parts = 1;  // stretches verified side by side (with any taken over); 1: from frame 1
};

// Verifies the session in `file` as replay_session with verify alone does, with the stretches
// between its keyframes (format 6) side by side on up to `jobs` threads. Each stretch starts
// from its keyframe restored and reads on through the keyframe that ends it, holding that to
// the resimulation as a one-thread verify does, so the stretches chain: each starts where the
// one before it was found to end. Where they meet is decided as they run, so that they end
// together: a stretch passes the lines before its keyframe at a cost against verifying them
// that is the game's own, and a thread whose stretch is done takes over the later part of the
// one with the most frames left when that pays for its pass. Whenever a stretch finds a divergence,
// an error or a warning, the session is verified again from frame 1 on this thread, so what it
// reports is always the one-thread verify's. One thread too for a session without keyframes, a .zst
// or .partial file, standard input ("-") or anything but a regular file, or a session shorter than
// two stretches. `make` is called on each stretch's thread; `progress`, if given, on this one with
// the share of the file the stretches have verified together (ReplayOptions::progress).
//   Result<PartsVerify> v = verify_in_parts("hour.jsonl", make_game, 4);
Result<PartsVerify> verify_in_parts(const std::filesystem::path& file,
                                    const SimulationFactory& make, unsigned jobs,
                                    const std::function<void(double done)>& progress = {});

// The same with a stretch from frame 1 and one from each keyframe in `starts` (ascending), on a
// thread each: every run the same split. A stretch whose keyframe is missing verifies nothing,
// and the session is verified from frame 1.
Result<PartsVerify> verify_in_stretches(const std::filesystem::path& file,
                                        const SimulationFactory& make,
                                        std::vector<std::uint64_t> starts);

// The number of the last frame record in the plain session file `file`, read from its tail; 0
// when it cannot say (not a regular file, compressed, or no frame record near its end).
std::uint64_t last_recorded_frame(const std::filesystem::path& file);

}  // namespace framecheck
