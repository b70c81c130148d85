// A session's lines as JSON text: the writer's, and the tests' to build sessions from.
#pragma once

#include <framecheck/session/session.hpp>
#include <string>

namespace framecheck {

std::string session_header_line(const SessionHeader& header);
std::string frame_record_line(const FrameRecord& frame);
std::string checkpoint_line(const Checkpoint& checkpoint);

}  // namespace framecheck
