// written_frame: a frame line in the one layout the session writer gives it, read with no JSON
// parser at all.
//
// Frames are nearly every line of a session, and a verify that reads on the game's thread (a
// stretch of a verify in parts) pays for each one between two steps. The writer always puts a
// frame's keys in one order with nothing between the tokens, so such a line is read here in a
// single pass; any other line, and any token this pass is not sure of, is left to
// read_plain_frame_json, which reads any JSON and any key order.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "plain_records.hpp"

namespace framecheck {

// The line as a plain frame when it is exactly
//   {"type":"frame","frame":N,"dt":N,"sample":X[,"checksum":"<16 hex>"][,"game_changes":{...}]}
// with no whitespace, no escape, no control or non-ASCII byte, and each change a number, true,
// false or a string; nullopt for anything else. What it returns is what read_plain_frame_json
// returns for the same line.
std::optional<PlainFrame> read_written_frame(std::string_view line);
// The same into `out`, whose storage it reuses (a reader's frame after frame); false, with `out`
// in no particular state, for anything else.
bool read_written_frame(std::string_view line, PlainFrame& out);

// The start of a line as the writer writes it, {"type":"T","frame":N and, for a frame,
// ,"dt":N,"sample":X: what a seek needs of the lines it passes.
struct WrittenHead {
  std::string_view type;
  std::uint64_t frame = 0;
  std::int64_t dt = 0;
  double sample = 0;
};

// The line's head; false for a line that does not start so (the reader's parsers say why).
bool read_written_head(std::string_view line, WrittenHead& head);

}  // namespace framecheck
