// FrameCheck on its own: records and replayed states made by hand, each frame's verdict read.
#include "frame_check.hpp"

#include <gtest/gtest.h>

namespace framecheck {
namespace {

constexpr int kFormat = kSessionFormatVersion;

GameState state_of(std::int64_t score, bool held) {
  GameState s;
  s.whole("score", score);
  s.flag("held", held);
  return s;
}

FrameRecord whole_frame(std::uint64_t n, std::int64_t score, bool held) {
  FrameRecord f;
  f.frame = n;
  f.game = std::vector<GameStateField>{{"score", score}, {"held", held}};
  return f;
}

FrameRecord changed_frame(std::uint64_t n, std::vector<GameStateField> changes) {
  FrameRecord f;
  f.frame = n;
  f.game_changes = std::move(changes);
  return f;
}

TEST(FrameCheck, AChecksumThatDiffersNamesTheFrameAndTheFirstFieldThatDoes) {
  FrameCheck check(kFormat);
  FrameRecord f = whole_frame(1, 3, false);
  ASSERT_TRUE(check.take_recorded(f));
  const GameState replayed = state_of(4, false);
  check.check(1, 0x10, 0x11, true, &replayed);
  EXPECT_EQ(check.checked_frames(), 1u);
  ASSERT_TRUE(check.first_divergence());
  EXPECT_EQ(check.first_divergence()->frame, 1u);
  EXPECT_EQ(
      check.first_divergence()->differences,
      (std::vector<std::string>{"checksum: recorded 0000000000000010, replayed 0000000000000011",
                                "game score: recorded 3, replayed 4"}));
}

TEST(FrameCheck, CarriesTheRecordedStateForwardThroughItsChanges) {
  FrameCheck check(kFormat);
  GameState replayed;
  FrameRecord f1 = whole_frame(1, 0, false);
  check.take_recorded(f1);
  replayed.clear();
  replayed.whole("score", 0);
  replayed.flag("held", false);
  check.check(1, 7, 7, true, &replayed);
  // Frame 2 states the score alone; the flag is carried from frame 1.
  FrameRecord f2 = changed_frame(2, {{"score", std::int64_t{5}}});
  EXPECT_TRUE(check.take_recorded(f2));
  replayed.clear();
  replayed.whole("score", 5);
  replayed.flag("held", false);
  check.check(2, 8, 8, true, &replayed);
  EXPECT_FALSE(check.first_divergence());
  // Frame 3 states nothing; frame 4 a flag the replay did not set: found there, by its field,
  // though the checksums agree (a claim its own checksum contradicts is still checked).
  FrameRecord f3 = changed_frame(3, {});
  EXPECT_FALSE(check.take_recorded(f3));
  check.check(3, 9, 9, false, &replayed);
  FrameRecord f4 = changed_frame(4, {{"held", true}});
  check.take_recorded(f4);
  replayed.clear();
  replayed.whole("score", 5);
  replayed.flag("held", false);
  check.check(4, 10, 10, true, &replayed);
  ASSERT_TRUE(check.first_divergence());
  EXPECT_EQ(check.first_divergence()->frame, 4u);
  EXPECT_EQ(check.first_divergence()->differences,
            (std::vector<std::string>{"game held: recorded true, replayed false"}));
  EXPECT_EQ(check.checked_frames(), 4u);
}

TEST(FrameCheck, KeepsTheFirstDivergenceAlone) {
  FrameCheck check(kFormat);
  FrameRecord f1 = whole_frame(1, 1, false);
  check.take_recorded(f1);
  const GameState a = state_of(2, false);
  check.check(1, 1, 2, true, &a);
  FrameRecord f2 = changed_frame(2, {{"score", std::int64_t{9}}});
  check.take_recorded(f2);
  const GameState b = state_of(3, true);
  check.check(2, 1, 3, true, &b);
  ASSERT_TRUE(check.first_divergence());
  EXPECT_EQ(check.first_divergence()->frame, 1u);
  EXPECT_EQ(check.checked_frames(), 2u);
}

TEST(FrameCheck, AnOlderFormatChecksTheWorldChecksumAlone) {
  FrameCheck check(3);
  FrameRecord f;
  f.frame = 1;
  EXPECT_FALSE(check.checks_state(check.take_recorded(f)));
  check.check(1, 5, 6, false, nullptr);
  ASSERT_TRUE(check.first_divergence());
  EXPECT_EQ(check.first_divergence()->differences,
            (std::vector<std::string>{
                "world checksum: recorded 0000000000000005, replayed 0000000000000006"}));
}

}  // namespace
}  // namespace framecheck
