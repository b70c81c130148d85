#include <gtest/gtest.h>

#include <cmath>
#include <framecheck/sim/world.hpp>

#include "world_access.hpp"

namespace framecheck {
namespace {

using namespace std::chrono_literals;

TEST(World, SpawnFindRemoveAndSweep) {
  DiagnosticRegistry reg;
  World world("l", {100, 100}, 1, reg);
  const ActorId a = world.spawn("a", {1, 2}, {3, 4});
  const ActorId b = world.spawn("b", {0, 0}, {1, 1});
  EXPECT_EQ(world.live_actor_count(), 2u);
  EXPECT_EQ(world.find(a)->tag, "a");
  world.remove(a);
  world.remove(a);  // twice is once
  EXPECT_EQ(world.live_actor_count(), 1u);
  EXPECT_NE(world.find(a), nullptr) << "the dead stay until the sweep";
  detail::WorldAccess::sweep(world);
  EXPECT_EQ(world.find(a), nullptr);
  EXPECT_EQ(world.find(b)->tag, "b");
  EXPECT_EQ(world.actors().size(), 1u);
}

TEST(World, TimersFireAtTheirTicksInOrder) {
  DiagnosticRegistry reg;
  World world("l", {1, 1}, 1, reg);
  std::vector<std::string> fired;
  world.after(30ms, [&](World&) { fired.push_back("after30"); });
  world.every(20ms, [&](World&) { fired.push_back("every20"); });
  world.after(20ms, [&](World&) { fired.push_back("after20"); });
  for (int i = 0; i < 4; ++i)
    detail::WorldAccess::advance(world, 10ms);
  EXPECT_EQ(fired, (std::vector<std::string>{"every20", "after20", "after30", "every20"}));
}

TEST(World, ARepeatingTimerCanCancelItself) {
  DiagnosticRegistry reg;
  World world("l", {1, 1}, 1, reg);
  int n = 0;
  TimerQueue::TimerId id = 0;
  id = world.every(10ms, [&](World& w) {
    if (++n == 3) w.cancel(id);
  });
  for (int i = 0; i < 10; ++i)
    detail::WorldAccess::advance(world, 10ms);
  EXPECT_EQ(n, 3);
  EXPECT_EQ(world.timer_count(), 0u);
}

TEST(World, CloseDropsTimersAndTheWorldRegistry) {
  DiagnosticRegistry reg;
  World world("l", {1, 1}, 1, reg);
  world.diagnostics().register_source("x", [] { return 1; });
  world.every(1s, [](World&) {});
  detail::WorldAccess::close(world);
  EXPECT_EQ(world.timer_count(), 0u);
  EXPECT_TRUE(reg.empty());
}

TEST(World, ChecksumFollowsEveryPartOfTheState) {
  DiagnosticRegistry r1, r2;
  World a("l", {100, 100}, 5, r1);
  World b("l", {100, 100}, 5, r2);
  a.spawn("x", {1, 2}, {3, 4});
  b.spawn("x", {1, 2}, {3, 4});
  EXPECT_EQ(a.checksum(), b.checksum());
  b.find(1)->position.x = std::nextafter(1.0, 2.0);  // one ulp
  EXPECT_NE(a.checksum(), b.checksum());
  b.find(1)->position.x = 1;
  b.rng().next_u64();
  EXPECT_NE(a.checksum(), b.checksum()) << "the random state is not covered";
  a.rng().next_u64();
  EXPECT_EQ(a.checksum(), b.checksum());
  a.set_phase("playing");
  EXPECT_NE(a.checksum(), b.checksum());
}

// FNV-1a is what sessions of format 1 and 2 hold: its value for a fixed world is pinned, so a
// change to the byte stream cannot pass unseen (those sessions would stop verifying). XXH3 is
// pinned the same way for format 3.
TEST(World, ChecksumsOfAFixedWorldArePinned) {
  DiagnosticRegistry r;
  World w("level 1", {320, 180}, 7, r);
  w.set_phase("playing");
  w.spawn("player", {150.5, 80.25}, {12, 12}, {-3, 0.5});
  const ActorId gone = w.spawn("enemy", {10, 20}, {8, 8});
  w.find(gone)->alive = false;
  w.rng().next_u64();
  detail::WorldAccess::advance(w, std::chrono::milliseconds(16));
  w.after(std::chrono::seconds(1), [](World&) {});
  EXPECT_EQ(w.checksum(WorldHash::kFnv1a), 0x3c1ee144c1ac5c78ull);
  EXPECT_EQ(w.checksum(WorldHash::kXxh3), 0x39d54de9a2c1f254ull);
  EXPECT_EQ(w.checksum(), w.checksum(WorldHash::kXxh3));
}

TEST(World, TheSameSeedGivesTheSameNumbers) {
  DiagnosticRegistry r1, r2;
  World a("l", {1, 1}, 99, r1);
  World b("l", {1, 1}, 99, r2);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(a.rng().next_u64(), b.rng().next_u64());
}

}  // namespace
}  // namespace framecheck
