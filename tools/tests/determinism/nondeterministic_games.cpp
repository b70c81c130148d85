// A studio's own framecheck whose games each break determinism one way, and ones that keep it:
// check-determinism (and its --rollback run) must catch each at its first frame and name the field
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
  void declare_state(StateArchive& state) override { state.whole("counter", counter_); }

 private:
  double step() override { return static_cast<double>(++counter_); }
  std::int64_t counter_;  // deliberately without an initialiser
};

// A flag it never initialises (no initialiser, no constructor of its own), first read at frame
// 30. Storage filled with any non-zero byte reads it as true in every run; only zero-filled
// storage, as value-initialisation leaves it, reads false, and the walker then jumps ahead.
class UninitialisedFlag final : public Walker {
  double step() override {
    ++ticks_;
    if (ticks_ == 30 && !armed_) x_ += 10;
    return x_ += 1;
  }
  bool armed_;  // deliberately without an initialiser
  std::int64_t ticks_ = 0;
  double x_ = 0;
};

// Counts the ticks its process has run in a static, and nudges the walker from the 301st on:
// over 200 frames the first run never reaches it, the second run in the process does at its
// frame 101, and every later run at its frame 1. The second run is the one to name.
class LeakyAfterTicks final : public Walker {
  double step() override {
    static std::int64_t process_ticks = 0;
    return ++process_ticks > 300 ? x_ += 2 : x_ += 1;
  }
  double x_ = 0;
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
  void declare_state(StateArchive& state) override { state.number("x", x_); }
};

// Walks one unit a frame, two once Space has been pressed: a boost it keeps in a member. The
// forgetful one binds x but not the boost, so a restore to before the press leaves the boost on
// and the frames simulated again walk too far; the careful one binds both.
template <bool kBindsBoost>
class Booster final : public Walker {
 public:
  void on_key(const KeyEvent& key) override { boost_ = boost_ || key.code == "Space"; }
  void declare_state(StateArchive& state) override {
    state.number("x", x_);
    if (kBindsBoost) state.flag("boost", boost_);
  }

 private:
  double step() override { return x_ += boost_ ? 2 : 1; }
  double x_ = 0;
  bool boost_ = false;
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
                       entry<UninitialisedFlag>("uninitialised-flag", "a bool never initialised"),
                       entry<LeakyAfterTicks>("leaky-after-ticks", "a static read from tick 301"),
                       entry<ProcessBound>("process-bound", "moves by its process id"),
                       entry<Steady>("steady", "keeps every rule"),
                       entry<Booster<false>>("forgetful", "a boost its declaration misses"),
                       entry<Booster<true>>("careful", "the same boost, declared")});
}
