// A finding's session: the session explore writes for a finding, whose header keeps the finding
// (RecordedFinding), and the replay that plays it to the finding again. What `replay --verify`
// does with one, so that a finding committed to a repository is a regression test.
//   Result<FindingReplay> r = replay_finding(reader, kite_factory());
//   if (r && r->found) std::cout << describe(*r->found) << '\n';  // still there
#pragma once

#include <framecheck/explore/finding.hpp>
#include <framecheck/explore/probe.hpp>
#include <framecheck/io/result.hpp>
#include <framecheck/session/session.hpp>
#include <framecheck/session/session_reader.hpp>
#include <optional>
#include <vector>

namespace framecheck {

// The header's record of `finding`: `unfinished` is what was applied before its frame when the
// session has no record of that frame (a finding that stopped it), `hang_ms` explore's limit.
RecordedFinding recorded_finding(const Finding& finding, std::vector<InputEvent> unfinished,
                                 double hang_ms);

// What a finding's session shows when replayed.
struct FindingReplay {
  Finding recorded;              // what the session was written for
  std::optional<Finding> found;  // what its input shows now, up to the recorded frame
  std::uint64_t frames = 0;      // the frames played: up to the recorded finding's
  // The same bug at the same frame.
  bool same() const { return found && found->same_bug(recorded) && found->frame == recorded.frame; }
};

// Plays the input of the finding's session `reader` holds (its frames, then the finding's own
// frame) in a child process on a game `make` makes, at the header's sizes, rates and seed, watched
// as explore watches a run. Errors: no finding, a kind no framecheck names, frames past it.
Result<FindingReplay> replay_finding(SessionReader& reader, const SimulationFactory& make);

}  // namespace framecheck
