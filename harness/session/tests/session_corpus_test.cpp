#include <gtest/gtest.h>

#include <framecheck/session/input_script_file.hpp>
#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <string>

#include "base64.hpp"
#include "session_transcript.hpp"

namespace framecheck {
namespace {

// Everything a fuzzing run of the session reader kept (a corpus minimised to the inputs that
// reach new code; see docs/building.md): each must read, or fail with an Error that names the
// file and a line, without crashing, hanging or throwing.
TEST(SessionCorpus, EveryKeptFuzzInputReadsOrFailsCleanly) {
  std::ifstream in(FRAMECHECK_TEST_DATA_DIR "/session_corpus.b64");
  ASSERT_TRUE(in);
  std::string line;
  int inputs = 0, sessions = 0;
  while (std::getline(in, line)) {
    const std::string bytes = base64_decode(line);
    ++inputs;
    auto reader = SessionReader::from_bytes(bytes, "corpus.jsonl");
    if (!reader) {
      EXPECT_EQ(reader.error().file, "corpus.jsonl");
    } else {
      for (int records = 0; records < 100000; ++records) {
        auto next = reader->next();
        if (!next) {
          EXPECT_EQ(next.error().where.rfind("line ", 0), 0u) << next.error().message();
          break;
        }
        if (!next->has_value()) {
          ++sessions;
          break;
        }
      }
    }
    // A seek first, as the fuzzer does: the two parsers agree, and an error names the file.
    const std::uint64_t target = bytes.size() % 7;
    const std::string sought = session_transcript(bytes, "corpus.jsonl", true, target);
    EXPECT_EQ(sought, session_transcript(bytes, "corpus.jsonl", false, target));
    if (sought.starts_with("error: ")) {
      EXPECT_TRUE(sought.starts_with("error: corpus.jsonl:line ")) << sought;
    }
    auto script = parse_input_script(bytes, "corpus.input");
    if (!script) {
      EXPECT_EQ(script.error().file, "corpus.input");
    }
  }
  EXPECT_GT(inputs, 1000);
  EXPECT_GT(sessions, 10) << "the corpus no longer holds any whole session";
}

// The fuzzer's seed with keyframes: read whole, and from a seek, the same by either parser.
TEST(SessionCorpus, TheKeyframeSeedReadsWholeAndFromItsKeyframes) {
  std::ifstream in(FRAMECHECK_SOURCE_DIR "/harness/session/fuzz/seeds/session_keyframes.jsonl");
  ASSERT_TRUE(in);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string whole = session_transcript(bytes, "k.jsonl", true);
  EXPECT_EQ(whole, session_transcript(bytes, "k.jsonl", false));
  EXPECT_TRUE(whole.ends_with("end\n")) << whole;
  const std::string sought = session_transcript(bytes, "k.jsonl", true, 3);
  EXPECT_EQ(sought, session_transcript(bytes, "k.jsonl", false, 3));
  EXPECT_TRUE(sought.starts_with("seek: keyframe 2\n{\"type\":\"frame\",\"frame\":3,")) << sought;
  EXPECT_TRUE(sought.ends_with("end\n")) << sought;
}

}  // namespace
}  // namespace framecheck
