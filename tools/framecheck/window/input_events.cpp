#include "input_events.hpp"

#include "key_codes.hpp"
#include "sdl_library.hpp"

namespace framecheck::cli {
namespace {

Vec2 logical(double x, double y, const Viewport& view, double scale) {
  return {(x * scale - view.offset_x) / view.scale, (y * scale - view.offset_y) / view.scale};
}

// SDL's buttons as MouseEvent.button numbers: 0 main, 1 middle, 2 secondary, 3 back, 4 forward.
int dom_button(Uint8 sdl_button) {
  switch (sdl_button) {
    case SDL_BUTTON_LEFT:
      return 0;
    case SDL_BUTTON_MIDDLE:
      return 1;
    case SDL_BUTTON_RIGHT:
      return 2;
    case SDL_BUTTON_X1:
      return 3;
    case SDL_BUTTON_X2:
      return 4;
    default:
      return sdl_button - 1;
  }
}

}  // namespace

std::optional<InputEvent> to_input(const SDL_Event& e, const Viewport& view, double scale) {
  switch (e.type) {
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      const std::string_view code = key_code(e.key.keysym.scancode);
      if (code.empty()) return std::nullopt;
      if (e.type == SDL_KEYUP) return KeyRelease{std::string(code)};
      return KeyPress{std::string(code), e.key.repeat != 0};
    }
    case SDL_MOUSEMOTION:
      return Pointer{{PointerKind::kMove, logical(e.motion.x, e.motion.y, view, scale), 0, {}}};
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      return Pointer{{e.type == SDL_MOUSEBUTTONDOWN ? PointerKind::kDown : PointerKind::kUp,
                      logical(e.button.x, e.button.y, view, scale),
                      dom_button(e.button.button),
                      {}}};
    case SDL_MOUSEWHEEL: {
      int x = 0, y = 0;
      sdl().GetMouseState(&x, &y);
      // SDL's y grows away from the user; WheelEvent's deltaY grows as the page scrolls down.
      const double flip = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -1 : 1;
      return Pointer{{PointerKind::kWheel,
                      logical(x, y, view, scale),
                      0,
                      {flip * e.wheel.preciseX, -flip * e.wheel.preciseY}}};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace framecheck::cli
