#include <cmath>
#include <framecheck/session/reading_json.hpp>

namespace framecheck {

nlohmann::ordered_json reading_json(const DiagnosticReading& r) {
  nlohmann::ordered_json j = {{"name", r.name}};
  if (!r.value) {
    j["error"] = r.error.value_or("");
  } else if (r.value->is_string()) {
    j["value"] = r.value->as_string();
  } else if (r.value->is_bool()) {
    j["value"] = r.value->as_bool();
  } else if (const double v = r.value->as_number(); std::isfinite(v)) {
    j["value"] = v;
  } else {
    // JSON has no NaN or Infinity: such a number is kept as its display word.
    j["number"] = std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
  }
  return j;
}

}  // namespace framecheck
