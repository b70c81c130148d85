#include <framecheck/diagnostics/detail/cairo_saved_state.hpp>
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
  if (width > 0 && height > 0) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    if (render_rgba(rgba, width, height)) {
      cairo_surface_t* image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
      unsigned char* data = cairo_image_surface_get_data(image);
      const int stride = cairo_image_surface_get_stride(image);
      // Straight RGBA to Cairo's premultiplied native-endian ARGB, rounded as Cairo rounds.
      const auto premultiply = [](unsigned c, unsigned a) {
        const unsigned t = c * a + 0x80;
        return (t + (t >> 8)) >> 8;
      };
      for (int y = 0; y < height; ++y) {
        auto* row =
            reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        const std::uint8_t* in = rgba.data() + static_cast<std::size_t>(y) * width * 4;
        for (int x = 0; x < width; ++x, in += 4) {
          const unsigned a = in[3];
          row[x] = a << 24 | premultiply(in[0], a) << 16 | premultiply(in[1], a) << 8 |
                   premultiply(in[2], a);
        }
      }
      cairo_surface_mark_dirty(image);
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

std::optional<std::string> Simulation::load_state(const SavedState& saved) {
  const auto* declared = dynamic_cast<const DeclaredState*>(&saved);
  if (declared == nullptr) return "the saved state is not one this simulation saved";
  StateArchive archive = StateArchive::loading(declared->state);
  declare_state(archive);
  archive.finish();
  if (!archive.problem().empty())
    return "the declared state cannot be loaded: " + archive.problem();
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
  StateArchive archive = StateArchive::loading(saved);
  declare_state(archive);
  archive.finish();
  if (!archive.problem().empty())
    return "the declared state cannot be loaded: " + archive.problem();
  if (frames() != d.counters.frames || now() != d.counters.now) {
    return "the declared state does not bind the frame count and the clock: loaded, they are " +
           std::to_string(frames()) + " and " + std::to_string(now().count()) + " ns, not " +
           std::to_string(d.counters.frames) + " and " + std::to_string(d.counters.now.count()) +
           " ns";
  }
  FrameWindow& window = diagnostics().window();
  window.clear();
  for (const FrameSample& sample : d.window)
    window.add(sample.at, sample.ms);
  diagnostics().set_enabled(d.overlay_shown);
  return std::nullopt;
}

}  // namespace framecheck
