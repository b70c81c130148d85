#include "session_json.hpp"

#include <cmath>

namespace framecheck::session_json {
namespace {

Json input(const InputEvent& e) {
  if (const auto* key = std::get_if<KeyPress>(&e)) {
    Json j = {{"key", key->code}};
    if (key->repeat) j["repeat"] = true;
    return j;
  }
  if (const auto* travel = std::get_if<Travel>(&e)) return {{"travel", travel->level}};
  return {{"action", std::get<GameAction>(e).name}};  // not replayable; the writer refuses these
}

Json reading(const DiagnosticReading& r) {
  Json j = {{"name", r.name}};
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

}  // namespace

Json header(const SessionHeader& h) {
  Json j = {{"type", "header"},
            {"format", h.format},
            {"framecheck", h.framecheck_version},
            {"game", h.game},
            {"game_version", h.game_version},
            {"seed", h.seed},
            {"surface", {h.surface_width, h.surface_height}},
            {"logical", {h.logical_width, h.logical_height}},
            {"tick_rate", h.tick_rate},
            {"fps", h.fps},
            {"checkpoint_every", h.checkpoint_every}};
  if (h.host) {
    j["host"] = {{"cpu", h.host->cpu},
                 {"cores", h.host->cores},
                 {"os", h.host->os},
                 {"kernel", h.host->kernel}};
  }
  return j;
}

Json frame(const FrameRecord& f) {
  Json j = {{"type", "frame"}, {"frame", f.frame}, {"dt", f.dt.count()}, {"sample", f.sample_ms}};
  if (!f.inputs.empty()) {
    Json inputs = Json::array();
    for (const InputEvent& e : f.inputs)
      inputs.push_back(input(e));
    j["inputs"] = std::move(inputs);
  }
  return j;
}

Json checkpoint(const Checkpoint& c) {
  Json readings = Json::array();
  for (const DiagnosticReading& r : c.readings)
    readings.push_back(reading(r));
  return {{"type", "checkpoint"},
          {"frame", c.frame},
          {"checksum", hex(c.checksum)},
          {"metrics",
           {{"samples", c.metrics.samples},
            {"mean", c.metrics.mean_ms},
            {"p95", c.metrics.p95_ms},
            {"p99", c.metrics.p99_ms}}},
          {"readings", std::move(readings)}};
}

std::string hex(std::uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4)
    s[static_cast<std::size_t>(i)] = digits[v & 15];
  return s;
}

bool parse_hex(const std::string& text, std::uint64_t& out) {
  if (text.size() != 16) return false;
  out = 0;
  for (char c : text) {
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
    if (d < 0) return false;
    out = out << 4 | static_cast<std::uint64_t>(d);
  }
  return true;
}

}  // namespace framecheck::session_json
