// Breakout with its declaration left out: every hook goes to the game, but declare_state is
// Game's own, which binds nothing. Deterministic all the same (check-determinism's other runs
// agree), yet a restore leaves the steer, the score and the serves as they were later, which is
// what check-determinism --rollback finds: at frame 90, where the first arrow key changes the
// steer (CMakeLists.txt, breakout.rollback_finds_the_undeclared).
#include <framecheck/cli/cli.hpp>

#include "breakout.hpp"

namespace {

using namespace framecheck;

class Undeclared final : public Game {
 public:
  void init(InitApi& api) override { game_.init(api); }
  void build_world(World& world) override { game_.build_world(world); }
  void tick(World& world, SimTime dt) override { game_.tick(world, dt); }
  void on_collision(World& world, Actor& a, Actor& b) override { game_.on_collision(world, a, b); }
  void on_key(const KeyEvent& key) override { game_.on_key(key); }
  std::optional<Rgba> actor_colour(const Actor& actor) const override {
    return game_.actor_colour(actor);
  }
  std::vector<std::string> levels() const override { return game_.levels(); }
  RunSpec run_spec() const override { return game_.run_spec(); }

 private:
  breakout::Breakout game_;
};

}  // namespace

int main(int argc, char** argv) {
  return cli::run_cli(argc, argv,
                      {{"breakout-undeclared", "1.0.0", "breakout without its declaration",
                        make_game<Undeclared>}});
}
