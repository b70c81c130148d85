#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/checks/rollback_check.hpp>
#include <framecheck/drive/driver.hpp>
#include <kite.hpp>
#include <vector>

namespace framecheck {
namespace {

// Counts frames in a member its declaration misses, and moves by the count once it passes 40.
class LateCounter final : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "one"; }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override {
    if (++count_ > 40) world.find(box_)->position.x = count_;
  }

 private:
  ActorId box_ = 0;
  int count_ = 0;
};

TEST(CheckRollback, FindsTheFirstRollbackWhoseFramesDifferAndSaysHow) {
  const auto found = check_rollback(make_game<LateCounter>, {}, 100, 4);
  ASSERT_TRUE(found);
  // The rollback after frame 4 restores frame 0 with the count at 4: the resimulated frames
  // count from 5, and none of them moves yet. Each rollback adds 4 more, until the count that
  // the resimulation sees passes 40 while the first simulation's does not.
  EXPECT_EQ(found->frame, found->restored + 4);
  EXPECT_GT(found->resimulated, found->restored);
  EXPECT_LE(found->resimulated, found->frame);
  ASSERT_GE(found->differences.size(), 2u);
  EXPECT_EQ(found->differences[0].rfind("checksum: recorded ", 0), 0u) << found->differences[0];
  EXPECT_EQ(found->differences[1].rfind("actor 1 (box) x: recorded ", 0), 0u)
      << found->differences[1];
}

// A game on no engine of framecheck's: its input, its own saved state, its own fields.
DriverOptions kite_input() {
  DriverOptions options;
  options.input.add(5, KeyPress{"ArrowRight"});
  options.input.add(60, KeyRelease{"ArrowRight"});
  options.input.add(80, Gamepad{{GamepadKind::kConnected, 0, 0, 0, "pad"}});
  options.input.add(80, Gamepad{{GamepadKind::kAxis, 0, kPadLeftX, -0.75, ""}});
  options.input.add(150, Pointer{{PointerKind::kDown, {50, 10}, 0, {}}});
  options.input.add(170, Pointer{{PointerKind::kUp, {50, 10}, 0, {}}});
  return options;
}

TEST(CheckRollback, AGameOnItsOwnEngineAgreesWithItself) {
  EXPECT_EQ(check_rollback(testing::kite_factory(), kite_input(), 240, 8), std::nullopt);
  EXPECT_EQ(check_rollback(testing::kite_factory(), kite_input(), 240, 1), std::nullopt);
}

// Another build of the same game is the same game to a rollback: each build agrees with itself.
TEST(CheckRollback, AChangedRuleIsNotARollbackFinding) {
  EXPECT_EQ(
      check_rollback(testing::kite_factory(testing::Kite::Bug::kChangedRule), kite_input(), 240, 8),
      std::nullopt);
}

// A member the declaration leaves out survives a load with its later value: the rollback check
// finds the first frame it matters at and names the first declared field it moved.
TEST(CheckRollback, FindsAMemberAGameOnItsOwnEngineDoesNotDeclare) {
  const auto found =
      check_rollback(testing::kite_factory(testing::Kite::Bug::kUndeclared), kite_input(), 240, 8);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->frame, found->restored + 8);
  ASSERT_EQ(found->differences.size(), 2u);
  EXPECT_EQ(found->differences[0].rfind("checksum: recorded ", 0), 0u) << found->differences[0];
  EXPECT_EQ(found->differences[1].rfind("game x: recorded ", 0), 0u) << found->differences[1];
}

}  // namespace
}  // namespace framecheck
