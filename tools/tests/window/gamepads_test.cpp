// Gamepads through play: SDL's virtual joysticks (SDL_JoystickAttachVirtual) plugged in, pushed
// and pulled out while a recording runs under the offscreen driver, then the session replayed.
#include "window/gamepads.hpp"

#include <SDL2/SDL.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <framecheck/session/session_reader.hpp>
#include <map>
#include <sstream>

#include "exit_codes.hpp"
#include "play_recording.hpp"
#include "replay_command.hpp"
#include "test_folder.hpp"

namespace framecheck::cli {
namespace {

namespace fs = std::filesystem;

TEST(Gamepads, SdlsButtonsTakeTheStandardMappingsNumbers) {
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_A), 0);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_Y), 3);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_LEFTSHOULDER), 4);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_BACK), 8);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_START), 9);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_RIGHTSTICK), 11);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_DPAD_UP), 12);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT), 15);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_GUIDE), 16);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_PADDLE1), -1);
  EXPECT_EQ(standard_button(SDL_CONTROLLER_BUTTON_TOUCHPAD), -1);
}

TEST(Gamepads, SdlsAxisValuesBecomeMinusOneToOne) {
  EXPECT_EQ(standard_value(32767), 1.0);
  EXPECT_EQ(standard_value(-32767), -1.0);
  EXPECT_EQ(standard_value(-32768), -1.0) << "SDL's extra step below is still all the way";
  EXPECT_EQ(standard_value(0), 0.0);
  EXPECT_EQ(standard_value(16384), 16384.0 / 32767.0);
}

// What a session's gamepad input was, a line per event: "5 pad 0 axis 0 -1".
std::string described(const GamepadEvent& g, std::uint64_t frame) {
  const char* kinds[] = {"connected", "disconnected", "button", "axis"};
  std::ostringstream s;
  s << frame << " pad " << g.pad << " " << kinds[static_cast<int>(g.kind)];
  if (g.kind == GamepadKind::kConnected) s << " " << g.name;
  if (g.kind == GamepadKind::kButton || g.kind == GamepadKind::kAxis) {
    // The shortest text that reads back as this very double: equal text, equal value.
    char value[32];
    const auto end = std::to_chars(value, value + sizeof value, g.value).ptr;
    s << " " << g.index << " " << std::string_view(value, end - value);
  }
  return s.str();
}

class PlayGamepads : public ::testing::Test {
 protected:
  void SetUp() override {
    ::setenv("SDL_VIDEODRIVER", "offscreen", 1);
    // The offscreen window never has the keyboard's focus, which SDL otherwise asks of a
    // window before it passes joystick events on.
    ::setenv("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1", 1);
  }
  TestFolder tmp_;
  const fs::path dir_ = tmp_.path();
  std::ostringstream out_, err_;
};

TEST_F(PlayGamepads, VirtualGamepadsPluggedPushedAndPulledAreRecordedAndReplayToTheSameChecksums) {
  const fs::path session = dir_ / "pads.jsonl.zst";
  // Two gamepads, the first gone midway, a third taking its index: SDL's own virtual joysticks,
  // each with a standard controller's 6 axes and 15 buttons, which SDL maps as one.
  std::map<char, SDL_Joystick*> pad;
  const auto plug = [&](char name) {
    const int device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, 6, 15, 0);
    ASSERT_GE(device, 0) << SDL_GetError();
    pad[name] = SDL_JoystickOpen(device);
    ASSERT_NE(pad[name], nullptr) << SDL_GetError();
  };
  // Device indices move as joysticks come and go: the one that is this joystick now.
  const auto unplug = [&](char name) {
    const SDL_JoystickID id = SDL_JoystickInstanceID(pad[name]);
    SDL_JoystickClose(pad[name]);
    for (int i = 0; i < SDL_NumJoysticks(); ++i) {
      if (SDL_JoystickGetDeviceInstanceID(i) == id) {
        ASSERT_EQ(SDL_JoystickDetachVirtual(i), 0) << SDL_GetError();
      }
    }
  };
  WindowHooks hooks;
  hooks.before_frame = [&](std::uint64_t frame) {
    if (frame == 1) plug('a');
    if (frame == 5) {
      SDL_JoystickSetVirtualAxis(pad['a'], SDL_CONTROLLER_AXIS_LEFTX, -32768);
      SDL_JoystickSetVirtualButton(pad['a'], SDL_CONTROLLER_BUTTON_A, 1);
    }
    if (frame == 25) {
      SDL_JoystickSetVirtualAxis(pad['a'], SDL_CONTROLLER_AXIS_LEFTX, 0);
      SDL_JoystickSetVirtualAxis(pad['a'], SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
      SDL_JoystickSetVirtualButton(pad['a'], SDL_CONTROLLER_BUTTON_A, 0);
    }
    if (frame == 30) plug('b');
    if (frame == 35) SDL_JoystickSetVirtualAxis(pad['b'], SDL_CONTROLLER_AXIS_LEFTY, 16384);
    if (frame == 45) unplug('a');
    if (frame == 50) plug('c');
    if (frame == 55) SDL_JoystickSetVirtualButton(pad['c'], SDL_CONTROLLER_BUTTON_DPAD_LEFT, 1);
  };
  ASSERT_EQ(run_play(recording_options(session, 70), out_, err_, hooks), kExitOk) << err_.str();

  auto reader = SessionReader::open(session);
  ASSERT_TRUE(reader) << reader.error().message();
  std::vector<std::string> events;
  while (true) {
    auto next = reader->next();
    ASSERT_TRUE(next) << next.error().message();
    if (!next->has_value()) break;
    if (const auto* f = std::get_if<FrameRecord>(&**next)) {
      for (const InputEvent& e : f->inputs)
        if (const auto* g = std::get_if<Gamepad>(&e))
          events.push_back(described(g->event, f->frame));
    }
  }
  // 16384 of 32767 is 0.500015259254738, the double SDL's value maps to, kept exactly.
  const std::vector<std::string> expected = {
      "1 pad 0 connected Virtual Controller",
      "5 pad 0 axis 0 -1",
      "5 pad 0 button 0 1",
      "25 pad 0 axis 0 0",
      "25 pad 0 button 7 1",
      "25 pad 0 button 0 0",
      "30 pad 1 connected Virtual Controller",
      "35 pad 1 axis 1 0.500015259254738",
      "45 pad 0 button 7 0",
      "45 pad 0 disconnected",
      "50 pad 0 connected Virtual Controller",
      "55 pad 0 button 14 1",
  };
  // SDL reports a frame's axes before its buttons, whatever order they were set in.
  std::vector<std::string> sorted_expected = expected, sorted_events = events;
  std::sort(sorted_expected.begin(), sorted_expected.end());
  std::sort(sorted_events.begin(), sorted_events.end());
  EXPECT_EQ(sorted_events, sorted_expected) << ::testing::PrintToString(events);

  // The arena's player follows the stick: left while pushed left, then still, then down.
  const std::vector<Vec2> at = player_places(session);
  ASSERT_EQ(at.size(), 70u);
  EXPECT_EQ(at[3].x, at[0].x) << "the player moved before the stick";
  EXPECT_LT(at[23].x, at[4].x) << "the player did not move left with the stick";
  EXPECT_EQ(at[33].x, at[26].x) << "the player moved with the stick at rest";
  EXPECT_GT(at[43].y, at[35].y) << "the player did not move down with the second pad's stick";

  out_.str("");
  ReplayCommandOptions replay;
  replay.file = session.string();
  replay.verify = true;
  EXPECT_EQ(run_replay(replay, out_, err_), kExitOk) << out_.str() << err_.str();
  EXPECT_NE(out_.str().find("70 frames, 70 checkpoints, 70 frame checksums, all match"),
            std::string::npos)
      << out_.str();
}

}  // namespace
}  // namespace framecheck::cli
