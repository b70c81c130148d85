// A session as the reader gives it, as text: each record as framecheck writes it, the message
// that ended the reading, and the warnings. The tests and the fuzzer hold the reader's fast and
// full parsers to the same transcript.
#pragma once

#include <cstdint>
#include <framecheck/session/session_reader.hpp>
#include <optional>
#include <string>
#include <variant>

#include "session_json.hpp"

namespace framecheck {

// "cannot open: MESSAGE" when the header is refused; otherwise one line per record, then
// "error: MESSAGE" or "end", then "warning: ..." lines.
// With `seek`, the reader first seeks the last keyframe at or before that frame, and the
// transcript starts with "seek: keyframe N", "seek: from the start" or the seek's error.
inline std::string session_transcript(const std::string& bytes, const std::string& name,
                                      bool fast_path,
                                      std::optional<std::uint64_t> seek = std::nullopt) {
  auto reader = SessionReader::from_bytes(bytes, name);
  if (!reader) return "cannot open: " + reader.error().message() + "\n";
  reader->set_fast_path(fast_path);
  std::string out;
  if (seek) {
    SessionReader::KeyframeStart start;
    auto sought = reader->seek_keyframe(*seek, start);
    if (!sought) return "error: " + sought.error().message() + "\n";
    out += *sought == SessionReader::Seek::kKeyframe
               ? "seek: keyframe " + std::to_string(start.keyframe.frame()) + "\n"
               : std::string("seek: from the start\n");
  }
  // Every record the reader accepts is bounded, so reading to the end always ends.
  for (int records = 0; records < 1'000'000; ++records) {
    auto next = reader->next();
    if (!next) {
      out += "error: " + next.error().message() + "\n";
      break;
    }
    if (!next->has_value()) {
      out += "end\n";
      break;
    }
    if (const auto* f = std::get_if<FrameRecord>(&**next)) {
      out += session_json::frame(*f).dump() + "\n";
    } else if (const auto* c = std::get_if<Checkpoint>(&**next)) {
      out += session_json::checkpoint(*c).dump() + "\n";
    } else {
      out += session_json::keyframe(std::get<Keyframe>(**next)).dump() + "\n";
    }
  }
  for (const std::string& w : reader->warnings())
    out += "warning: " + w + "\n";
  return out;
}

}  // namespace framecheck
