#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>
#include <fstream>
#include <optional>
#include <string>

namespace framecheck {
namespace {

const std::string kHeader =
    R"({"type":"header","format":2,"framecheck":"0.1.0","game":"arena","game_version":"1.0.0","seed":7,)"
    R"("surface":[640,360],"logical":[320,180],"tick_rate":60,"fps":60,"checkpoint_every":2})";
const std::string kFrame1 = R"({"type":"frame","frame":1,"dt":16666666,"sample":1.5})";
const std::string kFrame2 =
    R"({"type":"frame","frame":2,"dt":16666667,"sample":2.5,"inputs":[{"key":"Backquote"},{"travel":"arena-2"}]})";
const std::string kCheckpoint2 =
    R"({"type":"checkpoint","frame":2,"checksum":"00000000000000ff","metrics":{"samples":2,"mean":2,"p95":2.5,"p99":2.5},)"
    R"("readings":[{"name":"a","value":1},{"name":"b","error":"boom"},{"name":"c","number":"NaN"},{"name":"d","value":true}]})";

// Reads everything; returns the first error's message, or "" if the whole session read.
std::string read_all(const std::string& bytes, std::vector<SessionRecord>* records = nullptr,
                     std::vector<std::string>* warnings = nullptr) {
  auto reader = SessionReader::from_bytes(bytes, "s.jsonl");
  if (!reader) return reader.error().message();
  while (true) {
    auto next = reader->next();
    if (!next) return next.error().message();
    if (!next->has_value()) break;
    if (records) records->push_back(std::move(**next));
  }
  if (warnings) *warnings = reader->warnings();
  return "";
}

std::string lines(std::initializer_list<std::string> l) {
  std::string s;
  for (const auto& x : l)
    s += x + "\n";
  return s;
}

TEST(SessionReader, ReadsAWellFormedSession) {
  std::vector<SessionRecord> records;
  ASSERT_EQ(read_all(lines({kHeader, kFrame1, kFrame2, kCheckpoint2}), &records), "");
  ASSERT_EQ(records.size(), 3u);
  const auto& f2 = std::get<FrameRecord>(records[1]);
  EXPECT_EQ(f2.dt, SimTime(16666667));
  EXPECT_EQ(f2.sample_ms, 2.5);
  ASSERT_EQ(f2.inputs.size(), 2u);
  EXPECT_EQ(std::get<KeyPress>(f2.inputs[0]).code, "Backquote");
  EXPECT_EQ(std::get<Travel>(f2.inputs[1]).level, "arena-2");
  const auto& c = std::get<Checkpoint>(records[2]);
  EXPECT_EQ(c.checksum, 0xffu);
  EXPECT_EQ(c.metrics, (FrameMetrics{2, 2, 2.5, 2.5}));
  ASSERT_EQ(c.readings.size(), 4u);
  EXPECT_EQ(c.readings[1].error, "boom");
  EXPECT_TRUE(std::isnan(c.readings[2].value->as_number()));
}

TEST(SessionReader, TheHeaderIsRead) {
  auto reader = SessionReader::from_bytes(lines({kHeader}), "s.jsonl");
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->header().run.seed, 7u);
  EXPECT_EQ(reader->header().run.surface_width, 640);
  EXPECT_EQ(reader->header().checkpoint_every, 2);
}

struct BadCase {
  const char* what;
  std::string bytes;
  std::string message;  // the exact error
};

class SessionReaderBadInput : public ::testing::TestWithParam<BadCase> {};

TEST_P(SessionReaderBadInput, NamesTheFileTheLineAndTheProblem) {
  EXPECT_EQ(read_all(GetParam().bytes), GetParam().message) << GetParam().what;
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  return s.replace(s.find(from), from.size(), to);
}

INSTANTIATE_TEST_SUITE_P(
    AllOfThem, SessionReaderBadInput,
    ::testing::Values(
        BadCase{"empty", "",
                "s.jsonl:line 1: expected the session header on line 1; the file is empty"},
        BadCase{
            "missing header", lines({kFrame1}),
            "s.jsonl:line 1: expected the session header ({\"type\": \"header\", ...}) on line 1"},
        BadCase{"header not JSON", "{\"type\":\"header\",\n",
                "s.jsonl:line 1: invalid JSON at column 18: syntax error while parsing object key "
                "- unexpected "
                "end of input; expected string literal (expected the session header)"},
        BadCase{
            "other format", lines({replace(kHeader, "\"format\":2", "\"format\":7")}),
            "s.jsonl:line 1: session format 7 is not supported: this framecheck reads formats 1 "
            "to 6"},
        BadCase{
            "a gamepad before format 5",
            lines({replace(kHeader, "\"format\":2", "\"format\":4"),
                   "{\"type\":\"frame\",\"frame\":1,\"dt\":16666667,\"sample\":1,"
                   "\"inputs\":[{\"gamepad\":0,\"button\":0,\"value\":1}]}"}),
            "s.jsonl:line 2: frame record: gamepad input needs session format 5; this session is "
            "format 4"},
        BadCase{"a game field of an unknown kind",
                lines({replace(kHeader, "\"format\":2", "\"format\":4"),
                       replace(kFrame1, "}", ",\"game\":[[\"score\",\"integer\",3]]}")}),
                "s.jsonl:line 2: frame record: \"game\": field \"score\" has unknown kind "
                "\"integer\""},
        BadCase{"a game field whose value is not of its kind",
                lines({replace(kHeader, "\"format\":2", "\"format\":4"),
                       replace(kFrame1, "}", ",\"game\":[[\"score\",\"whole\",2.5]]}")}),
                "s.jsonl:line 2: frame record: \"game\": field \"score\" is not a whole"},
        BadCase{"a game change naming a field the state does not hold",
                lines({replace(kHeader, "\"format\":2", "\"format\":4"),
                       replace(kFrame1, "}", ",\"game\":[[\"score\",\"whole\",2]]}"),
                       replace(R"({"type":"frame","frame":2,"dt":16666667,"sample":1.5})", "}",
                               ",\"game_changes\":{\"lives\":2}}")}),
                "s.jsonl:line 3: frame record: \"game_changes\" names \"lives\", which the "
                "game's state does not hold (a frame's \"game\" lists it)"},
        BadCase{"a frame checksum that is not one",
                lines({kHeader, replace(kFrame1, "}", ",\"checksum\":\"12\"}")}),
                "s.jsonl:line 2: frame record: \"checksum\" must be 16 hex digits"},
        BadCase{"a pointer without its button",
                lines({kHeader, replace(kFrame1, "}",
                                        ",\"inputs\":[{\"pointer\":\"down\",\"x\":1,\"y\":2}]}")}),
                "s.jsonl:line 2: frame record: a pointer down needs \"button\": a whole number "
                "from 0 to 254"},
        BadCase{
            "a pointer button past SDL's",
            lines({kHeader,
                   replace(kFrame1, "}",
                           ",\"inputs\":[{\"pointer\":\"up\",\"x\":1,\"y\":2,\"button\":255}]}")}),
            "s.jsonl:line 2: frame record: a pointer up needs \"button\": a whole number "
            "from 0 to 254"},
        BadCase{"a pointer of no kind",
                lines({kHeader, replace(kFrame1, "}",
                                        ",\"inputs\":[{\"pointer\":\"drag\",\"x\":1,\"y\":2}]}")}),
                "s.jsonl:line 2: frame record: \"pointer\" must be \"move\", \"down\", \"up\" or "
                "\"wheel\""},
        BadCase{
            "a world snapshot with actors out of order",
            lines({kHeader, kFrame1, kFrame2,
                   replace(
                       kCheckpoint2, "]}",
                       "],\"world\":{\"level\":\"a\",\"phase\":\"b\",\"time\":1,\"ticks\":1,"
                       "\"rng\":[\"0000000000000001\",\"0000000000000002\",\"0000000000000003\","
                       "\"0000000000000004\"],\"timers\":0,\"actors\":[[2,\"p\",0,0,1,1,0,0,true],"
                       "[1,\"q\",0,0,1,1,0,0,true]]}}")}),
            "s.jsonl:line 4: checkpoint: \"world\": actors must be in increasing id order"},
        BadCase{"header field missing", lines({replace(kHeader, "\"seed\":7,", "")}),
                "s.jsonl:line 1: header: \"seed\" is missing"},
        BadCase{
            "bad surface", lines({replace(kHeader, "[640,360]", "[0,360]")}),
            "s.jsonl:line 1: header: \"surface\" must be [width, height], each from 1 to 16384"},
        BadCase{"invalid JSON mid-file", lines({kHeader, kFrame1, "{\"type\":\"frame\",", kFrame2}),
                "s.jsonl:line 3: invalid JSON at column 17: syntax error while parsing object key "
                "- unexpected "
                "end of input; expected string literal"},
        BadCase{
            "unknown record type", lines({kHeader, R"({"type":"marker","frame":1})"}),
            "s.jsonl:line 2: unknown record type \"marker\": expected \"frame\" or \"checkpoint\""},
        BadCase{"no type", lines({kHeader, R"({"frame":1})"}),
                "s.jsonl:line 2: a record needs a \"type\": \"frame\" or \"checkpoint\""},
        BadCase{"negative dt", lines({kHeader, replace(kFrame1, "16666666", "-5")}),
                "s.jsonl:line 2: frame record: \"dt\" is negative: simulated time never runs "
                "backwards"},
        BadCase{"absurd dt", lines({kHeader, replace(kFrame1, "16666666", "86400000000000")}),
                "s.jsonl:line 2: frame record: \"dt\" of 86400000000000 ns is absurd: a frame is "
                "at most 60 s "
                "(60000000000 ns)"},
        BadCase{"fractional dt", lines({kHeader, replace(kFrame1, "16666666", "1.5")}),
                "s.jsonl:line 2: frame record: \"dt\" must be a whole number"},
        BadCase{"non-finite sample", lines({kHeader, replace(kFrame1, "1.5", "1e999")}),
                "s.jsonl:line 2: invalid JSON: number overflow parsing '1e999'"},
        BadCase{"negative sample", lines({kHeader, replace(kFrame1, "1.5", "-1")}),
                "s.jsonl:line 2: frame record: \"sample\" must be from 0 to 3600000 ms"},
        BadCase{"frame out of order", lines({kHeader, kFrame2}),
                "s.jsonl:line 2: frame 2 out of order: expected frame 1"},
        BadCase{"frame repeated", lines({kHeader, kFrame1, kFrame1}),
                "s.jsonl:line 3: frame 1 repeated or out of order: expected frame 2"},
        BadCase{"checkpoint for another frame", lines({kHeader, kFrame1, kCheckpoint2}),
                "s.jsonl:line 3: checkpoint for frame 2 must directly follow that frame's record "
                "(the last "
                "frame was 1)"},
        BadCase{
            "bad checksum",
            lines({kHeader, kFrame1, kFrame2, replace(kCheckpoint2, "00000000000000ff", "xyz")}),
            "s.jsonl:line 4: checkpoint: \"checksum\" must be 16 hex digits"},
        BadCase{"empty line", kHeader + "\n\n" + kFrame1 + "\n",
                "s.jsonl:line 2: an empty line: every line holds one record"}));

TEST(SessionReader, ABadInputEventNamesItsLine) {
  const std::string frame =
      replace(kFrame1, "\"sample\":1.5", "\"sample\":1.5,\"inputs\":[{\"jump\":1}]");
  EXPECT_EQ(read_all(lines({kHeader, frame})),
            "s.jsonl:line 2: frame record: an input is {\"key\": CODE} (with \"repeat\"), "
            "{\"keyup\": CODE}, {\"pointer\": KIND, \"x\", \"y\", ...} or {\"travel\": LEVEL}");
}

TEST(SessionReader, AFindingTravelsInTheHeader) {
  SessionHeader h;
  h.game = "kite";
  h.finding = RecordedFinding{.frame = 12,
                              .kind = "exception",
                              .place = "frame: std::out_of_range",
                              .detail = "frame threw std::out_of_range: kite",
                              .hang_ms = 300,
                              .inputs = {KeyPress{"KeyK"}, Pointer{{.position = {1.5, 2}}}}};
  auto reader = SessionReader::from_bytes(session_header_line(h) + "\n", "s.jsonl");
  ASSERT_TRUE(reader) << reader.error().message();
  EXPECT_EQ(reader->header(), h);
  // Replay plays the session to it, so a malformed one is refused rather than dropped.
  std::string bad = session_header_line(h);
  bad.replace(bad.find("\"frame\":12"), 10, "\"frame\":0");
  EXPECT_EQ(read_all(bad + "\n"),
            "s.jsonl:line 1: header: \"finding\" \"frame\" must be from 1 to "
            "18446744073709551615");
  bad = session_header_line(h);
  bad.replace(bad.find("{\"key\":\"KeyK\"}"), 14, "{\"jump\":1}");
  EXPECT_NE(read_all(bad + "\n").find("line 1: header: \"finding\" \"inputs\" an input is"),
            std::string::npos)
      << read_all(bad + "\n");
}

TEST(SessionReader, FormatOneHoldsKeydownsAndTravelOnly) {
  const std::string v1 = replace(kHeader, "\"format\":2", "\"format\":1");
  EXPECT_EQ(read_all(lines({v1, kFrame1, kFrame2, kCheckpoint2})), "");
  const std::string keyup =
      replace(kFrame1, "\"sample\":1.5", "\"sample\":1.5,\"inputs\":[{\"keyup\":\"KeyW\"}]");
  EXPECT_EQ(read_all(lines({v1, keyup})),
            "s.jsonl:line 2: frame record: an input is {\"key\": CODE} (with \"repeat\") or "
            "{\"travel\": LEVEL} in session format 1");
}

TEST(SessionReader, FormatTwoReadsKeyupsPointerFrameChecksumsAndTheWorld) {
  const std::string frame =
      R"({"type":"frame","frame":1,"dt":16666666,"sample":1.5,"checksum":"00000000000000AB","inputs":[)"
      R"({"keyup":"ArrowLeft"},{"pointer":"move","x":1.5,"y":-2},{"pointer":"down","x":3,"y":4,"button":2},)"
      R"({"pointer":"wheel","x":0,"y":0,"dx":0,"dy":-1}]})";
  const std::string checkpoint =
      R"({"type":"checkpoint","frame":1,"checksum":"00000000000000ab","metrics":{"samples":1,"mean":1.5,"p95":1.5,"p99":1.5},)"
      R"("readings":[],"world":{"level":"arena-1","phase":"warmup","time":16666666,"ticks":1,)"
      R"("rng":["0000000000000001","0000000000000002","0000000000000003","0000000000000004"],)"
      R"("timers":2,"actors":[[1,"player",155,85,10,10,0.5,-0.0,true]]}})";
  std::vector<SessionRecord> records;
  ASSERT_EQ(read_all(lines({kHeader, frame, checkpoint}), &records), "");
  const auto& f = std::get<FrameRecord>(records[0]);
  EXPECT_EQ(f.checksum, 0xabu);
  ASSERT_EQ(f.inputs.size(), 4u);
  EXPECT_EQ(std::get<KeyRelease>(f.inputs[0]), KeyRelease{"ArrowLeft"});
  EXPECT_EQ(std::get<Pointer>(f.inputs[1]).event,
            (PointerEvent{PointerKind::kMove, {1.5, -2}, 0, {}}));
  EXPECT_EQ(std::get<Pointer>(f.inputs[2]).event,
            (PointerEvent{PointerKind::kDown, {3, 4}, 2, {}}));
  EXPECT_EQ(std::get<Pointer>(f.inputs[3]).event,
            (PointerEvent{PointerKind::kWheel, {0, 0}, 0, {0, -1}}));
  const auto& c = std::get<Checkpoint>(records[1]);
  ASSERT_TRUE(c.world.has_value());
  EXPECT_EQ(c.world->phase, "warmup");
  EXPECT_EQ(c.world->rng[3], 4u);
  ASSERT_EQ(c.world->actors.size(), 1u);
  EXPECT_EQ(c.world->actors[0], (ActorState{1, "player", 155, 85, 10, 10, 0.5, -0.0, true}));
  EXPECT_TRUE(std::signbit(c.world->actors[0].vy));
}

TEST(SessionReader, ACutShortLastLineReplaysThePrefixWithAWarning) {
  std::vector<SessionRecord> records;
  std::vector<std::string> warnings;
  const std::string cut = lines({kHeader, kFrame1}) + kFrame2.substr(0, 20);
  EXPECT_EQ(read_all(cut, &records, &warnings), "");
  EXPECT_EQ(records.size(), 1u);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0],
            "s.jsonl:line 3: the last line is cut short; replaying the 1 whole frames before it");
  EXPECT_EQ(warnings[1],
            "s.jsonl: the last 1 frame (1 to 1) have no checkpoint; they replay unverified");
}

TEST(SessionReader, AWholeLastLineWithoutNewlineIsFine) {
  std::vector<SessionRecord> records;
  std::vector<std::string> warnings;
  EXPECT_EQ(read_all(lines({kHeader, kFrame1, kFrame2}) + kCheckpoint2, &records, &warnings), "");
  EXPECT_EQ(records.size(), 3u);
  EXPECT_TRUE(warnings.empty());
}

TEST(SessionReader, AMissingFileIsAnError) {
  auto r = SessionReader::open("/nonexistent/s.jsonl");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(), "/nonexistent/s.jsonl: no such file");
}

TEST(SessionReader, AFinishedSessionMustEndOnItsLastFramesCheckpoint) {
  EXPECT_EQ(read_all(lines({kHeader, kFrame1, kFrame2})),
            "s.jsonl:line 3: the session ends at frame 2 with no checkpoint for it; a finished "
            "recording ends with one (a recording's .partial file replays as a prefix)");
  EXPECT_EQ(read_all(lines({kHeader})),
            "s.jsonl:line 1: the session has no frames: a recording has at least one");
}

TEST(SessionReader, APartialFileReplaysItsUncheckedFramesWithAWarning) {
  auto reader = SessionReader::from_bytes(lines({kHeader, kFrame1, kFrame2}), "s.jsonl.partial");
  ASSERT_TRUE(reader);
  while (true) {
    auto next = reader->next();
    ASSERT_TRUE(next) << next.error().message();
    if (!next->has_value()) break;
  }
  ASSERT_EQ(reader->warnings().size(), 1u);
  EXPECT_EQ(
      reader->warnings()[0],
      "s.jsonl.partial: the last 2 frames (1 to 2) have no checkpoint; they replay unverified");
}

TEST(SessionReader, ACheckpointBeforeAnyFrameIsBadInput) {
  const std::string early = replace(kCheckpoint2, "\"frame\":2", "\"frame\":0");
  EXPECT_EQ(read_all(lines({kHeader, early, kFrame1})),
            "s.jsonl:line 2: checkpoint for frame 0 comes before any frame: a checkpoint follows "
            "the frame it checks");
}

TEST(SessionReader, AFrameAskingForMoreTicksThanTheLimitIsRefusedNamingIt) {
  // tick_rate 10000 and a 60 s frame: 600,000 ticks, the "tick bomb".
  const std::string header = replace(kHeader, "\"tick_rate\":60", "\"tick_rate\":10000");
  const std::string bomb = replace(kFrame2, "\"dt\":16666667", "\"dt\":60000000000");
  EXPECT_EQ(read_all(lines({header, kFrame1, bomb, kCheckpoint2})),
            "s.jsonl:line 3: frame 2 asks for 600000 ticks (dt 60000000000 ns at tick_rate "
            "10000); a frame runs at most 1000");
  // At 100 ms a frame the same tick rate runs 1000 ticks: exactly the limit, accepted.
  const std::string full = replace(kFrame2, "\"dt\":16666667", "\"dt\":100000000");
  EXPECT_EQ(read_all(lines({header, kFrame1, full, kCheckpoint2})), "");
}

TEST(SessionReader, AnUpperCaseChecksumReads) {
  std::vector<SessionRecord> records;
  const std::string upper = replace(kCheckpoint2, "00000000000000ff", "00000000000000FF");
  ASSERT_EQ(read_all(lines({kHeader, kFrame1, kFrame2, upper}), &records), "");
  EXPECT_EQ(std::get<Checkpoint>(records[2]).checksum, 0xffu);
}

TEST(SessionReader, ALineLongerThanTheLimitIsBadInputNotUnboundedMemory) {
  std::string endless = kHeader + "\n" + std::string(kMaxSessionLineBytes + 10, '0');
  EXPECT_EQ(read_all(endless),
            "s.jsonl:line 2: the line is longer than 8 MiB, the most a session line may be; is "
            "this a session file?");
}

// JSON leaves a key given twice to the parser; a session's reader takes neither, on either path.
TEST(SessionReader, AKeyGivenTwiceInOneObjectIsBadInputNamingIt) {
  const std::string twice = R"({"type":"frame","frame":1,"dt":16666666,"sample":1.5,"sample":0.5})";
  EXPECT_EQ(read_all(lines({kHeader, twice})),
            "s.jsonl:line 2: the key \"sample\" is given twice in one object; which one is meant?");
  const std::string header_twice = kHeader.substr(0, kHeader.size() - 1) + R"(,"seed":8})";
  EXPECT_EQ(read_all(lines({header_twice, kFrame1})),
            "s.jsonl:line 1: the key \"seed\" is given twice in one object");
}

TEST(SessionReader, KeysAreCheckedInEveryNestedObjectAndNotAcrossSiblings) {
  const std::string nested =
      R"({"type":"frame","frame":1,"dt":16666666,"sample":1.5,"inputs":[{"key":"A"},{"key":"B","key":"C"}]})";
  EXPECT_EQ(read_all(lines({kHeader, nested})),
            "s.jsonl:line 2: the key \"key\" is given twice in one object; which one is meant?");
  const std::string siblings =
      R"({"type":"frame","frame":2,"dt":16666667,"sample":1.5,"inputs":[{"key":"A"},{"key":"B"}]})";
  EXPECT_EQ(read_all(lines({kHeader, kFrame1, siblings, kCheckpoint2})), "");
}

// A header's fingerprint is information only, but its reader is bounded as every line's is: a
// fingerprint naming 100,000 functions is read whole, each name once (session_reader_bench
// measures that the time grows linearly with their number).
TEST(SessionReader, AFingerprintNamingAHundredThousandFunctionsIsReadWhole) {
  std::string math;
  for (int i = 0; i < 100'000; ++i)
    math += (i ? ",\"f" : "\"f") + std::to_string(i) +
            R"(":{"hash":"00000000000000ff","values":[0.5]})";
  const std::string header =
      kHeader.substr(0, kHeader.size() - 1) +
      R"(,"fingerprint":{"compiler":"GCC 12.2.0","standard_library":"libstdc++ 20220819",)"
      R"("c_library":"glibc 2.36","cpu_fma":true,"built_with_fma":false,"math":{)" +
      math + "}}}";
  auto reader = SessionReader::from_bytes(lines({header, kFrame1}), "s.jsonl");
  ASSERT_TRUE(reader) << reader.error().message();
  ASSERT_TRUE(reader->header().fingerprint.has_value());
  EXPECT_EQ(reader->header().fingerprint->probes.size(), 100'000u);
  EXPECT_EQ(reader->header().fingerprint->probes.front().hash, 0xffu);
}

// Format 6's keyframes: each directly follows its frame's checkpoint, and is checked as every
// record is. A format 5 session has none to hold.
TEST(SessionReader, AKeyframeIsReadAfterItsCheckpointAndRefusedAnywhereElse) {
  const std::string header6 =
      replace(replace(kHeader, "\"format\":2", "\"format\":6"), "\"checkpoint_every\":2",
              "\"checkpoint_every\":2,\"keyframe_every\":2");
  const std::string keyframe =
      R"({"type":"keyframe","frame":2,"now":33333333,"ticks":2,"ticks_dropped":0,)"
      R"("worlds_opened":1,"logged_second":0,"overlay":false,"world":{"logical":[320,180],)"
      R"("next_actor":2,"timers":[[500000000,1,500000000]],"next_timer":2},"game_entries":[1]})";
  std::vector<SessionRecord> records;
  ASSERT_EQ(read_all(lines({header6, kFrame1, kFrame2, kCheckpoint2, keyframe}), &records), "");
  ASSERT_EQ(records.size(), 4u);
  const auto& k = std::get<Keyframe>(records[3]);
  EXPECT_EQ(k.frame(), 2u);
  EXPECT_EQ(k.counters.now, SimTime(33333333));
  ASSERT_TRUE(k.world.has_value());
  EXPECT_EQ(k.world->timers,
            (std::vector<TimerData>{{SimTime(500'000'000), 1, SimTime(500'000'000)}}));
  EXPECT_EQ(k.game_entries, std::vector<std::uint32_t>{1});

  EXPECT_EQ(read_all(lines({header6, kFrame1, kFrame2, keyframe, kCheckpoint2})),
            "s.jsonl:line 4: keyframe for frame 2 must directly follow that frame's checkpoint");
  EXPECT_EQ(read_all(lines({header6, kFrame1, kFrame2, kCheckpoint2, keyframe, keyframe})),
            "s.jsonl:line 6: keyframe for frame 2 must directly follow that frame's checkpoint");
  EXPECT_EQ(read_all(lines({header6, kFrame1, kFrame2, kCheckpoint2,
                            replace(keyframe, "\"now\":33333333", "\"now\":1")})),
            "s.jsonl:line 5: keyframe: \"now\" is 1 ns, and the frames before it add up to "
            "33333333 ns");
  EXPECT_EQ(read_all(lines({header6, kFrame1, kFrame2, kCheckpoint2,
                            replace(keyframe, "[500000000,1,500000000]", "[500000000,1]")})),
            "s.jsonl:line 5: keyframe: \"world\": a timer must be [due in ns, id, period in ns "
            "(0 or more)]");
  EXPECT_EQ(
      read_all(lines({header6, kFrame1, kFrame2, kCheckpoint2,
                      replace(keyframe, "\"overlay\":false", "\"overlay\":false,\"extra\":1")})),
      "s.jsonl:line 5: keyframe: unknown key \"extra\"");
  EXPECT_EQ(
      read_all(lines({kHeader, kFrame1, kFrame2, kCheckpoint2, keyframe})),
      "s.jsonl:line 5: unknown record type \"keyframe\": expected \"frame\" or \"checkpoint\"");
  EXPECT_EQ(
      read_all(lines({replace(header6, "\"keyframe_every\":2", "\"keyframe_every\":3"), kFrame1})),
      "s.jsonl:line 1: header: \"keyframe_every\" must be a multiple of checkpoint_every (a "
      "keyframe follows a checkpoint), or 0 for none");
}

// A file that expands past the bound (a zstd bomb of valid lines) is refused at the first byte
// past it, with the line it was in; the bound is the environment's to set.
TEST(SessionReader, ASessionPastItsSizeBoundIsRefusedNamingTheVariable) {
  const std::filesystem::path path =
      std::filesystem::path(::testing::TempDir()) / "framecheck-bound-test.jsonl";
  std::string body = kHeader + "\n";
  for (int frame = 1; frame <= 4000; ++frame) {
    body += R"({"type":"frame","frame":)" + std::to_string(frame) +
            R"(,"dt":16666666,"sample":1.5})" + "\n";
  }
  std::ofstream(path, std::ios::binary) << body;
  ::setenv("FRAMECHECK_MAX_SESSION_BYTES", "100000", 1);
  std::string message;
  {
    Result<SessionReader> reader = SessionReader::open(path);
    ASSERT_TRUE(reader) << reader.error().message();
    while (message.empty()) {
      Result<std::optional<SessionRecord>> next = reader->next();
      if (!next)
        message = next.error().message();
      else if (!next->has_value())
        break;
    }
  }
  EXPECT_NE(message.find("more than 100000 bytes, the most a session may"), std::string::npos)
      << message;
  ::setenv("FRAMECHECK_MAX_SESSION_BYTES", "100k", 1);
  Result<SessionReader> refused = SessionReader::open(path);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message().find("FRAMECHECK_MAX_SESSION_BYTES"), std::string::npos);
  ::unsetenv("FRAMECHECK_MAX_SESSION_BYTES");
  EXPECT_TRUE(SessionReader::open(path)) << "the default bound is far above a small session";
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace framecheck
