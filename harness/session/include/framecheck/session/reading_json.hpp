// A diagnostic reading as JSON: the one form sessions' checkpoints and `replay --json` share, its
// keys in the order written.
#pragma once

#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <nlohmann/json.hpp>

namespace framecheck {

// {"name", "value"} for a string, a bool or a finite number; {"name", "error"} for a source that
// threw; and, since JSON has no NaN or Infinity, {"name", "number": "NaN" | "Infinity" |
// "-Infinity"} for a number that is not finite.
//   reading_json({"speed", 2.5}) -> {"name":"speed","value":2.5}
nlohmann::ordered_json reading_json(const DiagnosticReading& reading);

}  // namespace framecheck
