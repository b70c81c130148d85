#include "sdl_window.hpp"

#include <cstring>

#include "sdl_library.hpp"

namespace framecheck::cli {
namespace {

Error sdl_error(const std::string& what) {
  return Error{"", "", what + ": " + sdl().GetError()};
}

}  // namespace

Result<std::unique_ptr<GameWindow>> GameWindow::open(const std::string& title, int width,
                                                     int height, bool vsync) {
  std::string problem;
  if (load_sdl(problem) == nullptr) return Error{"", "", problem};
  if (sdl().InitSubSystem(SDL_INIT_VIDEO) != 0)
    return sdl_error("cannot open a window (is there a display? SDL_VIDEODRIVER picks one)");
  std::unique_ptr<GameWindow> w(new GameWindow());
  w->window_ = sdl().CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                  width, height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (w->window_ == nullptr) return sdl_error("cannot open a window");
  const Uint32 flags = vsync ? SDL_RENDERER_PRESENTVSYNC : 0;
  w->renderer_ = sdl().CreateRenderer(w->window_, -1, flags);
  if (w->renderer_ == nullptr) w->renderer_ = sdl().CreateRenderer(w->window_, -1, 0);
  if (w->renderer_ == nullptr) return sdl_error("cannot draw into the window");
  return w;
}

GameWindow::~GameWindow() {
  if (texture_) sdl().DestroyTexture(texture_);
  if (renderer_) sdl().DestroyRenderer(renderer_);
  if (window_) sdl().DestroyWindow(window_);
  sdl().Quit();  // the CLI is SDL's only user here; SDL_Quit also closes its D-Bus connection
}

std::pair<int, int> GameWindow::output_size() const {
  int w = 0, h = 0;
  if (sdl().GetRendererOutputSize(renderer_, &w, &h) != 0 || w < 1 || h < 1)
    sdl().GetWindowSize(window_, &w, &h);
  return {std::max(w, 1), std::max(h, 1)};
}

Status GameWindow::present(cairo_surface_t* image) {
  cairo_surface_flush(image);
  const int width = cairo_image_surface_get_width(image);
  const int height = cairo_image_surface_get_height(image);
  if (texture_ == nullptr || width != texture_width_ || height != texture_height_) {
    if (texture_) sdl().DestroyTexture(texture_);
    // Cairo's ARGB32 is a native-endian 32-bit word, which is SDL's ARGB8888.
    texture_ = sdl().CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                   width, height);
    if (texture_ == nullptr) return sdl_error("cannot make the window's texture");
    texture_width_ = width;
    texture_height_ = height;
  }
  void* pixels = nullptr;
  int pitch = 0;
  if (sdl().LockTexture(texture_, nullptr, &pixels, &pitch) != 0)
    return sdl_error("cannot update the window");
  const unsigned char* src = cairo_image_surface_get_data(image);
  const int stride = cairo_image_surface_get_stride(image);
  for (int y = 0; y < height; ++y) {
    std::memcpy(static_cast<unsigned char*>(pixels) + static_cast<std::ptrdiff_t>(y) * pitch,
                src + static_cast<std::ptrdiff_t>(y) * stride, static_cast<std::size_t>(width) * 4);
  }
  sdl().UnlockTexture(texture_);
  sdl().RenderClear(renderer_);
  sdl().RenderCopy(renderer_, texture_, nullptr, nullptr);
  sdl().RenderPresent(renderer_);
  return Ok{};
}

bool GameWindow::has_vsync() const {
  SDL_RendererInfo info{};
  return sdl().GetRendererInfo(renderer_, &info) == 0 &&
         (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
}

void GameWindow::set_title(const std::string& title) {
  sdl().SetWindowTitle(window_, title.c_str());
}

}  // namespace framecheck::cli
