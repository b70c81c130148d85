// A session's lines as JSON text, as the writer writes them (docs/session-format.md): for a run
// that checks its header before it starts, and for tests that build sessions line by line.
#pragma once

#include <cstdint>
#include <framecheck/session/session.hpp>
#include <string>

namespace framecheck {

// Line 1 of a session.
std::string session_header_line(const SessionHeader& header);
// One frame's line.
std::string frame_record_line(const FrameRecord& frame);
// One checkpoint's line.
std::string checkpoint_line(const Checkpoint& checkpoint);
// One keyframe's line (format 6).
std::string keyframe_line(const Keyframe& keyframe);
// A checksum as sessions and messages write it: 16 lower-case hex digits.
std::string checksum_text(std::uint64_t checksum);

}  // namespace framecheck
