// A studio's own framecheck whose games each break determinism one way, and one that keeps it:
// check-determinism must catch each at its first frame and name the field
// (tools/tests/determinism/check_determinism.sh).
#include <unistd.h>

#include <framecheck/cli/cli.hpp>
#include <memory>

namespace {

using namespace framecheck;

// One actor, "walker", moved by what each game gets wrong.
class Walker : public Game {
 public:
  void init(InitApi& api) override { api.start_level = "field"; }
  void build_world(World& world) override { walker_ = world.spawn("walker", {0, 0}, {4, 4}); }
  void tick(World& world, SimTime) override { world.find(walker_)->position.x = step(); }

 protected:
  virtual double step() = 0;
  ActorId walker_ = 0;
};

// Counts its ticks in a static: a second run in the same process starts where the first ended.
class LeakyStatic final : public Walker {
  double step() override {
    static int ticks = 0;
    return ++ticks;
  }
};

// Moves by the order of two blocks' addresses, which the allocator decides.
class AddressOrder final : public Walker {
  double step() override {
    const auto a = std::make_unique<std::array<char, 40>>();
    const auto b = std::make_unique<std::array<char, 40>>();
    return a.get() < b.get() ? 1 : -1;
  }
};

// Keeps a count outside the world that it never initialises, and declares it. It has no
// constructor of its own: make_unique<T>() would zero the count every time; make_game<T> leaves
// it as each run filled the storage.
class Uninitialised final : public Walker {
 public:
  void declare_state(GameState& state) const override { state.whole("counter", counter_); }

 private:
  double step() override { return static_cast<double>(++counter_); }
  std::int64_t counter_;  // deliberately without an initialiser
};

// Moves by its process's id: the same in one process, another in the next.
class ProcessBound final : public Walker {
  double step() override { return static_cast<double>(::getpid() % 100000); }
};

// Keeps every rule: its state is in the world and initialised, its order fixed.
class Steady final : public Walker {
  double step() override { return x_ += 1.5; }
  double x_ = 0;

 public:
  void declare_state(GameState& state) const override { state.number("x", x_); }
};

template <class G>
cli::CatalogEntry entry(const char* id, const char* summary) {
  return {id, "1.0.0", summary, make_game<G>};
}

}  // namespace

int main(int argc, char** argv) {
  return cli::run_cli(argc, argv,
                      {entry<LeakyStatic>("leaky-static", "counts its ticks in a static"),
                       entry<AddressOrder>("address-order", "moves by two blocks' addresses"),
                       entry<Uninitialised>("uninitialised", "an uninitialised member"),
                       entry<ProcessBound>("process-bound", "moves by its process id"),
                       entry<Steady>("steady", "keeps every rule")});
}
