// The arena's keyframes: an hour-like session seeked, verified from a keyframe and watched, through
// the arena's timers and its level change; and what a keyframe that cannot be restored says.
#include <gtest/gtest.h>

#include <arena.hpp>
#include <filesystem>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <framecheck/run/session_player.hpp>
#include <framecheck/session/input_script_file.hpp>
#include <fstream>
#include <sstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// The arena through the hitch input's keys and its level change at 1500, a keyframe every 600
// frames: the session every test here starts from (recorded once).
class KeyframeReplay : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    Result<ScriptFile> script =
        read_input_script(FRAMECHECK_SOURCE_DIR "/cases/sessions/arena_hitch.input.jsonl");
    ASSERT_TRUE(script) << script.error().message();
    RecordOptions o;
    o.header.game = "arena";
    o.header.run.surface_width = 320;
    o.header.run.surface_height = 180;
    o.header.checkpoint_every = 60;
    o.header.keyframe_every = 600;
    o.frames = 2000;
    o.input = script->input;
    TestFolder dir;
    const fs::path path = dir / "arena.jsonl";
    games::Arena game;
    ASSERT_TRUE(record_session(game, o, path));
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    bytes_ = new std::string(s.str());
  }
  static void TearDownTestSuite() { delete bytes_; }

  static Result<ReplayReport> replay(const std::string& bytes, const ReplayOptions& options) {
    auto reader = SessionReader::from_bytes(bytes, "arena.jsonl");
    if (!reader) return reader.error();
    games::Arena game;
    return replay_session(*reader, game, options);
  }
  static std::string edited(const std::string& from, const std::string& to, std::size_t after) {
    std::string b = *bytes_;
    const std::size_t at = b.find(from, after);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) b.replace(at, from.size(), to);
    return b;
  }
  static std::size_t keyframe_at(std::uint64_t frame) {
    return bytes_->find("{\"type\":\"keyframe\",\"frame\":" + std::to_string(frame) + ",");
  }
  static std::string* bytes_;
};
std::string* KeyframeReplay::bytes_ = nullptr;

TEST_F(KeyframeReplay, FromAnyFrameTheReadingsMetricsAndPanelAreThoseOfAWholeReplay) {
  for (const std::uint64_t at : {2u, 599u, 600u, 601u, 1250u, 1499u, 1500u, 1501u, 1800u, 2000u}) {
    ReplayOptions whole;
    whole.snapshot_frames = {at};
    ReplayOptions keyed = whole;
    keyed.from_frame = at - 1;
    const Result<ReplayReport> a = replay(*bytes_, whole);
    const Result<ReplayReport> b = replay(*bytes_, keyed);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(b->started_after, (at - 1) / 600 * 600) << at;
    ASSERT_EQ(a->snapshots.size(), 1u);
    ASSERT_EQ(b->snapshots.size(), 1u) << at;
    EXPECT_EQ(a->snapshots[0].readings, b->snapshots[0].readings) << at;
    EXPECT_EQ(a->snapshots[0].metrics, b->snapshots[0].metrics) << at;
    EXPECT_EQ(a->snapshots[0].panel, b->snapshots[0].panel) << at;
  }
}

TEST_F(KeyframeReplay, AVerifyFromAFrameChecksEverythingFromItsKeyframeOn) {
  ReplayOptions o{.verify = true};
  o.from_frame = 1700;
  const Result<ReplayReport> r = replay(*bytes_, o);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->started_after, 1200u);
  EXPECT_EQ(r->frames, 2000u);
  EXPECT_EQ(r->checked_frames, 800u);
  EXPECT_EQ(r->checkpoints, 14u);  // 1260 to 1980, and the last frame's
  EXPECT_EQ(r->keyframes, 1u);     // 1800
  EXPECT_TRUE(r->divergences.empty());
  EXPECT_FALSE(r->first_divergent_frame.has_value());
}

// A keyframe edited by hand: a full verify names it at its frame; a replay that starts there
// restores what it says, and the frames after it show the difference.
TEST_F(KeyframeReplay, AnEditedKeyframeFailsAFullVerifyAtItsFrame) {
  const std::string bytes =
      edited("\"ticks_dropped\":0,\"worlds_opened\":", "\"ticks_dropped\":0,\"worlds_opened\":9",
             keyframe_at(1200));
  const Result<ReplayReport> r = replay(bytes, {.verify = true});
  ASSERT_TRUE(r) << r.error().message();
  ASSERT_FALSE(r->divergences.empty());
  EXPECT_EQ(r->divergences[0].frame, 1200u);
  ASSERT_EQ(r->divergences[0].differences.size(), 1u);
  EXPECT_TRUE(r->divergences[0].differences[0].starts_with("keyframe worlds opened: recorded 9"))
      << r->divergences[0].differences[0];
}

TEST_F(KeyframeReplay, AKeyframeThatCannotBeRestoredIsAnErrorNamingTheSessionFrameAndField) {
  ReplayOptions o{.verify = true};
  o.from_frame = 1300;
  // A timer the keyframe's own next id says was never made (the rebuilt level's callbacks are
  // the other check, engine tests cover it).
  const std::size_t k = keyframe_at(1200);
  const std::size_t timers = bytes_->find("\"timers\":[", k) + 10;
  std::string bytes = *bytes_;
  bytes.insert(timers, "[99000000000,7,0],");
  const std::size_t count = bytes.rfind("\"timers\":", k);  // the checkpoint's count
  ASSERT_NE(count, std::string::npos);
  const std::size_t digit = count + 9;
  bytes[digit] = static_cast<char>(bytes[digit] + 1);
  Result<ReplayReport> r = replay(bytes, o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(),
            "arena.jsonl:frame 1200: the keyframe cannot be restored: timer 7: its id is not below "
            "the next id, 2");
  // The game's declared state as the checkpoint keeps it, with a field the game does not have.
  const std::size_t game = bytes_->find("\"game\":[[", bytes_->rfind("\"checkpoint\"", k));
  ASSERT_NE(game, std::string::npos);
  r = replay(edited("\"game\":[[", "\"game\":[[\"extra\",\"whole\",1],[", game), o);
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().message().starts_with(
      "arena.jsonl:frame 1200: the keyframe cannot be restored: the game's declared state "
      "cannot be loaded: field 1: "))
      << r.error().message();
  // A keyframe cut short is a line the reader refuses, naming it.
  const std::size_t end = bytes_->find('\n', k);
  std::string cut = *bytes_;
  cut.erase(k + 40, end - (k + 40));
  r = replay(cut, o);
  ASSERT_FALSE(r);
  EXPECT_TRUE(r.error().message().starts_with("arena.jsonl:line ")) << r.error().message();
}

// A seek keeps the lines after the last two keyframes before its frame; with neither written
// (a game's own timer pending then), it starts at the one before, or reads from frame 1 again.
TEST_F(KeyframeReplay, AMissingKeyframeStartsFromTheOneBeforeOrFromFrameOne) {
  const auto without = [](std::string bytes, std::uint64_t frame) {
    const std::size_t at =
        bytes.find("{\"type\":\"keyframe\",\"frame\":" + std::to_string(frame) + ",");
    EXPECT_NE(at, std::string::npos);
    bytes.erase(at, bytes.find('\n', at) + 1 - at);
    return bytes;
  };
  ReplayOptions o{.verify = true};
  o.from_frame = 1900;
  o.snapshot_frames = {1950};
  ReplayOptions whole;
  whole.snapshot_frames = {1950};
  const Result<ReplayReport> expected = replay(*bytes_, whole);
  ASSERT_TRUE(expected);
  const std::string no_1800 = without(*bytes_, 1800);
  for (const auto& [bytes, started] : {std::pair{*bytes_, 1800u}, std::pair{no_1800, 1200u},
                                       std::pair{without(no_1800, 1200), 0u}}) {
    const Result<ReplayReport> r = replay(bytes, o);
    ASSERT_TRUE(r) << r.error().message();
    EXPECT_EQ(r->started_after, started);
    EXPECT_TRUE(r->divergences.empty() && !r->first_divergent_frame);
    ASSERT_EQ(r->snapshots.size(), 1u);
    EXPECT_EQ(r->snapshots[0].panel, expected->snapshots[0].panel) << started;
  }
}

// view's player seeks from the file's keyframes too: a frame far ahead is as near as one passed,
// and shows what stepping there from frame 1 shows.
TEST_F(KeyframeReplay, ThePlayerSeeksFromTheFilesKeyframes) {
  auto reader = SessionReader::from_bytes(*bytes_, "arena.jsonl");
  ASSERT_TRUE(reader);
  Result<LoadedSession> keyed = load_session(*reader);
  ASSERT_TRUE(keyed);
  EXPECT_EQ(keyed->keyframes.size(), 3u);  // 600, 1200, 1800
  LoadedSession stepped = *keyed;
  stepped.keyframes.clear();
  const auto make = [] { return std::make_unique<games::Arena>(); };
  SessionPlayer a(*keyed, make, {});
  SessionPlayer b(stepped, make, {});
  for (const std::uint64_t at : {1900u, 700u, 1300u, 2000u}) {
    a.seek(at);
    b.seek(at);
    EXPECT_EQ(a.simulation().checksum(), *keyed->frames[at - 1].checksum) << at;
    EXPECT_EQ(a.simulation().diagnostics().panel_lines(),
              b.simulation().diagnostics().panel_lines())
        << at;
    EXPECT_EQ(a.simulation().diagnostics().metrics(), b.simulation().diagnostics().metrics()) << at;
  }
  EXPECT_EQ(a.restarts(), 0u);
  // Stepping keeps a snapshot every 600 frames it passes; starting from 1800 passed none.
  SessionPlayer c(*keyed, make, {});
  c.seek(1900);
  EXPECT_EQ(c.keyframes(), 1u);
}

}  // namespace
}  // namespace framecheck
