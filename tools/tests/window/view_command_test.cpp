#include "window/view_command.hpp"

#include <SDL2/SDL.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/run/recorder.hpp>
#include <sstream>

#include "exit_codes.hpp"
#include "test_folder.hpp"
#include "window/play_command.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

class ViewCommand : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("SDL_VIDEODRIVER", "offscreen", 1); }

  void record(std::uint64_t frames) {
    RecordOptions o;
    o.header.game = "arena";
    o.header.game_version = "1.1.0";
    o.header.run.surface_width = 320;
    o.header.run.surface_height = 180;
    o.frames = frames;
    const auto game = find_arena();
    ASSERT_TRUE(record_session(*game, o, session_));
  }
  static std::unique_ptr<Game> find_arena() { return find_game("arena")->make(); }

  static void push_key(SDL_Scancode s) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.keysym.scancode = s;
    SDL_PushEvent(&e);
  }
  static void push_quit() {
    SDL_Event e{};
    e.type = SDL_QUIT;
    SDL_PushEvent(&e);
  }

  TestFolder tmp_;
  const fs::path session_ = tmp_ / "view.jsonl";
  std::ostringstream out_, err_;
};

TEST_F(ViewCommand, StepsSeeksAndEndsWhereTheKeysLeftIt) {
  record(600);
  WindowHooks hooks;
  // Paused from the start; each pass reads the keys pushed before it.
  hooks.before_frame = [](std::uint64_t pass) {
    if (pass == 2) push_key(SDL_SCANCODE_PERIOD);  // frame 2
    if (pass == 3) push_key(SDL_SCANCODE_PERIOD);  // frame 3
    if (pass == 4) push_key(SDL_SCANCODE_RIGHT);   // a second on: 63
    if (pass == 5) push_key(SDL_SCANCODE_RIGHT);   // 123
    if (pass == 6) push_key(SDL_SCANCODE_LEFT);    // back a second: 63, replayed from the start
    if (pass == 7) push_key(SDL_SCANCODE_COMMA);   // 62
    if (pass == 8) push_key(SDL_SCANCODE_GRAVE);   // the overlay, shown
    if (pass == 9) push_quit();
  };
  ViewCommandOptions o;
  o.file = session_.string();
  o.paused = true;
  ASSERT_EQ(run_view(o, out_, err_, hooks), kExitOk) << err_.str();
  EXPECT_EQ(out_.str(), "viewed " + session_.string() + " to frame 62 of 600\n");
}

TEST_F(ViewCommand, PlaysAtItsPaceAndHoldsAtTheEnd) {
  record(30);  // half a second
  WindowHooks hooks;
  const auto start = std::chrono::steady_clock::now();
  hooks.before_frame = [&](std::uint64_t pass) {
    if (pass == 1) push_key(SDL_SCANCODE_EQUALS);  // x2
    if (pass == 2) push_key(SDL_SCANCODE_EQUALS);  // x4
    // At x4 the half second plays in an eighth; a whole second is well past its end.
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(1)) push_quit();
  };
  ViewCommandOptions o;
  o.file = session_.string();
  ASSERT_EQ(run_view(o, out_, err_, hooks), kExitOk) << err_.str();
  EXPECT_EQ(out_.str(), "viewed " + session_.string() + " to frame 30 of 30\n");
}

TEST_F(ViewCommand, ABadSessionIsExitTwoNamingTheFile) {
  ViewCommandOptions o;
  o.file = (tmp_ / "framecheck-view-none.jsonl").string();
  EXPECT_EQ(run_view(o, out_, err_), kExitBadInput);
  EXPECT_NE(err_.str().find("framecheck-view-none.jsonl"), std::string::npos) << err_.str();
}

}  // namespace
}  // namespace framecheck::cli
