// libFuzzer target: any bytes as a session file, then as an input script. Neither may crash,
// hang or leak; every input either reads or gives an Error naming the file and a line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <framecheck/input_script_file.hpp>
#include <framecheck/session_reader.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto reader = framecheck::SessionReader::from_bytes(bytes, "fuzz.jsonl");
  if (reader) {
    // Every record the reader accepts is bounded, so reading to the end always ends.
    for (int records = 0; records < 1'000'000; ++records) {
      auto next = reader->next();
      if (!next) {
        if (next.error().file != "fuzz.jsonl" || next.error().where.rfind("line ", 0) != 0)
          std::abort();
        break;
      }
      if (!next->has_value()) break;
    }
  } else if (reader.error().file != "fuzz.jsonl") {
    std::abort();
  }
  auto script = framecheck::parse_input_script(bytes, "fuzz.input");
  if (!script && script.error().file != "fuzz.input") std::abort();
  return 0;
}
