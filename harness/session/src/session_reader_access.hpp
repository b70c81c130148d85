// The parser choice inside SessionReader, for the tests and the benchmarks: plain frames and
// checkpoints are read by a fast parser and anything else by the full one with its messages.
// Off, every line takes the full parser: the tests hold both ways to the same records and
// messages, and the benchmark times one against the other. On by default.
#pragma once

#include <framecheck/session/session_reader.hpp>

namespace framecheck::detail {

struct SessionReaderAccess {
  static void set_fast_path(SessionReader& reader, bool enabled) { reader.fast_path_ = enabled; }
};

}  // namespace framecheck::detail
