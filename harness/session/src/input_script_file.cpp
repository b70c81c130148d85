#include <cmath>
#include <framecheck/io/input_file.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <nlohmann/json.hpp>

#include "session_json.hpp"

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
      return at(
          "invalid JSON: expected {\"frame\": N, and \"key\", \"keyup\", \"pointer\", "
          "\"gamepad\", \"travel\" or \"stall_ms\"}");
    }
    if (!j.is_object() || !j.contains("frame") || !j["frame"].is_number_unsigned() ||
        j["frame"].get<std::uint64_t>() < 1) {
      return at("each event needs \"frame\": a whole number from 1");
    }
    const std::uint64_t frame = j["frame"].get<std::uint64_t>();
    if (j.contains("stall_ms")) {
      if (!j["stall_ms"].is_number() || j.size() != 2)
        return at("a stall is {\"frame\": N, \"stall_ms\": MS}");
      const double ms = j["stall_ms"].get<double>();
      if (!std::isfinite(ms) || ms <= 0 || ms > 10'000)
        return at("\"stall_ms\" must be above 0 and at most 10000");
      out.stalls_ms[frame] = ms;
      continue;
    }
    // The rest is an input exactly as a session holds it, plus its frame.
    j.erase("frame");
    InputEvent event;
    std::string problem;
    if (!session_json::parse_input(j, kSessionFormatVersion, event, problem))
      return at(problem + ", with its \"frame\"; or {\"frame\": N, \"stall_ms\": MS}");
    out.input.add(frame, std::move(event));
  }
  return out;
}

Result<ScriptFile> read_input_script(const std::filesystem::path& path) {
  Result<std::string> text = read_input_file(path, kMaxInputScriptBytes, "an input script");
  if (!text) return text.error();
  return parse_input_script(*text, path.string());
}

std::string input_script_text(const InputScript& input, const std::string& comment) {
  std::string text;
  for (std::size_t pos = 0; pos < comment.size();) {
    const std::size_t end = std::min(comment.find('\n', pos), comment.size());
    text += "# " + comment.substr(pos, end - pos) + "\n";
    pos = end + 1;
  }
  for (const auto& [frame, events] : input.all()) {
    for (const InputEvent& event : events) {
      session_json::Json line;
      line["frame"] = frame;  // first, as a person writes it
      const session_json::Json fields = session_json::input(event);
      for (const auto& [key, value] : fields.items())
        line[key] = value;
      text += line.dump() + "\n";
    }
  }
  return text;
}

}  // namespace framecheck
