#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <framecheck/diagnostics/detail/cairo_saved_state.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/sim/world_state.hpp>
#include <stdexcept>
#include <string_view>

#include "debug_panel.hpp"
#include "seconds_debug_source.hpp"

namespace framecheck {
namespace {

// The scene's colours. Actors are coloured by tag through a fixed hash, so a tag keeps its
// colour on every machine and in every run.
constexpr Rgba kLetterbox{0.0, 0.0, 0.0, 1.0};
constexpr Rgba kFloor{0.118, 0.129, 0.153, 1.0};
constexpr Rgba kGrid{1.0, 1.0, 1.0, 0.04};
constexpr double kGridStep = 20;  // logical units
constexpr Rgba kActorPalette[] = {
    {0.376, 0.647, 0.980, 1.0}, {0.961, 0.620, 0.043, 1.0}, {0.063, 0.725, 0.506, 1.0},
    {0.937, 0.267, 0.267, 1.0}, {0.545, 0.361, 0.965, 1.0}, {0.925, 0.282, 0.600, 1.0},
    {0.078, 0.722, 0.651, 1.0}, {0.918, 0.702, 0.031, 1.0},
};

std::uint32_t fnv1a(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : s)
    h = (h ^ c) * 16777619u;
  return h;
}

void fill(cairo_t* cr, const Rgba& c) {
  cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a);
}

}  // namespace

EngineOptions engine_options(const SimulationSetup& setup) {
  return {.surface = setup.surface,
          .run = setup.run,
          .frame_timer = setup.frame_timer,
          .debug = setup.debug,
          .log = setup.log};
}

SimulationFactory simulation_of(GameFactory make) {
  return [make = std::move(make)](const SimulationSetup& setup) -> std::unique_ptr<Simulation> {
    return std::make_unique<Engine>(make(), engine_options(setup));
  };
}

Engine& engine_of(Simulation& simulation) {
  auto* engine = dynamic_cast<Engine*>(&simulation);
  if (engine == nullptr)
    throw std::logic_error("this simulation is not framecheck's engine: it runs on its own");
  return *engine;
}

SimulationFactory simulation_of(Game& game) {
  return [&game](const SimulationSetup& setup) -> std::unique_ptr<Simulation> {
    return std::make_unique<Engine>(game, engine_options(setup));
  };
}

Engine::Engine(std::unique_ptr<Game> game, EngineOptions options)
    : Engine(*game, std::move(options)) {
  owned_game_ = std::move(game);
}

Engine::Engine(Game& game, EngineOptions options)
    : game_(game),
      options_(std::move(options)),
      run_(edited(game.run_spec(), options_.run)),
      debug_(options_.debug),
      seconds_(1000.0 / static_cast<double>(run_.tick_rate)),
      debug_panel_(std::make_unique<DebugPanel>()),
      tick_rate_(run_.tick_rate) {
  if (!options_.frame_timer) options_.frame_timer = std::make_shared<WallClockTimer>();
  if (options_.surface) surface_cr_ = cairo_create(options_.surface->cairo_surface());
  diagnostics_.set_world_line_source([this] {
    return world_ ? WorldLine{world_->level(), world_->phase(), world_->live_actor_count()}
                  : WorldLine{};
  });
  EventTarget& input = key_target();
  listeners_ = {input.add_keydown_listener([this](const KeyEvent& e) { on_keydown(e); }),
                input.add_keyup_listener([this](const KeyEvent& e) { on_keyup(e); }),
                input.add_pointer_listener([this](const PointerEvent& e) { game_.on_pointer(e); }),
                input.add_gamepad_listener([this](const GamepadEvent& e) { game_.on_gamepad(e); })};
  frame_debug_ = debug_.add(std::make_shared<SecondsDebugSource>(seconds_));
  InitApi api{diagnostics_.instance_registry(), {}, debug_};
  game_.init(api);
  if (!api.start_level.empty()) travel(api.start_level);
}

Engine::~Engine() {
  for (const EventTarget::ListenerId id : listeners_)
    key_target().remove_listener(id);
  if (world_) world_->close();
  if (surface_cr_) cairo_destroy(surface_cr_);
}

void Engine::on_keydown(const KeyEvent& event) {
  // The toggle is engine chrome: the game never sees the backquote key, held or pressed.
  if (event.code == "Backquote") {
    if (!event.repeat) diagnostics_.toggle();
    return;
  }
  game_.on_key(event);
}

void Engine::on_keyup(const KeyEvent& event) {
  if (event.code != "Backquote") game_.on_key_up(event);
}

void Engine::travel(const std::string& level) {
  close_world();
  ++counters_.worlds_opened;
  open_world(level);
}

void Engine::close_world() {
  if (!world_) return;
  game_.on_world_closing(*world_);
  world_->close();
  world_.reset();
}

void Engine::open_world(const std::string& level) {
  const std::uint64_t seed = mix_seed(run_.seed ^ mix_seed(counters_.worlds_opened));
  world_ = std::make_unique<World>(level, run_.logical_size, seed, diagnostics_.world_registry());
  game_.build_world(*world_);
  level_timer_ids_ = world_->s_.timers_.next_id();
}

bool Engine::restorable_from_data() const {
  if (!world_) return true;
  const auto pending = world_->s_.timers_.pending();
  return std::all_of(pending.begin(), pending.end(),
                     [&](const TimerQueue::Pending& p) { return p.id < level_timer_ids_; });
}

void Engine::frame(SimTime dt) {
  assert(dt >= SimTime(0) && "simulated time never runs backwards");
  options_.frame_timer->frame_started();
  counters_.now += dt;

  stage(FrameStage::kTicks);
  // Tick n covers step n + dropped of the tick clock, so dropped time is skipped, not squeezed.
  const std::int64_t due =
      tick_rate_.steps_by(counters_.now) - static_cast<std::int64_t>(counters_.ticks_dropped);
  const std::int64_t behind = due - static_cast<std::int64_t>(counters_.ticks);
  if (behind > kMaxTicksPerFrame)
    counters_.ticks_dropped += static_cast<std::uint64_t>(behind - kMaxTicksPerFrame);
  for (std::int64_t i = 0; i < std::min(behind, kMaxTicksPerFrame); ++i) {
    ++counters_.ticks;
    run_tick(tick_rate_.step_length(
        static_cast<std::int64_t>(counters_.ticks + counters_.ticks_dropped)));
  }

  stage(FrameStage::kCollision);
  collide();

  stage(FrameStage::kRender);
  Surface* surface = options_.surface;
  if (surface && cairo_get_target(surface_cr_) != surface->cairo_surface()) {
    // The surface was resized: its image is new, so is the context that draws on it.
    cairo_destroy(surface_cr_);
    surface_cr_ = cairo_create(surface->cairo_surface());
  }
  if (surface) draw_scene(surface_cr_, surface->width(), surface->height());
  stage(FrameStage::kOverlay);
  if (surface) {
    draw_overlay(surface_cr_, surface->width(), surface->height());
    cairo_surface_flush(surface->cairo_surface());
  }

  ++counters_.frames;
  const double sample =
      options_.frame_timer->frame_finished({counters_.frames, counters_.now, world_.get()});
  diagnostics_.window().add(counters_.now, sample);
  seconds_.add_frame(counters_.now, sample);
  if (options_.log) {
    const std::int64_t second = counters_.now.count() / 1'000'000'000;
    if (second > logged_second_) {
      logged_second_ = second;
      options_.log(panel_block());
    }
  }
}

void Engine::run_tick(SimTime dt) {
  if (!world_) return;
  options_.frame_timer->tick_started();
  world_->advance(dt);
  game_.tick(*world_, dt);
  if (const auto body = options_.frame_timer->tick_finished()) {
    seconds_.add_tick(
        tick_rate_.end_of(static_cast<std::int64_t>(counters_.ticks + counters_.ticks_dropped)),
        *body);
  }
  world_->sweep();
  if (auto level = world_->take_travel()) travel(*level);
}

void Engine::collide() {
  if (!world_) return;
  // Indices, not references: a collision callback may spawn, which can move the actors.
  const std::size_t n = world_->actors().size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      Actor& a = world_->actors()[i];
      Actor& b = world_->actors()[j];
      if (a.alive && b.alive && a.box().overlaps(b.box())) game_.on_collision(*world_, a, b);
    }
  }
  world_->sweep();
  if (auto level = world_->take_travel()) travel(*level);
}

std::string Engine::panel_block() {
  std::string block = "[";
  append_number(block, std::chrono::duration<double>(counters_.now).count());
  block += " s, frame ";
  append_number(block, static_cast<double>(counters_.frames));
  block += "]\n";
  for (const std::string& line : diagnostics_.panel_lines()) {
    block += line;
    block += '\n';
  }
  if (!debug_.empty()) {
    debug_.collect();
    for (const DebugRegistry::Section& section : debug_.sections()) {
      block += section.title;
      block += '\n';
      for (std::size_t i = 0; i < section.rows.size(); ++i) {
        block += "  ";
        block += section.rows[i].label;
        block += ": ";
        append_value(block, section.rows[i].value);
        block += section.rows[i].warn ? " (!)\n" : "\n";
      }
    }
  }
  return block;
}

Viewport Engine::viewport(int width, int height) const {
  return letterbox(run_.logical_size, width, height);
}

Viewport letterbox(Vec2 logical, int width, int height) {
  Viewport v;
  v.scale = std::min(width / logical.x, height / logical.y);
  v.offset_x = (width - logical.x * v.scale) / 2;
  v.offset_y = (height - logical.y * v.scale) / 2;
  return v;
}

void Engine::render(cairo_t* cr, int width, int height) {
  draw_scene(cr, width, height);
  draw_overlay(cr, width, height);
}

void Engine::draw_scene(cairo_t* cr, int width, int height) {
  {
    const CairoSavedState saved(cr);
    fill(cr, kLetterbox);
    cairo_paint(cr);
    const Viewport v = viewport(width, height);
    cairo_translate(cr, v.offset_x, v.offset_y);
    cairo_scale(cr, v.scale, v.scale);
    const Vec2 logical = run_.logical_size;
    cairo_rectangle(cr, 0, 0, logical.x, logical.y);
    cairo_clip(cr);
    fill(cr, kFloor);
    cairo_paint(cr);

    fill(cr, kGrid);
    cairo_set_line_width(cr, 1 / v.scale);
    // A line every kGridStep units, or every so many of them that lines stand at least a device
    // pixel apart: the grid costs the surface's pixels, never the logical size (a session may say
    // a million units, and would otherwise draw a hundred thousand lines a frame).
    const double step = kGridStep * std::max(1.0, std::ceil(1 / (kGridStep * v.scale)));
    for (double x = step; x < logical.x; x += step) {
      cairo_move_to(cr, x, 0);
      cairo_line_to(cr, x, logical.y);
    }
    for (double y = step; y < logical.y; y += step) {
      cairo_move_to(cr, 0, y);
      cairo_line_to(cr, logical.x, y);
    }
    cairo_stroke(cr);

    if (world_) {
      for (const Actor& a : world_->actors()) {
        if (!a.alive) continue;
        fill(cr, game_.actor_colour(a).value_or(
                     kActorPalette[fnv1a(a.tag) % std::size(kActorPalette)]));
        cairo_rectangle(cr, a.position.x, a.position.y, a.size.x, a.size.y);
        cairo_fill(cr);
      }
      game_.render(*world_, cr);
    }
  }
  if (!debug_.empty()) draw_debug_lines(cr, width, height);
}

void Engine::draw_debug_lines(cairo_t* cr, int width, int height) {
  // Over the finished scene, never hidden by it; in the game's coordinates, a steady pixel wide.
  debug_.collect();
  const DebugLines& lines = debug_.lines();
  if (lines.size() == 0) return;
  const Viewport v = viewport(width, height);
  const CairoSavedState saved(cr);
  cairo_translate(cr, v.offset_x, v.offset_y);
  cairo_scale(cr, v.scale, v.scale);
  cairo_set_line_width(cr, diagnostics_.style().debug_line_width_px / v.scale);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const DebugLine& l = lines[i];
    cairo_set_source_rgba(cr, l.colour.r, l.colour.g, l.colour.b, l.colour.a);
    cairo_move_to(cr, l.a.x, l.a.y);
    cairo_line_to(cr, l.b.x, l.b.y);
    cairo_stroke(cr);
  }
}

void Engine::draw_overlay(cairo_t* cr, int width, int height) {
  // The overlay is chrome over the finished picture: device pixels, identity transform.
  const CairoSavedState saved(cr);
  cairo_identity_matrix(cr);
  cairo_reset_clip(cr);
  diagnostics_.draw(cr, width, height);
  if (!debug_.empty()) debug_panel_->draw(cr, width, height, debug_, diagnostics_.style());
}

const GameState& Engine::game_state() {
  StateArchive archive = StateArchive::saving(game_state_);
  game_.declare_state(archive);
  return game_state_;
}

EngineSnapshot Engine::save() {
  EngineSnapshot s;
  s.counters_ = counters_;
  if (world_) s.world_ = world_->save();
  s.game_ = game_state();
  s.window_ = diagnostics_.window();
  s.seconds_ = seconds_;
  s.logged_second_ = logged_second_;
  s.overlay_shown_ = diagnostics_.enabled();
  return s;
}

std::optional<std::string> Engine::restore(const EngineSnapshot& s) {
  if (!s.world_) {
    close_world();
  } else if (!world_ || counters_.worlds_opened != s.counters_.worlds_opened) {
    // Another world than the open one: built again as travel built it, then put back as saved.
    close_world();
    counters_.worlds_opened = s.counters_.worlds_opened;
    open_world(s.world_->level());
  }
  if (world_) world_->restore(*s.world_);
  counters_ = s.counters_;
  diagnostics_.window() = s.window_;
  seconds_ = s.seconds_;
  logged_second_ = s.logged_second_;
  diagnostics_.set_enabled(s.overlay_shown_);
  return load_declared(s.game_);
}

EngineData Engine::data() {
  // The declared state, the frame window and the overlay as any simulation gives them, then the
  // engine's own counts and world.
  EngineData d = Simulation::data();
  d.counters = counters_;
  d.logged_second = logged_second_;
  if (world_) {
    const WorldSnapshot& w = world_->s_;
    WorldData& out = d.world.emplace();
    out.level = w.level_;
    out.phase = w.phase_;
    out.logical_size = w.logical_size_;
    out.now = w.now_;
    out.ticks = w.ticks_;
    out.actors = w.actors_;
    out.next_actor_id = w.next_id_;
    for (const TimerQueue::Pending& p : w.timers_.pending())
      out.timers.push_back({p.due, p.id, p.period});
    out.next_timer_id = w.timers_.next_id();
    out.rng = w.rng_.state();
    out.travel_to = w.travel_to_;
  }
  return d;
}

std::optional<std::string> Engine::restore(const EngineData& d) {
  // Always built again, even when it is the open level: the timers' callbacks and the game's
  // handles into the world come from build_world, and data cannot carry them.
  close_world();
  if (d.world) {
    const WorldData& w = d.world.value();
    counters_.worlds_opened = d.counters.worlds_opened;
    open_world(w.level);
    WorldSnapshot& s = world_->s_;
    std::vector<TimerQueue::Pending> pending;
    pending.reserve(w.timers.size());
    for (const TimerData& t : w.timers)
      pending.push_back({t.due, t.id, t.period});
    if (auto problem = s.timers_.assign(pending, w.next_timer_id, s.timers_)) return *problem;
    s.phase_ = w.phase;
    s.logical_size_ = w.logical_size;
    s.now_ = w.now;
    s.ticks_ = w.ticks;
    s.actors_ = w.actors;
    s.live_ = static_cast<std::size_t>(
        std::count_if(w.actors.begin(), w.actors.end(), [](const Actor& a) { return a.alive; }));
    s.next_id_ = w.next_actor_id;
    s.rng_.set_state(w.rng);
    s.travel_to_ = w.travel_to;
  }
  counters_ = d.counters;
  refill_window(d.window);
  seconds_ = SecondWindows(1000.0 / static_cast<double>(run_.tick_rate));
  logged_second_ = d.logged_second;
  diagnostics_.set_enabled(d.overlay_shown);
  GameState saved;
  saved.assign(d.game, d.game_entries);
  return load_declared(saved);
}

std::unique_ptr<SavedState> Engine::save_state() {
  return std::make_unique<EngineSnapshot>(save());
}

std::optional<std::string> Engine::load_state(const SavedState& saved) {
  const auto* snapshot = dynamic_cast<const EngineSnapshot*>(&saved);
  if (snapshot == nullptr) return "the saved state is not an engine's (Engine::save_state)";
  return restore(*snapshot);
}

StateDescription Engine::describe() {
  if (!world_) return {};
  return {capture_world(*world_)};
}

std::uint64_t Engine::checksum(WorldHash hash) {
  return game_state().combine(world_ ? world_->checksum(hash) : 0);
}

Simulation::ChecksumAndState Engine::checksum_and_state() {
  return {checksum(), game_state_};  // checksum() has just filled game_state_
}

}  // namespace framecheck
