// `framecheck play`: the game live in a window, each frame's input captured into the session.
#include "play_command.hpp"

#include <SDL2/SDL.h>

#include <chrono>
#include <framecheck/cli/game_catalog.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/run/live_run.hpp>
#include <ostream>
#include <thread>

#include "../debug_flags_option.hpp"
#include "../exit_codes.hpp"
#include "../live_header.hpp"
#include "gamepads.hpp"
#include "input_events.hpp"
#include "program_name.hpp"
#include "sdl_library.hpp"
#include "sdl_window.hpp"

namespace framecheck::cli {
namespace {

using Clock = std::chrono::steady_clock;

std::string title(const std::string& game, std::uint64_t frame, const std::string& record) {
  std::string t = "framecheck play - " + game + " - frame " + std::to_string(frame);
  if (!record.empty()) t += " - recording " + record;
  return t;
}

// Window points to image pixels: above 1 on a high-density display.
double pixel_scale(SDL_Window* window, int pixels_wide) {
  int points = 0, unused = 0;
  sdl().GetWindowSize(window, &points, &unused);
  return points > 0 ? static_cast<double>(pixels_wide) / points : 1.0;
}

}  // namespace

bool windows_available() {
  return true;
}

int run_play(const PlayCommandOptions& given, std::ostream& stdout_text, std::ostream& err,
             const WindowHooks& hooks) {
  const auto fail = [&](const std::string& what) {
    err << command_name("play") << ": " << what << '\n';
    return kExitBadInput;
  };
  const CatalogEntry* entry = choose_game(given.game);
  if (entry == nullptr) return fail(no_such_game(given.game));
  const PlayCommandOptions& options = given;
  // The game's own spec; the window is its surface unless --size says otherwise.
  RunSpec run = own_run(*entry);
  if (options.width > 0) run.surface_width = options.width;
  if (options.height > 0) run.surface_height = options.height;
  if (options.seed) run.seed = *options.seed;
  std::vector<std::filesystem::path> outputs;
  if (!options.record.empty()) outputs.emplace_back(options.record);
  if (Status s = check_outputs(outputs, {}); !s) return fail(s.error().message());
  std::ostream& out = writes_standard_output(outputs) ? err : stdout_text;

  auto window = GameWindow::open(title(entry->id, 0, options.record), run.surface_width,
                                 run.surface_height, options.vsync);
  if (!window) return fail(window.error().message());
  // Without vsync (asked off, or a display that cannot give it) an uncapped loop would spin a
  // core; the game's own frame rate stands in for the display's pace.
  const std::int64_t cap = options.fps_cap > 0                         ? options.fps_cap
                           : (options.vsync && (*window)->has_vsync()) ? 0
                                                                       : run.fps;

  // fps is the plot's time axis; the frames themselves carry their dt.
  if (cap > 0) run.fps = cap;
  const SessionHeader h = live_header(*entry, run, options.checkpoint_every);
  LiveRunOptions live;
  live.header = h;
  live.out = options.record;
  live.debug = debug_flags(options.debug, *entry, err, "play");
  auto session = LiveRun::start(simulation_factory(*entry), std::move(live));
  if (!session) return fail(session.error().message());
  LiveRun& r = **session;
  Gamepads gamepads(err);  // closed before the window, which ends SDL

  const auto [w0, h0] = (*window)->output_size();
  r.surface().resize(w0, h0);
  const SimTime max_dt = std::chrono::milliseconds(kMaxPlayDtMs);
  const SimTime nominal = FixedRate(h.run.fps).step_length(1);
  Clock::time_point last{};
  std::vector<InputEvent> inputs;
  bool open = true;
  while (open && (options.frames == 0 || r.frames() < static_cast<std::uint64_t>(options.frames))) {
    if (hooks.before_frame) hooks.before_frame(r.frames() + 1);
    inputs.clear();
    const double scale = pixel_scale((*window)->sdl_window(), r.surface().width());
    const Viewport view =
        letterbox(r.simulation().run().logical_size, r.surface().width(), r.surface().height());
    for (SDL_Event e; sdl().PollEvent(&e) != 0;) {
      if (e.type == SDL_QUIT) {
        open = false;  // the window closed, or Ctrl-C: the session ends on the frame before
      } else if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        const auto [w, hh] = (*window)->output_size();
        r.surface().resize(w, hh);
      } else if (auto in = to_input(e, view, scale)) {
        inputs.push_back(std::move(*in));
      } else if (auto pad = gamepads.to_input(e)) {
        inputs.push_back(std::move(*pad));
      }
    }
    if (!open) break;
    const Clock::time_point started = Clock::now();
    const SimTime dt =
        last == Clock::time_point{}
            ? nominal
            : std::clamp(std::chrono::duration_cast<SimTime>(started - last), SimTime(0), max_dt);
    last = started;
    // A person's frames are never thrown away: a recording that cannot go on keeps what it
    // holds, and a window that cannot show a frame ends the session there, finished.
    if (Status s = r.frame(inputs, dt); !s) return fail(r.keep(s.error()).message());
    if (Status s = (*window)->present(r.surface().cairo_surface()); !s) {
      if (Status finished = r.finish(); !finished) return fail(finished.error().message());
      std::string ended =
          s.error().message() + "; the session ends at frame " + std::to_string(r.frames());
      if (!options.record.empty()) ended += ", recorded whole to " + options.record;
      return fail(ended);
    }
    if (r.frames() % 15 == 1) (*window)->set_title(title(entry->id, r.frames(), options.record));
    if (cap > 0)
      std::this_thread::sleep_until(started + std::chrono::nanoseconds(1'000'000'000 / cap));
  }
  if (Status s = r.finish(); !s) return fail(s.error().message());
  out << "played " << r.frames() << " frames of " << entry->id;
  if (!options.record.empty()) out << "; recorded to " << options.record;
  out << '\n';
  return kExitOk;
}

}  // namespace framecheck::cli
