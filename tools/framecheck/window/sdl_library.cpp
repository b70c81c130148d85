#include "sdl_library.hpp"

#include <dlfcn.h>

namespace framecheck::cli {
namespace {

SdlLibrary loaded{};

// Each member, named and filled from the library; false naming the first one missing.
template <typename F>
bool resolve(void* library, const char* name, F& out, std::string& problem) {
  out = reinterpret_cast<F>(dlsym(library, name));
  if (out == nullptr) problem = std::string("libSDL2-2.0.so.0 has no ") + name;
  return out != nullptr;
}

bool load(std::string& problem) {
  void* library = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = dlerror();
    problem = std::string("cannot load SDL2 (Debian's libsdl2-2.0-0): ") +
              (why != nullptr ? why : "libSDL2-2.0.so.0 not found");
    return false;
  }
  SdlLibrary& s = loaded;
  return resolve(library, "SDL_InitSubSystem", s.InitSubSystem, problem) &&
         resolve(library, "SDL_Quit", s.Quit, problem) &&
         resolve(library, "SDL_GetError", s.GetError, problem) &&
         resolve(library, "SDL_CreateWindow", s.CreateWindow, problem) &&
         resolve(library, "SDL_DestroyWindow", s.DestroyWindow, problem) &&
         resolve(library, "SDL_GetWindowSize", s.GetWindowSize, problem) &&
         resolve(library, "SDL_SetWindowTitle", s.SetWindowTitle, problem) &&
         resolve(library, "SDL_CreateRenderer", s.CreateRenderer, problem) &&
         resolve(library, "SDL_DestroyRenderer", s.DestroyRenderer, problem) &&
         resolve(library, "SDL_GetRendererInfo", s.GetRendererInfo, problem) &&
         resolve(library, "SDL_GetRendererOutputSize", s.GetRendererOutputSize, problem) &&
         resolve(library, "SDL_RenderClear", s.RenderClear, problem) &&
         resolve(library, "SDL_RenderCopy", s.RenderCopy, problem) &&
         resolve(library, "SDL_RenderPresent", s.RenderPresent, problem) &&
         resolve(library, "SDL_CreateTexture", s.CreateTexture, problem) &&
         resolve(library, "SDL_DestroyTexture", s.DestroyTexture, problem) &&
         resolve(library, "SDL_LockTexture", s.LockTexture, problem) &&
         resolve(library, "SDL_UnlockTexture", s.UnlockTexture, problem) &&
         resolve(library, "SDL_PollEvent", s.PollEvent, problem) &&
         resolve(library, "SDL_GetMouseState", s.GetMouseState, problem) &&
         resolve(library, "SDL_GameControllerOpen", s.GameControllerOpen, problem) &&
         resolve(library, "SDL_GameControllerClose", s.GameControllerClose, problem) &&
         resolve(library, "SDL_GameControllerGetJoystick", s.GameControllerGetJoystick, problem) &&
         resolve(library, "SDL_GameControllerName", s.GameControllerName, problem) &&
         resolve(library, "SDL_JoystickInstanceID", s.JoystickInstanceID, problem);
}

}  // namespace

const SdlLibrary* load_sdl(std::string& problem) {
  static std::string failure;
  static const bool ok = load(failure);  // once: the library stays loaded for the process
  problem = failure;
  return ok ? &loaded : nullptr;
}

const SdlLibrary& sdl() {
  std::string unused;
  load_sdl(unused);  // loaded already wherever a window or an SDL event exists
  return loaded;
}

}  // namespace framecheck::cli
