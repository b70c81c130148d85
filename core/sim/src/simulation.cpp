#include <cstring>
#include <framecheck/diagnostics/detail/cairo_saved_state.hpp>
#include <framecheck/diagnostics/rgba_overlay.hpp>
#include <framecheck/sim/simulation.hpp>
#include <vector>

namespace framecheck {
namespace {

// The default saved state: what the simulation declares, and the overlay's own parts.
struct DeclaredState final : SavedState {
  GameState state;
  FrameWindow window;
  bool overlay_shown = false;
};

}  // namespace

std::optional<std::string> first_difference(const StateDescription& recorded,
                                            const StateDescription& replayed) {
  if (recorded.world && replayed.world) return first_difference(*recorded.world, *replayed.world);
  if (recorded.world.has_value() != replayed.world.has_value()) {
    return std::string("world: recorded ") + (recorded.world ? "open" : "none") + ", replayed " +
           (replayed.world ? "open" : "none");
  }
  return std::nullopt;
}

void Simulation::render(cairo_t* cr, int width, int height) {
  // The game's straight RGBA becomes Cairo's premultiplied native-endian ARGB in place, in a
  // buffer kept across frames: a live run draws every frame.
  const int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width);
  if (width > 0 && height > 0 && stride == width * 4) {
    pixels_.resize(static_cast<std::size_t>(stride) * height);
    if (render_rgba(pixels_, width, height)) {
      rgba_to_argb32(pixels_);
      cairo_surface_t* image = cairo_image_surface_create_for_data(
          pixels_.data(), CAIRO_FORMAT_ARGB32, width, height, stride);
      const CairoSavedState saved(cr);
      cairo_identity_matrix(cr);
      cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
      cairo_set_source_surface(cr, image, 0, 0);
      cairo_paint(cr);
      cairo_surface_destroy(image);
    }
  }
  const CairoSavedState saved(cr);
  cairo_identity_matrix(cr);
  cairo_reset_clip(cr);
  diagnostics().draw(cr, width, height);
}

void Simulation::draw_onto(Surface& surface) {
  cairo_t* cr = cairo_create(surface.cairo_surface());
  render(cr, surface.width(), surface.height());
  cairo_destroy(cr);
  cairo_surface_flush(surface.cairo_surface());
}

const GameState& Simulation::game_state() {
  StateArchive archive = StateArchive::saving(declared_);
  declare_state(archive);
  return declared_;
}

std::uint64_t Simulation::checksum() {
  return game_state().combine(0);
}

std::unique_ptr<SavedState> Simulation::save_state() {
  auto saved = std::make_unique<DeclaredState>();
  saved->state = game_state();
  saved->window = diagnostics().window();
  saved->overlay_shown = diagnostics().enabled();
  return saved;
}

std::optional<std::string> Simulation::load_declared(const GameState& saved) {
  StateArchive archive = StateArchive::loading(saved);
  declare_state(archive);
  archive.finish();
  if (!archive.problem().empty())
    return "the game's declared state cannot be loaded: " + archive.problem();
  return std::nullopt;
}

void Simulation::refill_window(const std::vector<FrameSample>& samples) {
  FrameWindow& window = diagnostics().window();
  window.clear();
  for (const FrameSample& sample : samples)
    window.add(sample.at, sample.ms);
}

std::optional<std::string> Simulation::load_state(const SavedState& saved) {
  const auto* declared = dynamic_cast<const DeclaredState*>(&saved);
  if (declared == nullptr) return "the saved state is not one this simulation saved";
  if (auto problem = load_declared(declared->state)) return problem;
  diagnostics().window() = declared->window;
  diagnostics().set_enabled(declared->overlay_shown);
  return std::nullopt;
}

EngineData Simulation::data() {
  EngineData d;
  d.counters.frames = frames();
  d.counters.now = now();
  const GameState& state = game_state();
  d.game.assign(state.fields().begin(), state.fields().end());
  d.game_entries.assign(state.entry_counts().begin(), state.entry_counts().end());
  const FrameWindow& window = diagnostics().window();
  d.window.reserve(window.size());
  for (std::size_t i = 0; i < window.size(); ++i)
    d.window.push_back({window.time_of(i), window.sample(i)});
  d.overlay_shown = diagnostics().enabled();
  return d;
}

std::optional<std::string> Simulation::restore(const EngineData& d) {
  if (d.world) return "the saved state holds a world of framecheck's engine, and this is none";
  GameState saved;
  saved.assign(d.game, d.game_entries);
  if (auto problem = load_declared(saved)) return problem;
  if (frames() != d.counters.frames || now() != d.counters.now) {
    return "the declared state does not bind the frame count and the clock: loaded, they are " +
           std::to_string(frames()) + " and " + std::to_string(now().count()) + " ns, not " +
           std::to_string(d.counters.frames) + " and " + std::to_string(d.counters.now.count()) +
           " ns";
  }
  refill_window(d.window);
  diagnostics().set_enabled(d.overlay_shown);
  return std::nullopt;
}

}  // namespace framecheck
