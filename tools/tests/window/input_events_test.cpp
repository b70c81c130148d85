#include "window/input_events.hpp"

#include <gtest/gtest.h>

namespace framecheck::cli {
namespace {

// A 320x180 game letterboxed into 1000x600: scale 3.125, bars of 18.75 above and below.
const Viewport kView{3.125, 0, 18.75};

SDL_Event key(Uint32 type, SDL_Scancode s, bool repeat = false) {
  SDL_Event e{};
  e.type = type;
  e.key.keysym.scancode = s;
  e.key.repeat = repeat ? 1 : 0;
  return e;
}

TEST(InputEvents, KeysBecomeDownsWithRepeatAndUps) {
  EXPECT_EQ(std::get<KeyPress>(*to_input(key(SDL_KEYDOWN, SDL_SCANCODE_D), kView, 1)),
            (KeyPress{"KeyD", false}));
  EXPECT_EQ(std::get<KeyPress>(*to_input(key(SDL_KEYDOWN, SDL_SCANCODE_D, true), kView, 1)),
            (KeyPress{"KeyD", true}));
  EXPECT_EQ(std::get<KeyRelease>(*to_input(key(SDL_KEYUP, SDL_SCANCODE_GRAVE), kView, 1)),
            KeyRelease{"Backquote"});
  EXPECT_FALSE(to_input(key(SDL_KEYDOWN, SDL_SCANCODE_UNKNOWN), kView, 1).has_value());
}

TEST(InputEvents, PointerPositionsAreInTheGamesCoordinates) {
  SDL_Event e{};
  e.type = SDL_MOUSEMOTION;
  e.motion.x = 500;
  e.motion.y = 300;
  EXPECT_EQ(std::get<Pointer>(*to_input(e, kView, 1)).event,
            (PointerEvent{PointerKind::kMove, {160, 90}, 0, {}}));
  // On a display with two pixels a point, the window's point 250,150 is the same pixel.
  e.motion.x = 250;
  e.motion.y = 150;
  EXPECT_EQ(std::get<Pointer>(*to_input(e, kView, 2)).event.position, (Vec2{160, 90}));
}

TEST(InputEvents, ButtonsAreNumberedAsMouseEventButtonIs) {
  SDL_Event e{};
  e.type = SDL_MOUSEBUTTONDOWN;
  e.button.x = 0;
  e.button.y = 0;
  const std::pair<Uint8, int> buttons[] = {{SDL_BUTTON_LEFT, 0},
                                           {SDL_BUTTON_MIDDLE, 1},
                                           {SDL_BUTTON_RIGHT, 2},
                                           {SDL_BUTTON_X1, 3},
                                           {SDL_BUTTON_X2, 4}};
  for (const auto& [sdl, dom] : buttons) {
    e.button.button = sdl;
    const PointerEvent p = std::get<Pointer>(*to_input(e, kView, 1)).event;
    EXPECT_EQ(p.kind, PointerKind::kDown);
    EXPECT_EQ(p.button, dom);
    EXPECT_EQ(p.position, (Vec2{0, -6})) << "the letterbox is outside the game";
  }
  e.type = SDL_MOUSEBUTTONUP;
  EXPECT_EQ(std::get<Pointer>(*to_input(e, kView, 1)).event.kind, PointerKind::kUp);
}

TEST(InputEvents, TheWheelScrollsAsWheelEventDeltasDo) {
  SDL_Event e{};
  e.type = SDL_MOUSEWHEEL;
  e.wheel.preciseX = 0;
  e.wheel.preciseY = 1;  // away from the user: the page scrolls up
  e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
  EXPECT_EQ(std::get<Pointer>(*to_input(e, kView, 1)).event.wheel, (Vec2{0, -1}));
  e.wheel.direction = SDL_MOUSEWHEEL_FLIPPED;
  EXPECT_EQ(std::get<Pointer>(*to_input(e, kView, 1)).event.wheel, (Vec2{-0.0, 1}));
}

TEST(InputEvents, WindowEventsAreNotInput) {
  SDL_Event e{};
  e.type = SDL_WINDOWEVENT;
  EXPECT_FALSE(to_input(e, kView, 1).has_value());
}

}  // namespace
}  // namespace framecheck::cli
