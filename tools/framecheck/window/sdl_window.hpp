// GameWindow: an SDL window that shows Cairo images, one texture upload a frame.
#pragma once

#include <SDL2/SDL.h>
#include <cairo.h>

#include <framecheck/io/result.hpp>
#include <memory>
#include <string>

namespace framecheck::cli {

// Opens SDL's video once for the window's life. The window is resizable; output_size() is
// what to draw at, in pixels, and present() shows an ARGB32 image of any size, scaled to fit.
//   auto window = GameWindow::open("framecheck play - arena", 1280, 720, true);
//   if (!window) return fail(window.error());
//   (*window)->present(image);
class GameWindow {
 public:
  static Result<std::unique_ptr<GameWindow>> open(const std::string& title, int width, int height,
                                                  bool vsync);
  ~GameWindow();
  GameWindow(const GameWindow&) = delete;
  GameWindow& operator=(const GameWindow&) = delete;

  // The drawable size in pixels (it follows resizes).
  std::pair<int, int> output_size() const;
  // Uploads the image into the streaming texture (recreated when the size changes) and shows it.
  Status present(cairo_surface_t* image);
  void set_title(const std::string& title);
  // Whether presenting waits for the display (asked for, and the renderer gives it).
  bool has_vsync() const;
  SDL_Window* sdl_window() { return window_; }

 private:
  GameWindow() = default;
  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  SDL_Texture* texture_ = nullptr;
  int texture_width_ = 0;
  int texture_height_ = 0;
};

}  // namespace framecheck::cli
