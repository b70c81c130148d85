#include <cmath>
#include <framecheck/drive/cairo_image.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <framecheck/image/png_io.hpp>

namespace framecheck {

Driver::Driver(Game& game, DriverOptions options)
    : options_(std::move(options)), rate_(edited(game.run_spec(), options_.run).fps) {
  if (!options_.samples)
    options_.samples = constant_samples(1000.0 / static_cast<double>(rate_.rate()));
  engine_ = std::make_unique<Engine>(game, EngineOptions{.run = options_.run,
                                                         .frame_timer = options_.samples,
                                                         .debug = options_.debug,
                                                         .log = options_.log});
  surface_ =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, run().surface_width, run().surface_height);
}

Driver::~Driver() {
  engine_.reset();
  cairo_surface_destroy(surface_);
}

void Driver::step(std::int64_t frames) {
  for (std::int64_t i = 0; i < frames; ++i) {
    const std::uint64_t next = engine_->frames() + 1;
    for (const InputEvent& e : options_.input.before(next))
      apply_input(*engine_, e);
    engine_->frame(rate_.step_length(static_cast<std::int64_t>(next)));
  }
}

void Driver::step_until(SimTime t) {
  while (engine_->now() < t)
    step();
}

void Driver::step_seconds(double seconds) {
  step(std::llround(seconds * static_cast<double>(rate_.rate())));
}

cairo_surface_t* Driver::render() {
  cairo_t* cr = cairo_create(surface_);
  engine_->render(cr, run().surface_width, run().surface_height);
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
