// plain_records: the records a session is almost all of, read fast.
//
// A frame, {"type":"frame","frame":N,"dt":N,"sample":X,"checksum":"<16 hex digits>"} with no
// inputs (and, in format 4, "game_changes" of scalar values), and a checkpoint as framecheck writes
// it (its "game" too), keys in any order: simdjson's On-Demand parser reads them in a fraction of
// what a full JSON document costs. Anything out of the ordinary (inputs, an unknown key, a key
// twice, a \u escape, a control byte, a type or number the full reader would refuse or read
// differently, bad JSON) is not a plain record, and the reader's full parser takes the line: every
// message stays exactly that parser's.
#pragma once

#include <cstdint>
#include <framecheck/session/session.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace framecheck {

// One of a frame's "game_changes" as its JSON token reads: a double (written with a fraction or
// an exponent, finite, not -0), a whole number, a boolean or a string. Which field's kind it must
// match is the reader's to check; anything else is not plain.
struct PlainChange {
  std::string name;
  std::variant<double, std::int64_t, bool, std::string> value;
};

struct PlainFrame {
  std::uint64_t frame = 0;
  std::int64_t dt = 0;   // ns
  double sample_ms = 0;  // never negative, nor -0: the full parser decides those
  std::optional<std::uint64_t> checksum;
  std::vector<PlainChange> game_changes;  // format 4: the declared fields that changed
};

// The line as a plain frame, or nullopt when it is anything else: read_written_frame
// (written_frame.hpp) for a line as the writer lays it out, read_plain_frame_json otherwise.
std::optional<PlainFrame> read_plain_frame(std::string_view line);
// The same into `out`, whose storage the written layout's reader reuses; false for anything else.
bool read_plain_frame(std::string_view line, PlainFrame& out);

// The same from simdjson, keys in any order: what read_written_frame is held to.
std::optional<PlainFrame> read_plain_frame_json(std::string_view line);

// Whether a number's token is for the full parser: more than 17 significant digits.
// framecheck writes at most 17 (a double's shortest round trip); simdjson 3.0 misreads some
// longer ones (0.34184467440737095516153837 as 1.28e-07: its digits overflow 64 bits).
bool too_many_digits(std::string_view token);

// Whether no two changes name the same field (a name twice is for the full parser to refuse,
// naming it).
bool distinct_names(const std::vector<PlainChange>& changes);

// The line as a plain checkpoint, every field checked as the full parser checks it but for its
// place in the session, which the reader checks; or nullopt when it is anything else.
std::optional<Checkpoint> read_plain_checkpoint(std::string_view line);

}  // namespace framecheck
