// The events of an input that a run ends before: record and check-determinism warn about them
// in the same words, so a script longer than the run is never cut short in silence.
#pragma once

#include <cstdint>
#include <framecheck/session/input_script_file.hpp>
#include <string>

namespace framecheck::cli {

// How many of `script`'s events and stalls come after frame `frames`.
std::size_t events_past(const ScriptFile& script, std::uint64_t frames);

// "FILE: 3 events are past frame 600, the last one WHAT; OUTCOME", or "" when none is.
//   late_events_warning("input.jsonl", script, 600, "recorded", "they never happen")
std::string late_events_warning(const std::string& file, const ScriptFile& script,
                                std::uint64_t frames, const char* what, const char* outcome);

}  // namespace framecheck::cli
