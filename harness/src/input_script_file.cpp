#include <cmath>
#include <framecheck/input_file.hpp>
#include <framecheck/input_script_file.hpp>
#include <nlohmann/json.hpp>

namespace framecheck {

Result<ScriptFile> parse_input_script(std::string_view text, const std::string& name) {
  ScriptFile out;
  std::size_t pos = 0;
  for (std::uint64_t line = 1; pos < text.size(); ++line) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view s = text.substr(pos, end - pos);
    pos = end + 1;
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t'))
      s.remove_suffix(1);
    if (s.empty() || s.front() == '#') continue;
    const auto at = [&](const std::string& what) {
      return Error{name, "line " + std::to_string(line), what};
    };
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(s);
    } catch (const nlohmann::json::exception&) {
      return at("invalid JSON: expected {\"frame\": N, and \"key\", \"travel\" or \"stall_ms\"}");
    }
    if (!j.is_object() || !j.contains("frame") || !j["frame"].is_number_unsigned() ||
        j["frame"].get<std::uint64_t>() < 1) {
      return at("each event needs \"frame\": a whole number from 1");
    }
    const std::uint64_t frame = j["frame"].get<std::uint64_t>();
    if (j.contains("key") && j["key"].is_string() && !j["key"].get<std::string>().empty()) {
      bool repeat = false;
      if (j.contains("repeat")) {
        if (!j["repeat"].is_boolean()) return at("\"repeat\" must be true or false");
        repeat = j["repeat"].get<bool>();
      }
      if (j.size() != (j.contains("repeat") ? 3u : 2u))
        return at("a key event has \"frame\", \"key\" and optionally \"repeat\"");
      out.input.add(frame, KeyPress{j["key"].get<std::string>(), repeat});
    } else if (j.contains("travel") && j["travel"].is_string() &&
               !j["travel"].get<std::string>().empty() && j.size() == 2) {
      out.input.add(frame, Travel{j["travel"].get<std::string>()});
    } else if (j.contains("stall_ms") && j["stall_ms"].is_number() && j.size() == 2) {
      const double ms = j["stall_ms"].get<double>();
      if (!std::isfinite(ms) || ms <= 0 || ms > 10'000)
        return at("\"stall_ms\" must be above 0 and at most 10000");
      out.stalls_ms[frame] = ms;
    } else {
      return at(
          "expected {\"frame\": N, \"key\": CODE}, {\"frame\": N, \"travel\": LEVEL} or "
          "{\"frame\": N, \"stall_ms\": MS}");
    }
  }
  return out;
}

Result<ScriptFile> read_input_script(const std::filesystem::path& path) {
  Result<std::string> text = read_input_file(path, kMaxInputScriptBytes, "an input script");
  if (!text) return text.error();
  return parse_input_script(*text, path.string());
}

}  // namespace framecheck
