// A studio's own framecheck whose only game states a run of its own (480x270 logical units on a
// 960x540 surface, 50 ticks and 50 frames a second): every command must run it at that with no
// option repeated (tools/tests/run_spec/run_spec.sh).
#include <framecheck/cli/cli.hpp>
#include <memory>
#include <string>

namespace {

using namespace framecheck;

// One actor crossing the field; its readings say what the run really was.
class Wide final : public Game {
 public:
  RunSpec run_spec() const override {
    return {.logical_size = {480, 270},
            .surface_width = 960,
            .surface_height = 540,
            .tick_rate = 50,
            .fps = 50};
  }
  void init(InitApi& api) override {
    api.start_level = "field";
    api.diagnostics.register_source("logical", [this] { return logical_; });
    api.diagnostics.register_source("tick ms", [this] { return tick_ms_; });
    api.diagnostics.register_source("ticks", [this] { return ticks_; });
  }
  void build_world(World& world) override {
    const Vec2 size = world.logical_size();
    logical_ =
        std::to_string(static_cast<int>(size.x)) + " x " + std::to_string(static_cast<int>(size.y));
    runner_ = world.spawn("runner", {0, size.y / 2}, {8, 8});
  }
  void tick(World& world, SimTime dt) override {
    tick_ms_ = static_cast<double>(dt.count()) / 1e6;
    ++ticks_;
    world.find(runner_)->position.x += 2;
  }
  void declare_state(StateArchive& state) override { state.whole("ticks", ticks_); }

 private:
  std::string logical_ = "none";
  double tick_ms_ = 0;
  std::int64_t ticks_ = 0;
  ActorId runner_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  return cli::run_cli(argc, argv,
                      {{"wide", "1.0.0", "a game of its own size and rate", make_game<Wide>}});
}
