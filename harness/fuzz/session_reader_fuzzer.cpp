// libFuzzer target: any bytes as a session file, then as an input script. Neither may crash,
// hang or leak; every input either reads or gives an Error naming the file and a line. The
// session is read twice, with the fast parser for plain records and with the full parser alone:
// the two must give the same records, the same message and the same warnings.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <framecheck/input_script_file.hpp>
#include <framecheck/session_reader.hpp>
#include <string>

#include "session_json.hpp"

namespace {

std::string transcript(const std::string& bytes, bool fast) {
  auto reader = framecheck::SessionReader::from_bytes(bytes, "fuzz.jsonl");
  if (!reader) {
    if (reader.error().file != "fuzz.jsonl") std::abort();
    return "error: " + reader.error().message();
  }
  reader->set_fast_path(fast);
  std::string out;
  // Every record the reader accepts is bounded, so reading to the end always ends.
  for (int records = 0; records < 1'000'000; ++records) {
    auto next = reader->next();
    if (!next) {
      if (next.error().file != "fuzz.jsonl" || next.error().where.rfind("line ", 0) != 0)
        std::abort();
      out += "error: " + next.error().message() + "\n";
      break;
    }
    if (!next->has_value()) break;
    if (const auto* f = std::get_if<framecheck::FrameRecord>(&**next)) {
      out += framecheck::session_json::frame(*f).dump() + "\n";
    } else {
      out += framecheck::session_json::checkpoint(std::get<framecheck::Checkpoint>(**next)).dump() +
             "\n";
    }
  }
  for (const std::string& w : reader->warnings())
    out += "warning: " + w + "\n";
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  if (transcript(bytes, true) != transcript(bytes, false)) std::abort();
  auto script = framecheck::parse_input_script(bytes, "fuzz.input");
  if (!script && script.error().file != "fuzz.input") std::abort();
  return 0;
}
