#include "gamepads.hpp"

#include <algorithm>
#include <ostream>

#include "program_name.hpp"
#include "sdl_library.hpp"

namespace framecheck::cli {

int standard_button(SDL_GameControllerButton button) {
  switch (button) {
    case SDL_CONTROLLER_BUTTON_A:
      return kPadA;
    case SDL_CONTROLLER_BUTTON_B:
      return kPadB;
    case SDL_CONTROLLER_BUTTON_X:
      return kPadX;
    case SDL_CONTROLLER_BUTTON_Y:
      return kPadY;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER:
      return kPadLeftBumper;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER:
      return kPadRightBumper;
    case SDL_CONTROLLER_BUTTON_BACK:
      return kPadBack;
    case SDL_CONTROLLER_BUTTON_START:
      return kPadStart;
    case SDL_CONTROLLER_BUTTON_LEFTSTICK:
      return kPadLeftStick;
    case SDL_CONTROLLER_BUTTON_RIGHTSTICK:
      return kPadRightStick;
    case SDL_CONTROLLER_BUTTON_DPAD_UP:
      return kPadUp;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
      return kPadDown;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
      return kPadLeft;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
      return kPadRight;
    case SDL_CONTROLLER_BUTTON_GUIDE:
      return kPadHome;
    default:
      return -1;
  }
}

double standard_value(Sint16 value) {
  // 32767 is all the way on either side: -32768 is as far as -32767, not beyond -1.
  return std::max(-1.0, static_cast<double>(value) / 32767.0);
}

Gamepads::Gamepads(std::ostream& err) {
  started_ = sdl().InitSubSystem(SDL_INIT_GAMECONTROLLER) == 0;
  if (!started_) {
    err << command_name("play")
        << ": warning: no gamepads (SDL cannot start its game controllers: " << sdl().GetError()
        << ")\n";
  }
}

Gamepads::~Gamepads() {
  for (const Open& o : open_)
    sdl().GameControllerClose(o.controller);
}

const Gamepads::Open* Gamepads::find(SDL_JoystickID id) const {
  const auto it =
      std::find_if(open_.begin(), open_.end(), [&](const Open& o) { return o.id == id; });
  return it == open_.end() ? nullptr : &*it;
}

std::optional<InputEvent> Gamepads::connect(int device_index) {
  if (open_.size() >= static_cast<std::size_t>(kMaxGamepads)) return std::nullopt;
  SDL_GameController* controller = sdl().GameControllerOpen(device_index);
  if (controller == nullptr) return std::nullopt;
  const SDL_JoystickID id = sdl().JoystickInstanceID(sdl().GameControllerGetJoystick(controller));
  if (find(id) != nullptr) {  // announced twice (at start-up SDL may): opened once
    sdl().GameControllerClose(controller);
    return std::nullopt;
  }
  int pad = 0;
  while (std::any_of(open_.begin(), open_.end(), [&](const Open& o) { return o.pad == pad; }))
    ++pad;
  open_.push_back({id, controller, pad});
  const char* name = sdl().GameControllerName(controller);
  return Gamepad{{GamepadKind::kConnected, pad, 0, 0, name != nullptr ? name : ""}};
}

std::optional<InputEvent> Gamepads::disconnect(SDL_JoystickID id) {
  const Open* o = find(id);
  if (o == nullptr) return std::nullopt;
  const int pad = o->pad;
  sdl().GameControllerClose(o->controller);
  std::erase_if(open_, [&](const Open& each) { return each.id == id; });
  return Gamepad{{GamepadKind::kDisconnected, pad, 0, 0, {}}};
}

std::optional<InputEvent> Gamepads::to_input(const SDL_Event& e) {
  if (!started_) return std::nullopt;
  switch (e.type) {
    case SDL_CONTROLLERDEVICEADDED:
      return connect(e.cdevice.which);
    case SDL_CONTROLLERDEVICEREMOVED:
      return disconnect(e.cdevice.which);
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP: {
      const Open* o = find(e.cbutton.which);
      const int button = standard_button(static_cast<SDL_GameControllerButton>(e.cbutton.button));
      if (o == nullptr || button < 0) return std::nullopt;
      return Gamepad{
          {GamepadKind::kButton, o->pad, button, e.cbutton.state == SDL_PRESSED ? 1.0 : 0.0, {}}};
    }
    case SDL_CONTROLLERAXISMOTION: {
      const Open* o = find(e.caxis.which);
      if (o == nullptr) return std::nullopt;
      const double v = standard_value(e.caxis.value);
      switch (e.caxis.axis) {
        case SDL_CONTROLLER_AXIS_LEFTX:
          return Gamepad{{GamepadKind::kAxis, o->pad, kPadLeftX, v, {}}};
        case SDL_CONTROLLER_AXIS_LEFTY:
          return Gamepad{{GamepadKind::kAxis, o->pad, kPadLeftY, v, {}}};
        case SDL_CONTROLLER_AXIS_RIGHTX:
          return Gamepad{{GamepadKind::kAxis, o->pad, kPadRightX, v, {}}};
        case SDL_CONTROLLER_AXIS_RIGHTY:
          return Gamepad{{GamepadKind::kAxis, o->pad, kPadRightY, v, {}}};
        case SDL_CONTROLLER_AXIS_TRIGGERLEFT:
          return Gamepad{{GamepadKind::kButton, o->pad, kPadLeftTrigger, std::max(0.0, v), {}}};
        case SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
          return Gamepad{{GamepadKind::kButton, o->pad, kPadRightTrigger, std::max(0.0, v), {}}};
        default:
          return std::nullopt;
      }
    }
    default:
      return std::nullopt;
  }
}

}  // namespace framecheck::cli
