// The JSON forms of session records: one place that knows the field names.
#pragma once

#include <framecheck/session.hpp>
#include <nlohmann/json.hpp>
#include <string>

namespace framecheck::session_json {

using Json = nlohmann::ordered_json;

Json header(const SessionHeader& h);
Json frame(const FrameRecord& f);
Json checkpoint(const Checkpoint& c);

// A checksum as 16 lower-case hex digits, and back (false if the text is not one).
std::string hex(std::uint64_t v);
bool parse_hex(const std::string& text, std::uint64_t& out);

}  // namespace framecheck::session_json
