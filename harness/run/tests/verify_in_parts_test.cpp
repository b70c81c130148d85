// A verify on several threads: the stretches between keyframes chain, and whatever is not a
// clean pass is said exactly as the one-thread verify says it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <framecheck/run/recorder.hpp>
#include <framecheck/run/verify_in_parts.hpp>
#include <fstream>
#include <kite.hpp>
#include <sstream>
#include <thread>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;
using testing::Kite;
using testing::kite_factory;

RecordOptions kite_record(std::uint64_t frames, std::int64_t keyframe_every) {
  RecordOptions r;
  r.header.game = "kite";
  r.header.run = Kite().run();
  r.header.checkpoint_every = 30;
  r.header.keyframe_every = keyframe_every;
  r.frames = frames;
  r.input.add(5, KeyPress{"ArrowRight"});
  r.input.add(90, KeyRelease{"ArrowRight"});
  r.input.add(150, Pointer{{PointerKind::kDown, {60, 10}, 0, {}}});
  r.input.add(160, Pointer{{PointerKind::kUp, {60, 10}, 0, {}}});
  return r;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void expect_same(const Divergence& a, const Divergence& b) {
  EXPECT_EQ(a.frame, b.frame);
  EXPECT_EQ(a.differences, b.differences);
}

// The report in parts is the one-thread report, field for field.
void expect_same(const ReplayReport& parts, const ReplayReport& one) {
  EXPECT_EQ(parts.started_after, one.started_after);
  EXPECT_EQ(parts.frames, one.frames);
  EXPECT_EQ(parts.checkpoints, one.checkpoints);
  EXPECT_EQ(parts.keyframes, one.keyframes);
  EXPECT_EQ(parts.checked_frames, one.checked_frames);
  ASSERT_EQ(parts.first_divergent_frame.has_value(), one.first_divergent_frame.has_value());
  if (one.first_divergent_frame)
    expect_same(*parts.first_divergent_frame, *one.first_divergent_frame);
  ASSERT_EQ(parts.divergences.size(), one.divergences.size());
  for (std::size_t i = 0; i < one.divergences.size(); ++i)
    expect_same(parts.divergences[i], one.divergences[i]);
}

class VerifyInParts : public ::testing::Test {
 protected:
  void record(std::uint64_t frames, std::int64_t keyframe_every, Kite::Bug bug = Kite::Bug::kNone) {
    ASSERT_TRUE(record_session(kite_factory(bug), kite_record(frames, keyframe_every), path_));
  }
  ReplayReport one_thread(Kite::Bug bug = Kite::Bug::kNone) {
    Result<SessionReader> reader = SessionReader::open(path_);
    EXPECT_TRUE(reader);
    Result<ReplayReport> report = replay_session(*reader, kite_factory(bug), {.verify = true});
    EXPECT_TRUE(report) << report.error().message();
    return report ? *report : ReplayReport{};
  }
  TestFolder dir_;
  fs::path path_ = dir_.path() / "kite.jsonl";
};

TEST_F(VerifyInParts, ACleanSessionVerifiesInStretchesThatAddUpToTheWhole) {
  record(240, 60);
  EXPECT_EQ(last_recorded_frame(path_), 240u);
  Result<PartsVerify> v = verify_in_stretches(path_, kite_factory(), {60, 180});
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->parts, 3u);
  EXPECT_TRUE(v->warnings.empty());
  const ReplayReport one = one_thread();
  EXPECT_EQ(one.keyframes, 4u);
  EXPECT_EQ(one.checked_frames, 240u);
  expect_same(v->report, one);
}

TEST_F(VerifyInParts, AnotherBuildIsReportedAsOneThreadReportsIt) {
  record(240, 60);
  Result<PartsVerify> v =
      verify_in_stretches(path_, kite_factory(Kite::Bug::kChangedRule), {60, 180});
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->parts, 1u) << "a divergence is verified again from frame 1";
  const ReplayReport one = one_thread(Kite::Bug::kChangedRule);
  ASSERT_TRUE(one.first_divergent_frame);
  EXPECT_EQ(one.first_divergent_frame->frame, 40u);
  expect_same(v->report, one);
}

// The keyframe a stretch starts from is held to the resimulation by the stretch before it,
// which reads on through it. The last stretch here has no keyframe after it to show that it
// started from a wrong one: only the stretch before it can find the edit, at its frame.
TEST_F(VerifyInParts, AnEditedKeyframeWhereAStretchStartsIsFound) {
  record(250, 60);
  std::string bytes = slurp(path_);
  const std::size_t keyframe = bytes.find("{\"type\":\"keyframe\",\"frame\":240,");
  ASSERT_NE(keyframe, std::string::npos);
  // A keyframe keeps the engine's part (whether the overlay shows among it); the game's is its
  // checkpoint's.
  const std::size_t overlay = bytes.find("\"overlay\":false}", keyframe);
  ASSERT_LT(overlay, bytes.find('\n', keyframe));
  bytes.replace(overlay, 16, "\"overlay\":true}");
  std::ofstream(path_, std::ios::binary) << bytes;
  const ReplayReport one = one_thread();
  ASSERT_EQ(one.divergences.size(), 1u);
  EXPECT_EQ(one.divergences.front().frame, 240u);
  Result<PartsVerify> v = verify_in_stretches(path_, kite_factory(), {60, 120, 180, 240});
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->parts, 1u);
  expect_same(v->report, one);
}

// A game whose declaration leaves out a member restores short of what it stepped: a stretch
// started from a keyframe may part from the recording where a replay from frame 1 does not.
// That is never reported as the session's divergence.
TEST_F(VerifyInParts, AStateARestoreMissesIsNeverCalledADivergence) {
  record(240, 60, Kite::Bug::kUndeclared);
  const ReplayReport one = one_thread(Kite::Bug::kUndeclared);
  EXPECT_FALSE(one.first_divergent_frame);
  EXPECT_TRUE(one.divergences.empty());
  for (const auto& starts : {std::vector<std::uint64_t>{60, 180}, std::vector<std::uint64_t>{}}) {
    Result<PartsVerify> v =
        starts.empty() ? verify_in_parts(path_, kite_factory(Kite::Bug::kUndeclared), 3)
                       : verify_in_stretches(path_, kite_factory(Kite::Bug::kUndeclared), starts);
    ASSERT_TRUE(v) << v.error().message();
    expect_same(v->report, one);
  }
}

// A keyframe the recording could not write (a state that did not restore from data there): the
// stretch that would start at it starts nowhere, and the one before it, which has no keyframe
// to stop at there, reads on to the end. The session is still covered once.
TEST_F(VerifyInParts, AMissingKeyframeWhereAStretchStartsLeavesItToTheOneBefore) {
  record(240, 60);
  std::string bytes = slurp(path_);
  const std::size_t keyframe = bytes.find("{\"type\":\"keyframe\",\"frame\":180,");
  ASSERT_NE(keyframe, std::string::npos);
  bytes.erase(keyframe, bytes.find('\n', keyframe) + 1 - keyframe);
  std::ofstream(path_, std::ios::binary) << bytes;
  const ReplayReport one = one_thread();
  EXPECT_EQ(one.keyframes, 3u);
  Result<PartsVerify> v = verify_in_stretches(path_, kite_factory(), {60, 180});
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->parts, 2u);
  expect_same(v->report, one);
}

// Where they meet is decided as the stretches run: however it falls, the stretches cover the
// session once, and the report is the one-thread verify's.
TEST_F(VerifyInParts, StretchesThatMeetWhereTheyBalanceAddUpToTheWhole) {
  record(250, 60);
  const ReplayReport one = one_thread();
  for (const unsigned jobs : {2u, 3u, 8u}) {
    for (int run = 0; run < 5; ++run) {
      Result<PartsVerify> v = verify_in_parts(path_, kite_factory(), jobs);
      ASSERT_TRUE(v) << v.error().message();
      EXPECT_GE(v->parts, 1u);
      EXPECT_LE(v->parts, 5u);  // frame 1 and the keyframes 60 to 240
      EXPECT_TRUE(v->warnings.empty());
      expect_same(v->report, one);
    }
  }
}

// A thread whose stretch is done takes over the later part of the one with the most frames
// left. Here the caller's thread makes its game late (another process on its core, say), so the
// other thread's stretch from the middle is over before the first has begun: it takes the later
// part of the first stretch, which stops where the new one starts (and may take more so).
TEST_F(VerifyInParts, AThreadWhoseStretchIsDoneTakesOverPartOfAnother) {
  record(12'000, 600);
  const ReplayReport one = one_thread();
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<bool> late{true};
  const SimulationFactory kite = kite_factory();
  const SimulationFactory make = [&](const SimulationSetup& setup) {
    if (std::this_thread::get_id() == caller && late.exchange(false))
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    return kite(setup);
  };
  Result<PartsVerify> v = verify_in_parts(path_, make, 2);
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_GE(v->parts, 3u);
  EXPECT_TRUE(v->warnings.empty());
  expect_same(v->report, one);
}

// Progress is said on the caller's thread alone (a progress bar draws there), and never falls
// back: each stretch's share only grows.
TEST_F(VerifyInParts, ProgressIsTheStretchesTogetherOnTheCallersThread) {
  record(12'000, 600);
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<double> said;
  bool elsewhere = false;
  Result<PartsVerify> v = verify_in_parts(path_, kite_factory(), 2, [&](double done) {
    elsewhere |= std::this_thread::get_id() != caller;
    said.push_back(done);
  });
  ASSERT_TRUE(v) << v.error().message();
  ASSERT_GE(v->parts, 2u);
  EXPECT_FALSE(elsewhere);
  ASSERT_FALSE(said.empty());
  EXPECT_TRUE(std::is_sorted(said.begin(), said.end()));
  EXPECT_GT(said.front(), 0.0);
  EXPECT_LE(said.back(), 1.0);
}

// A chooser's seek starts at the keyframe it takes, or nowhere.
TEST_F(VerifyInParts, AStretchStartsAtTheKeyframeItChoosesOrNotAtAll) {
  record(240, 60);
  for (const std::uint64_t want : {120u, 150u}) {
    Result<SessionReader> reader = SessionReader::open(path_);
    ASSERT_TRUE(reader);
    std::vector<std::uint64_t> offered;
    ReplayOptions o{.verify = true};
    o.choose_keyframe = [&](std::uint64_t k) {
      offered.push_back(k);
      return k < want    ? SessionReader::Choice::kPass
             : k == want ? SessionReader::Choice::kStart
                         : SessionReader::Choice::kGiveUp;
    };
    Result<ReplayReport> report = replay_session(*reader, kite_factory(), o);
    if (want == 120) {
      ASSERT_TRUE(report) << report.error().message();
      EXPECT_EQ(report->started_after, 120u);
      EXPECT_EQ(report->frames, 240u);
      EXPECT_EQ(offered, (std::vector<std::uint64_t>{60, 120}));
    } else {
      ASSERT_FALSE(report);
      EXPECT_NE(report.error().message().find("no keyframe was chosen"), std::string::npos)
          << report.error().message();
      EXPECT_EQ(offered, (std::vector<std::uint64_t>{60, 120, 180}));
    }
  }
}

// A replay told to stop at a keyframe reads it, holds it to the resimulation, and stops.
TEST_F(VerifyInParts, AStretchStopsAtTheKeyframeItIsToldTo) {
  record(240, 60);
  Result<SessionReader> reader = SessionReader::open(path_);
  ASSERT_TRUE(reader);
  ReplayOptions o{.verify = true};
  o.stop_at_keyframe = [](std::uint64_t k) { return k == 180; };
  Result<ReplayReport> report = replay_session(*reader, kite_factory(), o);
  ASSERT_TRUE(report) << report.error().message();
  EXPECT_EQ(report->frames, 180u);
  EXPECT_EQ(report->keyframes, 3u);
  EXPECT_EQ(report->checkpoints, 180u / 30u);
}

TEST_F(VerifyInParts, ASessionWithoutKeyframesVerifiesOnOneThread) {
  record(240, 0);
  Result<PartsVerify> v = verify_in_parts(path_, kite_factory(), 4);
  ASSERT_TRUE(v) << v.error().message();
  EXPECT_EQ(v->parts, 1u);
  expect_same(v->report, one_thread());
}

TEST_F(VerifyInParts, BadInputIsTheOneThreadError) {
  record(240, 60);
  std::string bytes = slurp(path_);
  const std::size_t line = bytes.find("{\"type\":\"frame\",\"frame\":200,");
  ASSERT_NE(line, std::string::npos);
  bytes.replace(line, 1, "[");
  std::ofstream(path_, std::ios::binary) << bytes;
  Result<SessionReader> reader = SessionReader::open(path_);
  ASSERT_TRUE(reader);
  Result<ReplayReport> one = replay_session(*reader, kite_factory(), {.verify = true});
  ASSERT_FALSE(one);
  Result<PartsVerify> v = verify_in_parts(path_, kite_factory(), 3);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().message(), one.error().message());
}

TEST(LastRecordedFrame, IsZeroWhereTheTailCannotSay) {
  TestFolder dir;
  EXPECT_EQ(last_recorded_frame(dir.path() / "none.jsonl"), 0u);
  EXPECT_EQ(last_recorded_frame(dir.path()), 0u);
  EXPECT_EQ(last_recorded_frame("-"), 0u);
  std::ofstream(dir.path() / "s.jsonl") << "{\"type\":\"header\"}\n";
  EXPECT_EQ(last_recorded_frame(dir.path() / "s.jsonl"), 0u);
  std::ofstream(dir.path() / "t.jsonl")
      << "{\"type\":\"header\"}\n{\"type\":\"frame\",\"frame\":7,\"dt\":1}\n";
  EXPECT_EQ(last_recorded_frame(dir.path() / "t.jsonl"), 7u);
}

}  // namespace
}  // namespace framecheck
