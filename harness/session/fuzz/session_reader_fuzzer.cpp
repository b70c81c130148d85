// libFuzzer target: any bytes as a session file, then as an input script. Neither may crash,
// hang or leak; every input either reads or gives an Error naming the file and a line. The
// session is read twice, with the fast parser for plain records and with the full parser alone:
// the two must give the same records, the same message and the same warnings.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <framecheck/session/input_script_file.hpp>
#include <sstream>
#include <string>

#include "session_transcript.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  const std::string fast = framecheck::session_transcript(bytes, "fuzz.jsonl", true);
  if (fast != framecheck::session_transcript(bytes, "fuzz.jsonl", false)) std::abort();
  // A seek to a frame the bytes choose may end anywhere, but never crash, hang or name another
  // file; what it reads after a keyframe must agree between the parsers too.
  const std::uint64_t target = size % 7;
  const std::string sought = framecheck::session_transcript(bytes, "fuzz.jsonl", true, target);
  if (sought != framecheck::session_transcript(bytes, "fuzz.jsonl", false, target)) std::abort();
  if (sought.starts_with("error: ") && !sought.starts_with("error: fuzz.jsonl:line ")) std::abort();
  std::istringstream lines(fast);
  for (std::string line; std::getline(lines, line);) {
    if ((line.starts_with("cannot open: ") && !line.starts_with("cannot open: fuzz.jsonl:")) ||
        (line.starts_with("error: ") && !line.starts_with("error: fuzz.jsonl:line ")))
      std::abort();
  }
  auto script = framecheck::parse_input_script(bytes, "fuzz.input");
  if (!script && script.error().file != "fuzz.input") std::abort();
  return 0;
}
