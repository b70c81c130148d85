// Plinko on its own loop, as a studio's game runs: an SDL2 window, SDL2's events turned into the
// game's input, the game's renderer into an RGBA buffer, framecheck's overlay drawn into that
// buffer, the buffer uploaded as a texture. framecheck is only the overlay here, and the
// frame-time window the loop feeds with what it measures. Backquote shows the overlay.
//   plinko-play [--frames N] [--overlay]   (ctest runs it so on SDL's dummy video driver)
#include <SDL.h>

#include <cstdio>
#include <cstring>
#include <framecheck/diagnostics/rgba_overlay.hpp>
#include <string>
#include <vector>

#include "plinko.hpp"

namespace {

// The frame-time sample is the loop's own: the whole of the last pass, from events to present.
class LoopTimer final : public framecheck::FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const framecheck::FrameInfo&) override { return last_ms_; }
  void loop_took(double ms) { last_ms_ = ms; }

 private:
  double last_ms_ = 0;
};

// SDL's physical keys as the browser's KeyboardEvent.code names them, for the keys Plinko uses.
const char* key_code(SDL_Scancode key) {
  switch (key) {
    case SDL_SCANCODE_LEFT:
      return "ArrowLeft";
    case SDL_SCANCODE_RIGHT:
      return "ArrowRight";
    case SDL_SCANCODE_SPACE:
      return "Space";
    case SDL_SCANCODE_GRAVE:
      return "Backquote";
    default:
      return nullptr;
  }
}

// Hands SDL's events to the game; false once the window is closed.
bool deliver_events(plinko::Plinko& game, int width, int height) {
  SDL_Event event;
  while (SDL_PollEvent(&event) != 0) {
    switch (event.type) {
      case SDL_QUIT:
        return false;
      case SDL_KEYDOWN:
      case SDL_KEYUP:
        if (const char* code = key_code(event.key.keysym.scancode)) {
          if (event.type == SDL_KEYDOWN) {
            game.key_down({code, event.key.repeat != 0});
          } else {
            game.key_up({code});
          }
        }
        break;
      case SDL_MOUSEBUTTONDOWN: {  // window pixels to the game's logical units
        const framecheck::Vec2 logical = game.run().logical_size;
        game.pointer({.kind = framecheck::PointerKind::kDown,
                      .position = {event.button.x * logical.x / width,
                                   event.button.y * logical.y / height}});
        break;
      }
      case SDL_CONTROLLERDEVICEADDED:
        SDL_GameControllerOpen(event.cdevice.which);
        break;
      case SDL_CONTROLLERAXISMOTION:
        if (event.caxis.axis == SDL_CONTROLLER_AXIS_LEFTX) {
          game.gamepad({.kind = framecheck::GamepadKind::kAxis,
                        .index = framecheck::kPadLeftX,
                        .value = event.caxis.value / 32767.0});
        }
        break;
      case SDL_CONTROLLERBUTTONDOWN:
        if (event.cbutton.button == SDL_CONTROLLER_BUTTON_A) {
          game.gamepad(
              {.kind = framecheck::GamepadKind::kButton, .index = framecheck::kPadA, .value = 1});
        }
        break;
      default:
        break;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  long frames = -1;
  bool overlay = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
      frames = std::strtol(argv[++i], nullptr, 10);
    } else if (std::strcmp(argv[i], "--overlay") == 0) {
      overlay = true;
    } else {
      std::fprintf(stderr,
                   "plinko-play: unknown option %s\nusage: plinko-play [--frames N] [--overlay]\n",
                   argv[i]);
      return 2;
    }
  }
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
    std::fprintf(stderr, "plinko-play: %s\n", SDL_GetError());
    return 1;
  }
  auto timer = std::make_shared<LoopTimer>();
  plinko::Plinko game({.frame_timer = timer});
  game.diagnostics().set_enabled(overlay);
  const int width = game.run().surface_width;
  const int height = game.run().surface_height;
  SDL_Window* window = SDL_CreateWindow("Plinko", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                        width, height, 0);
  SDL_Renderer* renderer =
      window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : nullptr;
  SDL_Texture* texture = renderer ? SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32,
                                                      SDL_TEXTUREACCESS_STREAMING, width, height)
                                  : nullptr;
  if (texture == nullptr) {
    std::fprintf(stderr, "plinko-play: %s\n", SDL_GetError());
    SDL_Quit();
    return 1;
  }
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  const framecheck::SimTime dt{1'000'000'000 / game.run().fps};
  const double ticks_per_ms = static_cast<double>(SDL_GetPerformanceFrequency()) / 1000;
  for (long frame = 0; frames < 0 || frame < frames; ++frame) {
    const Uint64 started = SDL_GetPerformanceCounter();
    if (!deliver_events(game, width, height)) break;
    game.frame(dt);
    game.render_rgba(pixels, width, height);
    framecheck::draw_overlay_rgba(game.diagnostics(), pixels, width, height);
    SDL_UpdateTexture(texture, nullptr, pixels.data(), width * 4);
    SDL_RenderCopy(renderer, texture, nullptr, nullptr);
    SDL_RenderPresent(renderer);
    timer->loop_took(static_cast<double>(SDL_GetPerformanceCounter() - started) / ticks_per_ms);
  }
  std::printf("plinko-play: %llu frames, score %lld\n",
              static_cast<unsigned long long>(game.frames()), static_cast<long long>(game.score()));
  SDL_DestroyTexture(texture);
  SDL_DestroyRenderer(renderer);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return 0;
}
