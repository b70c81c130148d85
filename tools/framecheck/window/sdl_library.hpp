// sdl_library: SDL2, loaded when a window is first wanted rather than linked into framecheck.
//
// SDL2 brings some thirty libraries with it (audio, Wayland, X11 extensions, D-Bus, codecs);
// linked in, every framecheck command loads them at start-up (9.4 ms instead of 5.1 for
// `framecheck version`, medians of 21). Loaded here only by play and view, and only the
// functions they call.
#pragma once

#include <SDL2/SDL.h>

#include <string>

namespace framecheck::cli {

// The SDL2 functions the window commands call, by their names without the SDL_ prefix.
struct SdlLibrary {
  decltype(&SDL_InitSubSystem) InitSubSystem;
  decltype(&SDL_Quit) Quit;
  decltype(&SDL_GetError) GetError;
  decltype(&SDL_CreateWindow) CreateWindow;
  decltype(&SDL_DestroyWindow) DestroyWindow;
  decltype(&SDL_GetWindowSize) GetWindowSize;
  decltype(&SDL_SetWindowTitle) SetWindowTitle;
  decltype(&SDL_CreateRenderer) CreateRenderer;
  decltype(&SDL_DestroyRenderer) DestroyRenderer;
  decltype(&SDL_GetRendererInfo) GetRendererInfo;
  decltype(&SDL_GetRendererOutputSize) GetRendererOutputSize;
  decltype(&SDL_RenderClear) RenderClear;
  decltype(&SDL_RenderCopy) RenderCopy;
  decltype(&SDL_RenderPresent) RenderPresent;
  decltype(&SDL_CreateTexture) CreateTexture;
  decltype(&SDL_DestroyTexture) DestroyTexture;
  decltype(&SDL_LockTexture) LockTexture;
  decltype(&SDL_UnlockTexture) UnlockTexture;
  decltype(&SDL_PollEvent) PollEvent;
  decltype(&SDL_GetMouseState) GetMouseState;
  decltype(&SDL_GameControllerOpen) GameControllerOpen;
  decltype(&SDL_GameControllerClose) GameControllerClose;
  decltype(&SDL_GameControllerGetJoystick) GameControllerGetJoystick;
  decltype(&SDL_GameControllerName) GameControllerName;
  decltype(&SDL_JoystickInstanceID) JoystickInstanceID;
};

// Loads libSDL2-2.0.so.0 (once; later calls return the same) and every function above. On
// failure, nullptr and `problem` saying what was missing.
const SdlLibrary* load_sdl(std::string& problem);

// The loaded library, loading it if need be: for code that runs only once a window is open or
// an SDL event exists, so after load_sdl succeeded.
const SdlLibrary& sdl();

}  // namespace framecheck::cli
