// Input scripts as files: what `framecheck record --input` reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <framecheck/drive/input_script.hpp>
#include <framecheck/io/result.hpp>
#include <map>
#include <string>

namespace framecheck {

// A script read from a file: the input, and the frames to stall (recorder only).
struct ScriptFile {
  InputScript input;
  std::map<std::uint64_t, double> stalls_ms;
};

// The largest input script read; a larger one (or an endless stream) is bad input.
inline constexpr std::size_t kMaxInputScriptBytes = std::size_t{64} << 20;

// JSON Lines, one event a line; blank lines and lines starting with # are skipped:
//   {"frame": 120, "key": "Backquote"}
//   {"frame": 121, "key": "Backquote", "repeat": true}
//   {"frame": 600, "travel": "arena-2"}
//   {"frame": 700, "stall_ms": 120}
// Frames are from 1; errors name the file and line.
Result<ScriptFile> read_input_script(const std::filesystem::path& path);

// The script as read_input_script reads it, one event a line in frame order, `comment` first as
// lines starting with "# " (what explore writes for a finding's input).
std::string input_script_text(const InputScript& input, const std::string& comment = "");
Result<ScriptFile> parse_input_script(std::string_view text, const std::string& name);

}  // namespace framecheck
