#include "late_events.hpp"

#include <framecheck/io/escaped_text.hpp>

namespace framecheck::cli {

std::size_t events_past(const ScriptFile& script, std::uint64_t frames) {
  std::size_t late = 0;
  for (const auto& [frame, events] : script.input.all())
    late += frame > frames ? events.size() : 0;
  for (const auto& [frame, ms] : script.stalls_ms)
    late += frame > frames ? 1 : 0;
  return late;
}

std::string late_events_warning(const std::string& file, const ScriptFile& script,
                                std::uint64_t frames, const char* what, const char* outcome) {
  const std::size_t late = events_past(script, frames);
  if (late == 0) return "";
  return escape_text(file) + ": " + std::to_string(late) + " event" +
         (late == 1 ? " is" : "s are") + " past frame " + std::to_string(frames) +
         ", the last one " + what + "; " + outcome;
}

}  // namespace framecheck::cli
