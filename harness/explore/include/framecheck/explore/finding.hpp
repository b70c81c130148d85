// Finding: what generated play found wrong with a game, and where.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace framecheck {

enum class FindingKind {
  kException,       // an exception out of a game hook
  kCrash,           // a signal that ended the run's process (SIGSEGV, SIGABRT, ...)
  kNotFinite,       // a declared number, or an actor's position or velocity, NaN or infinite
  kInvariant,       // an invariant the game states (Simulation::broken_invariant) broken
  kHang,            // a frame still running after the limit
  kNondeterminism,  // a twin on the same input disagreed: the input does not decide the state
};

// Every kind, in the order the table in docs/explore.md lists them.
inline constexpr FindingKind kFindingKinds[] = {
    FindingKind::kException, FindingKind::kCrash, FindingKind::kNotFinite,
    FindingKind::kInvariant, FindingKind::kHang,  FindingKind::kNondeterminism};

// "exception", "crash", "not-finite", "invariant", "hang", "nondeterminism": as folders and
// messages name them.
std::string_view kind_name(FindingKind kind);
// The kind a name names, or nullopt.
std::optional<FindingKind> kind_from_name(std::string_view name);
// Every kind's name, for a message that lists them.
inline constexpr std::string_view kKindNames =
    "exception, crash, not-finite, invariant, hang, nondeterminism";

struct Finding {
  FindingKind kind = FindingKind::kException;
  std::uint64_t frame = 0;  // the frame it showed at; the input before it is what it needs
  std::string place;        // what it is about, the same each time: "frame: std::out_of_range",
                            // "ball x[3]", the invariant's name
  std::string detail;       // the whole sentence, values included
  // Two findings are the same bug when their kinds and places agree.
  bool same_bug(const Finding& other) const { return kind == other.kind && place == other.place; }
  friend bool operator==(const Finding&, const Finding&) = default;
};

// "frame 212: not-finite: ball x[3] is nan": how a finding is said in one line.
std::string describe(const Finding& finding);

}  // namespace framecheck
