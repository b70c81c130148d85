// `framecheck view FILE`: a recorded session in a window, at its recorded pace or any other.
#include "view_command.hpp"

#include <SDL2/SDL.h>

#include <chrono>
#include <cmath>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/run/session_player.hpp>
#include <framecheck/sim/surface.hpp>
#include <ostream>
#include <thread>

#include "../debug_flags_option.hpp"
#include "../exit_codes.hpp"
#include "key_codes.hpp"
#include "program_name.hpp"
#include "sdl_library.hpp"
#include "sdl_window.hpp"

namespace framecheck::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::string title(const std::string& file, const SessionPlayer& player, double speed, bool paused) {
  char buf[160];
  std::snprintf(buf, sizeof buf, " - frame %llu/%llu - %.3f s - x%g%s",
                static_cast<unsigned long long>(player.frame()),
                static_cast<unsigned long long>(player.frame_count()),
                std::chrono::duration<double>(player.now()).count(), speed,
                paused ? " - paused" : "");
  return "framecheck view - " + file + buf;
}

}  // namespace

int run_view(const ViewCommandOptions& options, std::ostream& out, std::ostream& err,
             const WindowHooks& hooks) {
  const auto fail = [&](const std::string& what) {
    err << command_name("view") << ": " << what << '\n';
    return kExitBadInput;
  };
  Result<SessionReader> reader = SessionReader::open(options.file);
  if (!reader) return fail(reader.error().message());
  const CatalogEntry* entry = find_game(reader->header().game);
  if (entry == nullptr) {
    return fail(options.file + ":line 1: unknown game '" + reader->header().game + "' (" +
                program_name() + " games lists them)");
  }
  Result<LoadedSession> session = load_session(*reader);
  if (!session) return fail(session.error().message());
  for (const std::string& w : session->warnings)
    err << command_name("view") << ": warning: " << w << '\n';
  if (session->frames.empty()) return fail(options.file + ": the session has no frames to show");

  const SessionHeader& h = session->header;
  const int width = options.width > 0 ? options.width : h.run.surface_width;
  const int height = options.height > 0 ? options.height : h.run.surface_height;
  auto window = GameWindow::open("framecheck view - " + options.file, width, height, true);
  if (!window) return fail(window.error().message());

  SessionPlayer player(*session, simulation_factory(*entry),
                       debug_flags(options.debug, *entry, err, "view"));
  auto [w0, h0] = (*window)->output_size();
  Surface surface(w0, h0);
  cairo_t* cr = cairo_create(surface.cairo_surface());
  double speed = options.speed;
  bool paused = options.paused;
  const std::uint64_t second = static_cast<std::uint64_t>(h.run.fps);
  player.step();  // the first frame is on screen from the start
  // Recorded time owed to the session: frames run while it covers their dt.
  SimTime owed{0};
  Clock::time_point last = Clock::now();
  std::uint64_t pass = 0;
  std::string shown;
  for (bool open = true; open;) {
    if (hooks.before_frame) hooks.before_frame(++pass);
    for (SDL_Event e; sdl().PollEvent(&e) != 0;) {
      if (e.type == SDL_QUIT) open = false;
      if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        std::tie(w0, h0) = (*window)->output_size();
        surface.resize(w0, h0);
        cairo_destroy(cr);
        cr = cairo_create(surface.cairo_surface());
      }
      if (e.type != SDL_KEYDOWN) continue;
      const std::string_view key = key_code(e.key.keysym.scancode);
      const bool repeat = e.key.repeat != 0;
      if (key == "Space" && !repeat) {
        paused = !paused;
      } else if (key == "Period") {
        paused = true;
        player.step();
      } else if (key == "Comma") {
        paused = true;
        player.seek(player.frame() > 1 ? player.frame() - 1 : 1);
      } else if (key == "ArrowRight") {
        player.seek(player.frame() + second);
      } else if (key == "ArrowLeft") {
        player.seek(player.frame() > second ? player.frame() - second : 1);
      } else if (key == "Equal" || key == "NumpadAdd") {
        speed = std::min(speed * 2, 16.0);
      } else if (key == "Minus" || key == "NumpadSubtract") {
        speed = std::max(speed / 2, 1.0 / 16);
      } else if (key == "Backquote" && !repeat) {
        player.toggle_overlay();
      }
    }
    const Clock::time_point now = Clock::now();
    if (!paused) {
      owed += std::chrono::duration_cast<SimTime>((now - last) * speed);
      // Never more than a quarter second behind: a stall does not fast-forward afterwards.
      owed = std::min(owed, SimTime(std::chrono::milliseconds(250)));
      while (player.frame() < player.frame_count() && owed >= player.next_dt()) {
        owed -= player.next_dt();
        player.step();
      }
      if (player.frame() == player.frame_count()) paused = true;  // the end holds
    } else {
      owed = SimTime(0);
    }
    last = now;
    player.simulation().render(cr, surface.width(), surface.height());
    if (Status s = (*window)->present(surface.cairo_surface()); !s) {
      cairo_destroy(cr);
      return fail(s.error().message());
    }
    // The title changes with the frame; SDL is asked only then, not on every pass.
    if (std::string now_title = title(options.file, player, speed, paused); now_title != shown) {
      (*window)->set_title(now_title);
      shown = std::move(now_title);
    }
    // A display's vsync paces the loop; without one (or with one that does not wait) this does.
    std::this_thread::sleep_until(now + std::chrono::milliseconds(4));
  }
  cairo_destroy(cr);
  out << "viewed " << options.file << " to frame " << player.frame() << " of "
      << player.frame_count() << '\n';
  return kExitOk;
}

}  // namespace framecheck::cli
