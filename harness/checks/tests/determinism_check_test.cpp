// The determinism check's runs over a game on no engine of framecheck's (tests/games/kite.hpp):
// its first run recorded, each second run replayed and verified against it.
#include <gtest/gtest.h>

#include <framecheck/checks/determinism_check.hpp>
#include <kite.hpp>

#include "test_folder.hpp"

namespace framecheck {
namespace {

using testing::Kite;
using testing::kite_factory;

RecordOptions kite_run() {
  RecordOptions r;
  r.header.game = "kite";
  r.header.run = Kite().run();
  r.frames = 120;
  r.input.add(5, KeyPress{"ArrowLeft"});
  r.input.add(70, KeyRelease{"ArrowLeft"});
  return r;
}

constexpr SecondRun kRuns[] = {SecondRun::kSameProcess, SecondRun::kZeroFilled,
                               SecondRun::kHeapFalling, SecondRun::kHeapRising};

TEST(DeterminismCheck, AGameOnItsOwnEngineAgreesWithItselfInEveryRun) {
  TestFolder dir;
  const auto session = dir.path() / "first.jsonl";
  ASSERT_TRUE(record_first_run(kite_factory(), kite_run(), session));
  for (const SecondRun run : kRuns) {
    Result<std::optional<DeterminismFinding>> found =
        replay_second_run(session, kite_factory(), run);
    ASSERT_TRUE(found) << found.error().message();
    EXPECT_EQ(*found, std::nullopt) << run_name(run);
  }
}

// A member never given a value holds the first run's fill (1: true) and the zero-filled run's 0:
// that run is the first to differ, at the first frame that reads it, naming the field it moved.
TEST(DeterminismCheck, AnUninitialisedMemberOfAGameOnItsOwnEngineIsFoundWhereItIsRead) {
  TestFolder dir;
  const auto session = dir.path() / "first.jsonl";
  const SimulationFactory make = kite_factory(Kite::Bug::kUninitialised);
  ASSERT_TRUE(record_first_run(make, kite_run(), session));
  Result<std::optional<DeterminismFinding>> same =
      replay_second_run(session, make, SecondRun::kSameProcess);
  ASSERT_TRUE(same);
  EXPECT_EQ(*same, std::nullopt);
  Result<std::optional<DeterminismFinding>> zero =
      replay_second_run(session, make, SecondRun::kZeroFilled);
  ASSERT_TRUE(zero);
  ASSERT_TRUE(*zero);
  EXPECT_EQ((*zero)->frame, 31u);
  ASSERT_GE((*zero)->differences.size(), 2u);
  EXPECT_EQ((*zero)->differences[1].rfind("frame 31: game x: recorded ", 0), 0u)
      << (*zero)->differences[1];
}

}  // namespace
}  // namespace framecheck
