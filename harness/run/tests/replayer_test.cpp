#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/engine.hpp>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/replayer.hpp>
#include <fstream>
#include <sstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

// A small game whose state depends on its seed, its keys and its travel. Built with
// `renamed_from`, it calls its key count "key presses" from that tick on.
class Walker final : public Game {
 public:
  explicit Walker(int renamed_from = -1) : renamed_from_(renamed_from) {}
  void init(InitApi& api) override {
    api.start_level = "first";
    api.diagnostics.register_source("keys", [this] { return keys_; });
  }
  void build_world(World& world) override {
    world.spawn("walker", {0, 0}, {4, 4});
    world.diagnostics().register_source("x", [&world] { return world.actors()[0].position.x; });
    world.diagnostics().register_source("level", [&world] { return world.level(); });
  }
  void tick(World& world, SimTime) override {
    ++ticks_;
    world.actors()[0].position.x += world.rng().uniform(0, 1) + (held_ ? 10 : 0);
  }
  void on_key(const KeyEvent& key) override {
    ++keys_;
    held_ = held_ || key.code == "ArrowRight";
  }
  void on_key_up(const KeyEvent& key) override { held_ = held_ && key.code != "ArrowRight"; }
  // keys_ lives outside the world: only the declared state puts it in the checksum.
  void declare_state(StateArchive& state) override {
    state.whole(renamed_from_ >= 0 && ticks_ >= renamed_from_ ? "key presses" : "keys", keys_);
    state.flag("held", held_);
  }

 private:
  int renamed_from_;
  int ticks_ = 0;
  int keys_ = 0;
  bool held_ = false;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class Replay : public ::testing::Test {
 protected:
  void SetUp() override {
    RecordOptions o;
    o.header.game = "walker";
    o.header.run.surface_width = 160;
    o.header.run.surface_height = 90;
    o.header.checkpoint_every = 30;
    o.frames = 120;
    o.input.add(10, KeyPress{"KeyW"});
    o.input.add(12, KeyPress{"ArrowRight"});
    o.input.add(20, KeyRelease{"ArrowRight"});
    o.input.add(50, Travel{"second"});
    Walker game;
    ASSERT_TRUE(record_session(game, o, path_));
  }

  Result<ReplayReport> replay(const std::string& bytes, const ReplayOptions& options,
                              int renamed_from = -1) {
    auto reader = SessionReader::from_bytes(bytes, "walker.jsonl");
    if (!reader) return reader.error();
    Walker game(renamed_from);
    return replay_session(*reader, game, options);
  }
  TestFolder dir_;
  const fs::path path_ = dir_ / "walker.jsonl";
};

TEST_F(Replay, ARecordingVerifies) {
  auto report = replay(slurp(path_), {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->frames, 120u);
  EXPECT_EQ(report->checkpoints, 4u);
  EXPECT_TRUE(report->divergences.empty());
  EXPECT_FALSE(fs::exists(path_.string() + ".partial"));
}

// Format 6 keeps a keyframe after every keyframe_every-th frame's checkpoint; a full verify
// holds each to the resimulation, so one edited by hand fails at its frame, naming the field.
TEST_F(Replay, AKeyframeEditedByHandFailsAtItsFrameNamingTheField) {
  RecordOptions o;
  o.header.game = "walker";
  o.header.checkpoint_every = 30;
  o.header.keyframe_every = 60;
  o.frames = 120;
  o.input.add(50, Travel{"second"});
  Walker game;
  const fs::path keyed = dir_ / "keyed.jsonl";
  ASSERT_TRUE(record_session(game, o, keyed));
  std::string bytes = slurp(keyed);
  ASSERT_NE(bytes.find("{\"type\":\"keyframe\",\"frame\":60,"), std::string::npos);
  ASSERT_NE(bytes.find("{\"type\":\"keyframe\",\"frame\":120,"), std::string::npos);
  auto clean = replay(bytes, {.verify = true});
  ASSERT_TRUE(clean) << clean.error().message();
  EXPECT_EQ(clean->keyframes, 2u);
  EXPECT_TRUE(clean->divergences.empty());

  const std::size_t at = bytes.find("\"next_actor\":2,", bytes.find("\"keyframe\",\"frame\":60,"));
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, 15, "\"next_actor\":7,");
  auto edited = replay(bytes, {.verify = true});
  ASSERT_TRUE(edited) << edited.error().message();
  ASSERT_EQ(edited->divergences.size(), 1u);
  EXPECT_EQ(edited->divergences[0].frame, 60u);
  EXPECT_EQ(edited->divergences[0].differences,
            std::vector<std::string>{"keyframe world next actor id: recorded 7, replayed 2"});
  EXPECT_FALSE(edited->first_divergent_frame.has_value()) << "every frame's checksum agrees";
}

TEST_F(Replay, AChangedSeedDivergesAtTheFirstCheckpoint) {
  std::string bytes = slurp(path_);
  bytes.replace(bytes.find("\"seed\":1,"), 9, "\"seed\":2,");
  auto report = replay(bytes, {.verify = true});
  ASSERT_TRUE(report);
  ASSERT_EQ(report->divergences.size(), 4u);
  EXPECT_EQ(report->divergences[0].frame, 30u);
  const auto& d = report->divergences[0].differences;
  EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const std::string& s) {
    return s.starts_with("reading \"x\": recorded");
  }));
  EXPECT_TRUE(std::any_of(d.begin(), d.end(), [](const std::string& s) {
    return s.starts_with("checksum: recorded");
  }));
}

// The line of frame n in a session's text.
std::pair<std::size_t, std::size_t> frame_line(const std::string& bytes, int n) {
  const std::size_t at = bytes.find("{\"type\":\"frame\",\"frame\":" + std::to_string(n) + ",");
  return {at, bytes.find('\n', at)};
}

TEST_F(Replay, AnInputMovedByOneFrameNamesThatFrameAndTheActorFieldWithBothValues) {
  std::string bytes = slurp(path_);
  const std::string keyup = ",\"inputs\":[{\"keyup\":\"ArrowRight\"}]";
  const auto [at20, end20] = frame_line(bytes, 20);
  const std::size_t in20 = bytes.find(keyup, at20);
  ASSERT_LT(in20, end20) << "frame 20 does not hold the keyup";
  bytes.erase(in20, keyup.size());
  const auto [at21, end21] = frame_line(bytes, 21);
  bytes.insert(bytes.find(",\"checksum\"", at21), keyup);

  auto report = replay(bytes, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame.has_value());
  EXPECT_EQ(report->first_divergent_frame->frame, 20u) << "the key is held one frame longer";
  ASSERT_FALSE(report->divergences.empty());
  EXPECT_EQ(report->divergences[0].frame, 30u);
  const auto& d = report->divergences[0].differences;
  ASSERT_GE(d.size(), 2u);
  EXPECT_TRUE(d[d.size() - 2].starts_with("checksum: recorded ")) << d[d.size() - 2];
  EXPECT_TRUE(d.back().starts_with("actor 1 (walker) x: recorded ")) << d.back();
  EXPECT_EQ(report->checked_frames, 120u);
}

TEST_F(Replay, AGameFieldOutsideTheWorldIsNamedAtTheExactFrame) {
  // KeyW on frame 10 only counts in the game's keys_: the world never sees it.
  std::string bytes = slurp(path_);
  const std::string press = "\"inputs\":[{\"key\":\"KeyW\"}],";
  const auto [at10, end10] = frame_line(bytes, 10);
  const std::size_t in10 = bytes.find(press, at10);
  ASSERT_LT(in10, end10) << "frame 10 does not hold the press";
  bytes.erase(in10, press.size());
  const auto [at11, end11] = frame_line(bytes, 11);
  bytes.insert(bytes.find("\"checksum\"", at11), press);

  auto report = replay(bytes, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame.has_value());
  EXPECT_EQ(report->first_divergent_frame->frame, 10u);
  const auto& d = report->first_divergent_frame->differences;
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[1], "game keys: recorded 1, replayed 0");
  // One frame later the counts agree again, and so does every checkpoint.
  EXPECT_TRUE(report->divergences.empty());
}

TEST_F(Replay, AStatedFieldThatTheReplayContradictsIsNamedAtItsFrame) {
  // Frame 30 claims a key count its checksum (and the replay) do not have.
  std::string bytes = slurp(path_);
  const auto [at30, end30] = frame_line(bytes, 30);
  const std::size_t checksum = bytes.find("\"checksum\"", at30);
  ASSERT_LT(checksum, end30);
  ASSERT_EQ(bytes.substr(at30, end30 - at30).find("game"), std::string::npos);
  bytes.insert(checksum, R"("game_changes":{"keys":7},)");

  auto report = replay(bytes, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame.has_value());
  EXPECT_EQ(report->first_divergent_frame->frame, 30u);
  ASSERT_EQ(report->first_divergent_frame->differences.size(), 1u);
  EXPECT_EQ(report->first_divergent_frame->differences[0], "game keys: recorded 7, replayed 2");
}

TEST_F(Replay, AFieldTheReplayRenamesIsNamedWithoutAChecksumToShowIt) {
  // With no frame checksums, the stated fields alone hold the replay to the recording: a field
  // renamed at frame 15, after its names were found alike at 10 and 12, is found at 20, the
  // next frame that states a change.
  std::string bytes = slurp(path_);
  std::string stripped;
  std::istringstream lines(bytes);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find(",\"checksum\":\"");
    if (line.starts_with("{\"type\":\"frame\"") && at != std::string::npos)
      line.erase(at, std::string_view(",\"checksum\":\"0123456789abcdef\"").size());
    stripped += line + "\n";
  }
  bytes = std::move(stripped);

  auto same = replay(bytes, {.verify = true});
  ASSERT_TRUE(same) << same.error().message();
  EXPECT_FALSE(same->first_divergent_frame.has_value());

  auto report = replay(bytes, {.verify = true}, 15);
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame.has_value());
  EXPECT_EQ(report->first_divergent_frame->frame, 20u);
  ASSERT_EQ(report->first_divergent_frame->differences.size(), 1u);
  EXPECT_EQ(report->first_divergent_frame->differences[0],
            "game field 1: recorded \"keys\", replayed \"key presses\"");
}

// 40 frames of the small game G, named `name`, with a key pressed at each of `keys`: the
// session's bytes.
template <class G>
std::string recorded_small(const std::string& name, std::initializer_list<int> keys) {
  const TestFolder dir;
  const fs::path path = dir / (name + ".jsonl");
  RecordOptions o;
  o.header.game = name;
  o.header.run.surface_width = 32;
  o.header.run.surface_height = 32;
  o.frames = 40;
  for (int frame : keys)
    o.input.add(frame, KeyPress{"KeyA"});
  G game;
  EXPECT_TRUE(record_session(game, o, path));
  return slurp(path);
}

// `bytes` replayed with --verify by a new G.
template <class G>
Result<ReplayReport> verified(const std::string& bytes) {
  auto reader = SessionReader::from_bytes(bytes, "small.jsonl");
  EXPECT_TRUE(reader) << reader.error().message();
  G again;
  return replay_session(*reader, again, {.verify = true});
}

// A game that declares one count under one name twice: a change of that name is both fields'.
class Twice final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "only"; }
  void build_world(World& world) override { world.spawn("still", {0, 0}, {1, 1}); }
  void on_key(const KeyEvent&) override { ++keys_; }
  void declare_state(StateArchive& state) override {
    state.whole("keys", keys_);
    state.flag("odd", odd_);
    state.whole("keys", keys_);
  }
  void tick(World&, SimTime) override { odd_ = keys_ % 2 == 1; }

 private:
  int keys_ = 0;
  bool odd_ = false;
};

TEST(ReplayRepeatedNames, AChangeOfARepeatedNameIsEveryFieldOfThatName) {
  const std::string bytes = recorded_small<Twice>("twice", {5, 6, 20, 30});
  const auto verify = verified<Twice>;
  auto same = verify(bytes);
  ASSERT_TRUE(same) << same.error().message();
  EXPECT_FALSE(same->first_divergent_frame.has_value());

  // Frame 20 states its state whole; as changes, "keys" is both fields', or the second would
  // still say 2 keys.
  const auto as_changes = [&bytes](std::string_view changes) {
    std::string edited = bytes;
    const auto [at20, end20] = frame_line(edited, 20);
    const std::string whole =
        R"("game":[["keys","whole",3],["odd","flag",true],["keys","whole",3]])";
    const std::size_t at = edited.find(whole, at20);
    EXPECT_LT(at, end20) << edited.substr(at20, end20 - at20);
    if (at < end20) edited.replace(at, whole.size(), changes);
    return edited;
  };
  auto changed = verify(as_changes(R"("game_changes":{"keys":3,"odd":true})"));
  ASSERT_TRUE(changed) << changed.error().message();
  EXPECT_FALSE(changed->first_divergent_frame.has_value());

  auto report = verify(as_changes(R"("game_changes":{"keys":9,"odd":true})"));
  ASSERT_TRUE(report) << report.error().message();
  ASSERT_TRUE(report->first_divergent_frame.has_value());
  EXPECT_EQ(report->first_divergent_frame->frame, 20u);
  EXPECT_EQ(report->first_divergent_frame->differences.back(), "game keys: recorded 9, replayed 3");
}

// A game whose state changes every frame ("ticks") and now and then ("keys"): a replay checks
// a steady run of frames by the fields either side changed.
class Ticker final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "only"; }
  void build_world(World& world) override { world.spawn("still", {0, 0}, {1, 1}); }
  void on_key(const KeyEvent&) override { ++keys_; }
  void tick(World&, SimTime) override { ++ticks_; }
  void declare_state(StateArchive& state) override {
    state.whole("ticks", ticks_);
    state.whole("keys", keys_);
    state.flag("odd", odd_);
  }

 private:
  int ticks_ = 0;
  int keys_ = 0;
  bool odd_ = false;
};

// A frame's stated fields are the session's claim, checked even where its checksum agrees:
// a field that the record changes and the replay does not, and one that the replay changes and
// the record does not, each found at its frame in a run of frames that all state changes.
TEST(ReplaySteadyState, AFieldChangedOnEitherSideAloneIsFoundAtItsFrame) {
  const std::string bytes = recorded_small<Ticker>("ticker", {20});
  const auto verify = verified<Ticker>;
  const auto edited = [&bytes](int frame, const std::string& from, const std::string& to) {
    std::string text = bytes;
    const auto [at, end] = frame_line(text, frame);
    const std::size_t found = text.find(from, at);
    EXPECT_LT(found, end) << text.substr(at, end - at);
    if (found < end) text.replace(found, from.size(), to);
    return text;
  };
  auto same = verify(bytes);
  ASSERT_TRUE(same) << same.error().message();
  EXPECT_FALSE(same->first_divergent_frame.has_value());

  // The record says a key was pressed at frame 30; the replay's keys stay as they were.
  auto recorded_only = verify(
      edited(30, R"("game_changes":{"ticks":30})", R"("game_changes":{"ticks":30,"keys":7})"));
  ASSERT_TRUE(recorded_only) << recorded_only.error().message();
  ASSERT_TRUE(recorded_only->first_divergent_frame.has_value());
  EXPECT_EQ(recorded_only->first_divergent_frame->frame, 30u);
  EXPECT_EQ(recorded_only->first_divergent_frame->differences.back(),
            "game keys: recorded 7, replayed 1");

  // The record leaves out the key of frame 20; the replay counts it.
  auto replayed_only = verify(
      edited(20, R"("game_changes":{"ticks":20,"keys":1})", R"("game_changes":{"ticks":20})"));
  ASSERT_TRUE(replayed_only) << replayed_only.error().message();
  ASSERT_TRUE(replayed_only->first_divergent_frame.has_value());
  EXPECT_EQ(replayed_only->first_divergent_frame->frame, 20u);
  EXPECT_EQ(replayed_only->first_divergent_frame->differences.back(),
            "game keys: recorded 0, replayed 1");
}

TEST_F(Replay, TheGameStateIsWrittenWholeOnceThenAsChanges) {
  const std::string bytes = slurp(path_);
  const auto [at1, end1] = frame_line(bytes, 1);
  EXPECT_NE(
      bytes.substr(at1, end1 - at1).find(R"("game":[["keys","whole",0],["held","flag",false]])"),
      std::string::npos)
      << bytes.substr(at1, end1 - at1);
  const auto [at10, end10] = frame_line(bytes, 10);
  EXPECT_NE(bytes.substr(at10, end10 - at10).find(R"("game_changes":{"keys":1})"),
            std::string::npos)
      << bytes.substr(at10, end10 - at10);
  const auto [at11, end11] = frame_line(bytes, 11);
  EXPECT_EQ(bytes.substr(at11, end11 - at11).find("game"), std::string::npos)
      << "an unchanged frame carries no state: " << bytes.substr(at11, end11 - at11);
}

TEST(ReplayFormatThree, AFormatThreeSessionKeepsNoGameStateAndVerifies) {
  const TestFolder dir;
  const fs::path path = dir / "walker.jsonl";
  RecordOptions o;
  o.header.format = 3;
  o.header.game = "walker";
  o.header.run.surface_width = 160;
  o.header.run.surface_height = 90;
  o.frames = 60;
  o.input.add(10, KeyPress{"KeyW"});
  Walker game;
  ASSERT_TRUE(record_session(game, o, path));
  const std::string bytes = slurp(path);
  EXPECT_EQ(bytes.find("\"game\":["), std::string::npos);
  auto reader = SessionReader::from_bytes(bytes, "walker.jsonl");
  ASSERT_TRUE(reader);
  Walker again;
  auto report = replay_session(*reader, again, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->checked_frames, 60u);
  EXPECT_FALSE(report->first_divergent_frame.has_value());
  EXPECT_TRUE(report->divergences.empty());
}

TEST(ReplayFormatOne, AFormatOneSessionReplaysAndVerifiesAtItsCheckpoints) {
  const TestFolder dir;
  RecordOptions o;
  o.header.format = 1;
  o.header.game = "walker";
  o.header.run.surface_width = 160;
  o.header.run.surface_height = 90;
  o.header.checkpoint_every = 30;
  o.frames = 60;
  o.input.add(12, KeyPress{"ArrowRight"});
  const fs::path path = dir / "v1.jsonl";
  Walker recorded;
  ASSERT_TRUE(record_session(recorded, o, path));
  const std::string bytes = slurp(path);
  fs::remove(path);
  std::istringstream lines(bytes);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("{\"type\":\"frame\"")) {
      ASSERT_EQ(line.find("checksum"), std::string::npos) << "a format 1 frame has no checksum";
    }
  }
  auto reader = SessionReader::from_bytes(bytes, "v1.jsonl");
  ASSERT_TRUE(reader);
  Walker game;
  auto report = replay_session(*reader, game, {.verify = true});
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->checkpoints, 2u);
  EXPECT_EQ(report->checked_frames, 0u);
  EXPECT_TRUE(report->divergences.empty());
  EXPECT_FALSE(report->first_divergent_frame.has_value());

  o.input.add(20, KeyRelease{"ArrowRight"});
  Walker refused;
  const Status s = record_session(refused, o, path);
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message().find("keyups and pointer input need session format 2"),
            std::string::npos);
  // The 19 frames before the refused one are a person's, and are kept as a prefix that replays.
  const fs::path partial = path.string() + ".partial";
  EXPECT_NE(s.error().message().find("is kept in " + partial.string()), std::string::npos)
      << s.error().message();
  auto prefix = SessionReader::open(partial);
  ASSERT_TRUE(prefix) << prefix.error().message();
  Walker again;
  auto kept = replay_session(*prefix, again, {});
  ASSERT_TRUE(kept) << kept.error().message();
  EXPECT_EQ(kept->frames, 19u);
}

TEST_F(Replay, AnEditedReadingIsNamedWithBothValues) {
  std::string bytes = slurp(path_);
  const auto at = bytes.find("{\"name\":\"keys\",\"value\":2.0}");
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, 27, "{\"name\":\"keys\",\"value\":5.0}");
  auto report = replay(bytes, {.verify = true});
  ASSERT_TRUE(report);
  ASSERT_FALSE(report->divergences.empty());
  EXPECT_EQ(report->divergences[0].differences,
            std::vector<std::string>{"reading \"keys\": recorded 5, replayed 2"});
}

TEST_F(Replay, RecordedSamplesFeedTheWindowExactly) {
  auto report = replay(slurp(path_), {.series = true});
  ASSERT_TRUE(report);
  ASSERT_EQ(report->series.sample_ms.size(), 120u);
  auto reader = SessionReader::open(path_);
  auto first = reader->next();
  EXPECT_EQ(std::get<FrameRecord>(**first).sample_ms, report->series.sample_ms[0]);
  ASSERT_EQ(report->series.levels.size(), 2u);
  EXPECT_EQ(report->series.levels[1], (std::pair<std::uint64_t, std::string>{50, "second"}));
}

TEST_F(Replay, SnapshotsAndRendersAtChosenFrames) {
  ReplayOptions o;
  o.snapshot_frames = {49, 50};
  o.render_frames = {60};
  auto report = replay(slurp(path_), o);
  ASSERT_TRUE(report);
  ASSERT_EQ(report->snapshots.size(), 2u);
  EXPECT_EQ(report->snapshots[0].panel[0], "level: first phase: none actors: 1");
  EXPECT_EQ(report->snapshots[1].panel[0], "level: second phase: none actors: 1");
  ASSERT_EQ(report->renders.count(60), 1u);
  EXPECT_EQ(report->renders[60].substr(1, 3), "PNG");
}

TEST_F(Replay, ACutShortSessionReplaysItsPrefix) {
  std::string bytes = slurp(path_);
  bytes.resize(bytes.size() - 40);  // into the last checkpoint
  auto reader = SessionReader::from_bytes(bytes, "walker.jsonl");
  ASSERT_TRUE(reader);
  Walker game;
  auto report = replay_session(*reader, game, {.verify = true});
  ASSERT_TRUE(report);
  EXPECT_EQ(report->frames, 120u);
  EXPECT_EQ(report->checkpoints, 3u);
  // The cut line, and the frames after the last whole checkpoint that go unverified.
  ASSERT_EQ(reader->warnings().size(), 2u);
  EXPECT_NE(reader->warnings()[0].find("cut short"), std::string::npos);
  EXPECT_NE(reader->warnings()[1].find("replay unverified"), std::string::npos);
}

}  // namespace
}  // namespace framecheck
