#include "plain_records.hpp"

#include <gtest/gtest.h>

#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base64.hpp"
#include "session_json.hpp"
#include "session_transcript.hpp"

namespace framecheck {
namespace {

const std::string kRoot = FRAMECHECK_TEST_DATA_DIR "/../../../..";

TEST(PlainFrame, ReadsTheFrameAWriterWritesInAnyKeyOrder) {
  const auto a = read_plain_frame(
      R"({"type":"frame","frame":7,"dt":16666667,"sample":0.25,"checksum":"786edda3de19b412"})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->frame, 7u);
  EXPECT_EQ(a->dt, 16666667);
  EXPECT_EQ(a->sample_ms, 0.25);
  EXPECT_EQ(a->checksum, 0x786edda3de19b412u);
  const auto b = read_plain_frame(R"( { "sample" : 3 , "dt":0, "frame":1, "type":"frame" } )");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->frame, 1u);
  EXPECT_EQ(b->sample_ms, 3.0);
  EXPECT_FALSE(b->checksum);
}

// Each of these is for the full parser: it refuses the line, or reads it differently, or has
// something to say about it.
TEST(PlainFrame, LeavesEverythingOutOfTheOrdinaryToTheFullParser) {
  const std::string ok = R"("type":"frame","frame":2,"dt":5,"sample":1.5)";
  for (const std::string& line : std::vector<std::string>{
           "{" + ok + R"(,"inputs":[]})",                             // inputs
           "{" + ok + R"(,"note":1})",                                // an unknown key
           "{" + ok + R"(,"dt":5})",                                  // a key twice
           R"({"type":"frame","fr\u0061me":2,"dt":5,"sample":1.5})",  // an escaped key
           "{" + ok + R"(,"checksum":"\u0030123456789abcdef"})",      // a \u escape
           "{" + ok + ",\"checksum\":\"0123456789abcde\x01\"}",       // a control byte
           "{" + ok + R"(,"checksum":"0123456789abcde"})",            // 15 digits
           "{" + ok + R"(,"checksum":"0123456789abcdeg"})",           // not hex
           R"({"type":"frame","frame":2.0,"dt":5,"sample":1.5})",
           R"({"type":"frame","frame":-2,"dt":5,"sample":1.5})",
           R"({"type":"frame","frame":-0,"dt":5,"sample":1.5})",
           R"({"type":"frame","frame":2,"dt":5e0,"sample":1.5})",
           R"({"type":"frame","frame":2,"dt":5,"sample":-0})",
           R"({"type":"frame","frame":2,"dt":5,"sample":-0.0})",
           R"({"type":"frame","frame":2,"dt":5,"sample":-1})",
           R"({"type":"frame","frame":2,"dt":5,"sample":1e400})",
           // simdjson 3.0 reads this as 1.2787750755905825e-07
           R"({"type":"frame","frame":2,"dt":5,"sample":0.34184467440737095516153837})",
           R"({"type":"frame","frame":2,"dt":5,"sample":0.950000000000000000000})",
           R"({"type":"frame","frame":123456789012345678,"dt":5,"sample":1.5})",  // 18 digits
           "{" + ok + R"(,"game_changes":{"hull":0.123456789012345678}})",
           "{" + ok + R"(,"game_changes":{"score":-1000000000000000000}})",
           R"({"type":"frame","frame":2,"dt":5,"sample":"1"})",
           R"({"type":"checkpoint","frame":2,"dt":5,"sample":1.5})",
           R"({"frame":2,"dt":5,"sample":1.5})",       // no type
           R"({"type":"frame","dt":5,"sample":1.5})",  // no frame
           "{" + ok + "} x",                           // trailing content
           "{" + ok + "}}",
           "{" + ok,  // cut short
           "[" + ok + "]",
           "",
       }) {
    EXPECT_FALSE(read_plain_frame(line)) << line;
  }
}

// A control byte anywhere, whichever of a word's eight places it falls in, the last bytes past
// the last whole word too: the full parser refuses it in a string, where simdjson would not.
TEST(PlainFrame, FindsAControlByteAnywhere) {
  const std::string line =
      R"({"type":"frame","frame":2,"dt":5,"sample":1.5,"game_changes":{"level":"abcdefghijklmnop"}})";
  ASSERT_TRUE(read_plain_frame(line));
  for (std::size_t indent = 0; indent < 8; ++indent) {
    const std::string shifted = std::string(indent, ' ') + line;
    ASSERT_TRUE(read_plain_frame(shifted));
    const std::size_t from = shifted.find("abc"), to = shifted.find("nop") + 3;
    for (const char control : {'\x01', '\x09', '\x1f'}) {
      for (std::size_t at = from; at < to; ++at) {
        std::string bad = shifted;
        bad[at] = control;
        EXPECT_FALSE(read_plain_frame(bad)) << indent << " " << at;
      }
    }
  }
}

// Only a number's own digits count: a long run of them in a string is the string's.
TEST(PlainCheckpoint, ReadsALongRunOfDigitsInAString) {
  Checkpoint c;
  c.frame = 1;
  c.readings.push_back({"12345678901234567890123",
                        DiagnosticValue(std::string("0.34184467440737095516153837")),
                        std::nullopt});
  c.readings.push_back({"plain", DiagnosticValue(0.1), std::nullopt});
  const std::string line = session_json::checkpoint(c).dump();
  const std::optional<Checkpoint> read = read_plain_checkpoint(line);
  ASSERT_TRUE(read) << line;
  EXPECT_EQ(session_json::checkpoint(*read).dump(), line);
}

Checkpoint sample_checkpoint() {
  Checkpoint c;
  c.frame = 120;
  c.checksum = 0x0123456789abcdefu;
  c.metrics = {601, 16.6875, 17.25, 33.5};
  c.readings.push_back({"score", DiagnosticValue(12.5), std::nullopt});
  c.readings.push_back({"leader", DiagnosticValue(std::string("say \"hi\"\\")), std::nullopt});
  c.readings.push_back({"alive", DiagnosticValue(true), std::nullopt});
  c.readings.push_back({"boss", std::nullopt, std::string("boss not spawned")});
  WorldState w;
  w.level = "arena-1";
  w.phase = "playing";
  w.time_ns = 2'000'000'000;
  w.ticks = 120;
  w.rng = {1, 0xffffffffffffffffu, 3, 4};
  w.timers = 2;
  w.actors.push_back({1, "player", 155.5, 85, 10, 10, -0.5, 0.25, true});
  w.actors.push_back({4, "enemy", 1e-300, 3.25, 8, 8, 0, 0, false});
  c.world = w;
  c.game = std::vector<GameStateField>{
      {"hull", 0.1},
      {"score", std::int64_t{-40}},
      {"boss defeated", true},
      {"next level", std::string("arena \"2\"")},
      {"trail", std::vector<double>{1.5, -2.5, 1e-300}},
      {"kills", std::vector<std::int64_t>{3, 0, -12345678901234567}},
      {"held", std::vector<bool>{false, true}},
      {"names", std::vector<std::string>{"a", ""}},
      {"score", std::int64_t{7}},  // a name twice is the game's own business
  };
  return c;
}

TEST(PlainCheckpoint, ReadsWhatTheWriterWritesExactly) {
  const Checkpoint c = sample_checkpoint();
  const std::string line = session_json::checkpoint(c).dump();
  const std::optional<Checkpoint> read = read_plain_checkpoint(line);
  ASSERT_TRUE(read) << line;
  EXPECT_EQ(session_json::checkpoint(*read).dump(), line);
  EXPECT_EQ(read->game, c.game);
  Checkpoint no_world = c;
  no_world.world.reset();
  no_world.game.reset();
  const std::string short_line = session_json::checkpoint(no_world).dump();
  ASSERT_TRUE(read_plain_checkpoint(short_line));
  EXPECT_FALSE(read_plain_checkpoint(short_line)->world);
}

TEST(PlainCheckpoint, LeavesEverythingOutOfTheOrdinaryToTheFullParser) {
  const std::string line = session_json::checkpoint(sample_checkpoint()).dump();
  const auto with = [&](const std::string& from, const std::string& to) {
    const std::size_t at = line.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return line.substr(0, at) + to + line.substr(at + from.size());
  };
  for (const std::string& bad : std::vector<std::string>{
           with(R"("value":12.5)", R"("value":null)"),
           with(R"("value":12.5)", R"("value":-0)"),
           with(R"("value":12.5)", R"("value":1e999)"),
           with(R"("value":12.5)", R"("value":12.5,"error":"x")"),
           with(R"("value":12.5)", R"("number":"NaN")"),
           with(R"("error":"boss not spawned")", R"("error":7)"),
           with(R"("samples":601)", R"("samples":2049)"),
           with(R"("samples":601)", R"("samples":601,"extra":1)"),
           with(R"("p99":33.5)", R"("p99":"33.5")"),
           with(R"("ticks":120)", R"("ticks":-0)"),
           with(R"("ticks":120)", R"("ticks":120.0)"),
           with(R"("timers":2)", R"("timers":2,"more":3)"),
           with(R"("0000000000000003")", R"("000000000000003")"),
           with(R"("0000000000000004"])", R"("0000000000000004","0000000000000005"])"),
           with(R"([4,"enemy")", R"([1,"enemy")"),  // ids not increasing
           with(R"([4,"enemy")", R"([4294967296,"enemy")"),
           with(R"(false])", R"(false,1])"),
           with(R"(false])", R"(0])"),
           with(R"("type":"checkpoint")", R"("type":"frame")"),
           with(R"("checksum":"0123456789abcdef")", R"("checksum":"")"),
           with(R"(["hull","number",0.1])", R"(["hull","number","NaN"])"),
           with(R"(["hull","number",0.1])", R"(["hull","number",-0])"),
           with(R"(["hull","number",0.1])", R"(["hull","number",0.1,1])"),
           with(R"(["hull","number",0.1])", R"(["hull","number"])"),
           with(R"(["hull","number",0.1])", R"(["hull","numeral",0.1])"),
           with(R"(["hull","number",0.1])", R"(["hull",0,0.1])"),
           with(R"(["hull","number",0.1])", R"({"hull":0.1})"),
           with(R"(["score","whole",-40])", R"(["score","whole",-40.0])"),
           with(R"(["score","whole",-40])", R"(["score","whole",9223372036854775808])"),
           with(R"(["score","whole",-40])", R"(["score","whole",true])"),
           with(R"(["boss defeated","flag",true])", R"(["boss defeated","flag",1])"),
           with(R"("arena \"2\"")", R"(2)"),
           with(R"([1.5,-2.5,1e-300])", R"([1.5,"Infinity"])"),
           with(R"([3,0,-12345678901234567])", R"([3,0.5])"),
           with(R"([false,true])", R"([false,null])"),
           with(R"(["a",""])", R"(["a",[]])"),
           with(R"(["a",""])", R"("a")"),
           with(R"("value":12.5)", R"("value":12.50000000000000000001)"),
           with(R"("ticks":120)", R"("ticks":100000000000000000120)"),
           with(R"([3,0,-12345678901234567])", R"([3,0,-123456789012345678])"),
           line + " 1",
       }) {
    EXPECT_FALSE(read_plain_checkpoint(bad)) << bad;
  }
}

std::string file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return {std::istreambuf_iterator<char>(in), {}};
}

// The oracle: with and without the fast path, the reader gives the same records, the same
// message and the same warnings, byte for byte, on the two bundled sessions, on
// every input the fuzzer kept, and on each line of a real session broken in each of many ways.
TEST(PlainRecords, TheReaderGivesTheSameRecordsAndMessagesEitherWay) {
  std::vector<std::string> sessions = {
      file(kRoot + "/golden/sessions/arena_hitch.jsonl"),
      file(kRoot + "/examples/breakout/sessions/first_serve.jsonl"),
  };
  std::ifstream corpus(FRAMECHECK_TEST_DATA_DIR "/session_corpus.b64");
  for (std::string line; std::getline(corpus, line);)
    sessions.push_back(base64_decode(line));
  ASSERT_GT(sessions.size(), 1000u);

  // The first 130 lines of the arena session, with frame and checkpoint lines among them (the
  // first frames, two checkpoints and the frames around them) changed one way at a time.
  const std::string real = sessions[0];
  std::vector<std::string> lines;
  std::istringstream in(real);
  for (std::string line; std::getline(in, line) && lines.size() < 130;)
    lines.push_back(line);
  // Text put in place of what follows `from`, up to the next comma or bracket; an empty `to`
  // inserts `insert` right after `from` instead.
  struct Change {
    std::string from, to, insert;
  };
  std::vector<Change> changes = {
      {"}", "", " "},
      {"}", "", "x"},
      {",", "", "\t"},
      // What the fast parser leaves to simdjson's first pass or to each number's token.
      {"}", "", "\r"},
      {"\"checksum\":\"", "", "\x01"},
      {"\"checksum\":\"", "", "\x1f"},
      {"{", "", "\"t\\u0079pe\":\"frame\","},
      {"\"frame\":", "", "1,\"frame\":"},
      {"\"checksum\":\"", "", "x"},
      // A frame's changes out of the state's order, and in it.
      {"\"game_changes\":{", "", "\"spawn period\":1,"},
      {"\"game_changes\":{", "", "\"levels visited\":2,"},
  };
  for (const char* key : {"frame", "dt", "sample", "value", "mean", "samples", "ticks", "time",
                          "timers", "actors\":[["}) {
    for (const char* value :
         {"-0", "-0.0", "0.0", "1.0", "1e0", "1E+2", "1e400", "-1", "18446744073709551616",
          "9007199254740993", "123456789012345678", "0.34184467440737095516153837",
          "00000000000000000001.5", "\"1\"", "null", "true"})
      changes.push_back({"\"" + std::string(key) + (key[0] == 'a' ? "" : "\":"), value, ""});
  }
  // A checkpoint's game state, each field's kind and value changed.
  for (const char* field :
       {"\"levels visited\",", "\"session time\",\"whole\",", "\"boss defeated\",\"flag\",",
        "\"next level\",\"text\",", "\"held\",\"flags\",[", "\"held\","}) {
    for (const char* value : {"\"number\"",
                              "\"numbers\"",
                              "\"wholes\"",
                              "\"flag\"",
                              "\"text\"",
                              "\"Number\"",
                              "1",
                              "-0",
                              "-0.0",
                              "1.0",
                              "1e0",
                              "-1",
                              "9223372036854775807",
                              "9223372036854775808",
                              "\"NaN\"",
                              "\"x\\\"y\"",
                              "null",
                              "true",
                              "[]",
                              "{}"})
      changes.push_back({field, value, ""});
  }
  for (const std::size_t i : {1, 2, 3, 58, 59, 60, 61, 62, 63, 122, 123, 124}) {
    for (const Change& c : changes) {
      std::string line = lines[i];
      const std::size_t at = line.find(c.from);
      if (at == std::string::npos) continue;
      const std::size_t start = at + c.from.size();
      if (c.to.empty()) {
        line.insert(start, c.insert);
      } else {
        line.replace(start, line.find_first_of(",}]", start) - start, c.to);
      }
      std::string bytes;
      for (std::size_t j = 0; j < lines.size(); ++j)
        bytes += (j == i ? line : lines[j]) + "\n";
      sessions.push_back(std::move(bytes));
    }
  }

  int fast_records = 0;
  for (const std::string& bytes : sessions) {
    const std::string fast = session_transcript(bytes, "s.jsonl", true);
    ASSERT_EQ(fast, session_transcript(bytes, "s.jsonl", false)) << bytes.substr(0, 2000);
    fast_records += static_cast<int>(std::count(fast.begin(), fast.end(), '\n'));
  }
  EXPECT_GT(fast_records, 10000);
}

}  // namespace
}  // namespace framecheck
