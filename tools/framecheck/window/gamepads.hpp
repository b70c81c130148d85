// Gamepads: SDL2's game controllers as the W3C Gamepad API's standard gamepads, for play. Each
// is opened when SDL says it arrived (those already plugged in arrive at once), given the lowest
// free index as navigator.getGamepads() gives it, and closed when it leaves.
#pragma once

#include <SDL2/SDL_events.h>
#include <SDL2/SDL_gamecontroller.h>

#include <framecheck/drive/input_script.hpp>
#include <iosfwd>
#include <optional>
#include <vector>

namespace framecheck::cli {

// An SDL controller button as a standard-mapping button number, or -1 for one it has none for
// (the paddles, the touchpad, the share button).
int standard_button(SDL_GameControllerButton button);
// An SDL axis value (-32768 to 32767; a trigger 0 to 32767) as the standard mapping's -1 to 1.
double standard_value(Sint16 value);

class Gamepads {
 public:
  // Starts SDL's game controller subsystem; without it (no joystick support) play goes on with
  // keys and pointer alone, and says so on `err`.
  explicit Gamepads(std::ostream& err);
  ~Gamepads();
  Gamepads(const Gamepads&) = delete;
  Gamepads& operator=(const Gamepads&) = delete;

  // The input an SDL controller event is (a gamepad connected or gone, a button, an axis; the
  // triggers are buttons 6 and 7), or nullopt for any other event and for one of a controller
  // that could not be opened or is past the kMaxGamepads-th.
  std::optional<InputEvent> to_input(const SDL_Event& event);
  // How many are connected now.
  std::size_t connected() const { return open_.size(); }

 private:
  struct Open {
    SDL_JoystickID id;
    SDL_GameController* controller;
    int pad;
  };
  const Open* find(SDL_JoystickID id) const;
  std::optional<InputEvent> connect(int device_index);
  std::optional<InputEvent> disconnect(SDL_JoystickID id);

  bool started_ = false;
  std::vector<Open> open_;
};

}  // namespace framecheck::cli
