#include <cmath>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/image/png_io.hpp>

namespace framecheck {
namespace {

// The default sample, exactly the frame's budget: known once the simulation says its rate.
class BudgetSample final : public FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const FrameInfo&) override { return ms; }
  double ms = 0;
};

}  // namespace

Driver::Driver(Game& game, DriverOptions options)
    : Driver(simulation_of(game), std::move(options)) {}

Driver::Driver(const SimulationFactory& make, DriverOptions options)
    : options_(std::move(options)), rate_(1) {
  std::shared_ptr<BudgetSample> budget;
  if (!options_.samples) options_.samples = budget = std::make_shared<BudgetSample>();
  sim_ = make(SimulationSetup{.run = options_.run,
                              .frame_timer = options_.samples,
                              .debug = options_.debug,
                              .log = options_.log});
  rate_ = FixedRate(run().fps);
  if (budget) budget->ms = 1000.0 / static_cast<double>(rate_.rate());
  surface_ =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, run().surface_width, run().surface_height);
}

Driver::~Driver() {
  sim_.reset();
  cairo_surface_destroy(surface_);
}

void Driver::step(std::int64_t frames) {
  for (std::int64_t i = 0; i < frames; ++i) {
    const std::uint64_t next = sim_->frames() + 1;
    for (const InputEvent& e : options_.input.before(next))
      apply_input(*sim_, e);
    sim_->frame(rate_.step_length(static_cast<std::int64_t>(next)));
  }
}

void Driver::step_until(SimTime t) {
  while (sim_->now() < t)
    step();
}

void Driver::step_seconds(double seconds) {
  step(std::llround(seconds * static_cast<double>(rate_.rate())));
}

cairo_surface_t* Driver::render() {
  cairo_t* cr = cairo_create(surface_);
  sim_->render(cr, run().surface_width, run().surface_height);
  cairo_destroy(cr);
  cairo_surface_flush(surface_);
  return surface_;
}

Image Driver::render_image() {
  return image_from_surface(render());
}

std::string Driver::render_png() {
  return encode_png(render());
}

}  // namespace framecheck
