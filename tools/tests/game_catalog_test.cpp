#include <gtest/gtest.h>

#include <framecheck/cli/cli.hpp>
#include <framecheck/cli/game_catalog.hpp>

namespace framecheck::cli {
namespace {

class Idle final : public Game {
  void init(InitApi& api) override { api.start_level = "idle"; }
  void build_world(World&) override {}
  void tick(World&, SimTime) override {}
};

TEST(GameCatalog, TheRegisteredArenaIsThereAndIsTheDefault) {
  const CatalogEntry* arena = find_game("arena");
  ASSERT_NE(arena, nullptr);
  EXPECT_EQ(arena->version, "1.2.0");
  EXPECT_NE(arena->make(), nullptr);
  EXPECT_EQ(find_game("nope"), nullptr);
  EXPECT_EQ(find_game(""), nullptr);
  EXPECT_EQ(choose_game(""), arena);
  EXPECT_EQ(choose_game("nope"), nullptr);
  EXPECT_EQ(no_such_game("nope"), "unknown game 'nope' (framecheck games lists them)");
}

TEST(GameCatalog, WithSeveralGamesNoneIsTheDefault) {
  add_games({{"idle", "3.1.4", "does nothing", [] { return std::make_unique<Idle>(); }}});
  EXPECT_EQ(choose_game(""), nullptr);
  EXPECT_EQ(no_such_game(""),
            "--game is needed: this binary knows 2 games (framecheck games lists them)");
  ASSERT_NE(choose_game("idle"), nullptr);
  EXPECT_EQ(choose_game("idle")->id, "idle");
}

TEST(GameCatalog, AStudioBinaryAddsItsOwnGames) {
  const char* argv[] = {"studio-framecheck", "games"};
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(run_cli(2, argv,
                    {{"idle", "3.1.4", "does nothing", [] { return std::make_unique<Idle>(); }}}),
            0);
  const std::string listed = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(listed.find("arena\t"), 0u) << listed;
  EXPECT_NE(listed.find("\nidle\t3.1.4\tdoes nothing\n"), std::string::npos) << listed;
  ASSERT_NE(find_game("idle"), nullptr);
  EXPECT_NE(find_game("idle")->make(), nullptr);
}

}  // namespace
}  // namespace framecheck::cli
