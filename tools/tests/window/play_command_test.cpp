#include "window/play_command.hpp"

#include <SDL2/SDL.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/session/session_reader.hpp>
#include <fstream>
#include <sstream>

#include "exit_codes.hpp"
#include "play_recording.hpp"
#include "replay_command.hpp"
#include "test_folder.hpp"
#include "window/view_command.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

// SDL's offscreen driver: a real SDL window and event queue with no display.
class PlayCommand : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("SDL_VIDEODRIVER", "offscreen", 1); }

  static void push_key(Uint32 type, SDL_Scancode s, bool repeat = false) {
    SDL_Event e{};
    e.type = type;
    e.key.keysym.scancode = s;
    e.key.repeat = repeat ? 1 : 0;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    SDL_PushEvent(&e);
  }
  static void push_pointer(Uint32 type, int x, int y, Uint8 button = 0) {
    SDL_Event e{};
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
      e.motion.x = x;
      e.motion.y = y;
    } else {
      e.button.x = x;
      e.button.y = y;
      e.button.button = button;
    }
    SDL_PushEvent(&e);
  }
  static void push_quit() {
    SDL_Event e{};
    e.type = SDL_QUIT;
    SDL_PushEvent(&e);
  }
  static std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  TestFolder tmp_;
  const fs::path dir_ = tmp_.path();
  std::ostringstream out_, err_;
};

TEST_F(PlayCommand, SyntheticInputIsRecordedFrameByFrameAndTheSessionVerifies) {
  const fs::path session = dir_ / "s.jsonl";
  WindowHooks hooks;
  hooks.before_frame = [](std::uint64_t frame) {
    if (frame == 10) push_key(SDL_KEYDOWN, SDL_SCANCODE_RIGHT);
    if (frame == 11) push_key(SDL_KEYDOWN, SDL_SCANCODE_RIGHT, true);
    if (frame == 40) push_key(SDL_KEYUP, SDL_SCANCODE_RIGHT);
    if (frame == 45) {
      push_key(SDL_KEYDOWN, SDL_SCANCODE_GRAVE);
      push_key(SDL_KEYUP, SDL_SCANCODE_GRAVE);
    }
    if (frame == 50) push_pointer(SDL_MOUSEMOTION, 320, 180);
    if (frame == 51) push_pointer(SDL_MOUSEBUTTONDOWN, 320, 180, SDL_BUTTON_LEFT);
    if (frame == 52) push_pointer(SDL_MOUSEBUTTONUP, 320, 180, SDL_BUTTON_LEFT);
    if (frame == 90) push_quit();
  };
  PlayCommandOptions o;
  o.width = 640;
  o.height = 360;
  o.record = session.string();
  o.vsync = false;
  o.fps_cap = 240;  // quick, and still paced
  ASSERT_EQ(run_play(o, out_, err_, hooks), kExitOk) << err_.str();
  EXPECT_EQ(out_.str(), "played 89 frames of arena; recorded to " + session.string() + "\n");

  // Each input is in the frame it was applied before, in order.
  const std::string text = slurp(session);
  const auto frame_line = [&](int n) {
    const auto at = text.find("{\"type\":\"frame\",\"frame\":" + std::to_string(n) + ",");
    return text.substr(at, text.find('\n', at) - at);
  };
  EXPECT_NE(frame_line(10).find("\"inputs\":[{\"key\":\"ArrowRight\"}]"), std::string::npos);
  EXPECT_NE(frame_line(11).find("{\"key\":\"ArrowRight\",\"repeat\":true}"), std::string::npos);
  EXPECT_NE(frame_line(40).find("{\"keyup\":\"ArrowRight\"}"), std::string::npos);
  EXPECT_NE(frame_line(45).find("[{\"key\":\"Backquote\"},{\"keyup\":\"Backquote\"}]"),
            std::string::npos);
  // The window's centre is the game's: 640x360 shows 320x180 at twice the size.
  EXPECT_NE(frame_line(50).find("{\"pointer\":\"move\",\"x\":160.0,\"y\":90.0}"), std::string::npos)
      << frame_line(50);
  EXPECT_NE(frame_line(51).find("{\"pointer\":\"down\",\"x\":160.0,\"y\":90.0,\"button\":0}"),
            std::string::npos);
  EXPECT_EQ(text.find("\"frame\":90,"), std::string::npos) << "the closed window ran a frame";

  out_.str("");
  ReplayCommandOptions replay;
  replay.file = session.string();
  replay.verify = true;
  EXPECT_EQ(run_replay(replay, out_, err_), kExitOk) << out_.str() << err_.str();
  EXPECT_NE(out_.str().find("89 frames, 1 checkpoints, 89 frame checksums, all match"),
            std::string::npos)
      << out_.str();
}

TEST_F(PlayCommand, TheArenaMovesWhileTheArrowIsHeldAndStopsOnRelease) {
  const fs::path session = dir_ / "held.jsonl";
  WindowHooks hooks;
  hooks.before_frame = [](std::uint64_t frame) {
    if (frame == 5) push_key(SDL_KEYDOWN, SDL_SCANCODE_LEFT);
    if (frame == 25) push_key(SDL_KEYUP, SDL_SCANCODE_LEFT);
  };
  ASSERT_EQ(run_play(recording_options(session, 60), out_, err_, hooks), kExitOk) << err_.str();
  const std::vector<Vec2> at = player_places(session);
  ASSERT_EQ(at.size(), 60u);
  EXPECT_EQ(at[3].x, at[0].x) << "the player moved before a key";  // warmup: no enemies, at rest
  EXPECT_LT(at[23].x, at[4].x) << "the player did not move left while the arrow was held";
  EXPECT_EQ(at[59].x, at[25].x) << "the player kept moving after the arrow was released";
}

TEST_F(PlayCommand, AnUnknownGameOrABadOutputIsExitTwo) {
  PlayCommandOptions o;
  o.game = "nope";
  EXPECT_EQ(run_play(o, out_, err_), kExitBadInput);
  EXPECT_NE(err_.str().find("unknown game 'nope'"), std::string::npos);
  o.game = "arena";
  o.record = (dir_ / "missing" / "s.jsonl").string();
  o.frames = 1;
  EXPECT_EQ(run_play(o, out_, err_), kExitBadInput);
}

}  // namespace
}  // namespace framecheck::cli
