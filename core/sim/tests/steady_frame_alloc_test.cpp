// Counts every C++ heap allocation (a replaced global operator new) across steady frames of an
// engine with 100 sources: with the overlay hidden, and shown while no value changes. Its own
// binary, since the replacement covers everything linked into it.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <framecheck/engine.hpp>
#include <new>

namespace {
std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};

void* counted(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed))
    g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) {
  return counted(size);
}
void* operator new[](std::size_t size) {
  return counted(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace framecheck {
namespace {

class Constant final : public FrameTimer {
 public:
  void frame_started() override {}
  double frame_finished(const FrameInfo& f) override {
    return 8.0 + static_cast<double>(f.frame % 5);
  }
};

// A game whose own steady frames allocate nothing, with 100 sources of every value type.
class Quiet final : public Game {
 public:
  void init(InitApi& api) override {
    api.start_level = "steady";
    for (int i = 0; i < 50; ++i) {
      const std::string name = "instance source " + std::to_string(i);
      switch (i % 3) {
        case 0:
          api.diagnostics.register_source(name, [this, i] { return values_[i]; });
          break;
        case 1:
          api.diagnostics.register_source(name, [i] { return i % 2 == 0; });
          break;
        default:
          api.diagnostics.register_source(name, [] { return "ready"; });
      }
    }
  }
  void build_world(World& world) override {
    world.spawn("player", {10, 10}, {8, 8});
    for (int i = 0; i < 50; ++i) {
      world.diagnostics().register_source(
          "world source " + std::to_string(i), [this, i]() -> DiagnosticValue {
            // Fails every frame and is contained every frame. A literal, because a std::exception
            // allocates its own message: that would be the source's allocation, not the engine's.
            if (i == 7) throw "a source that always fails";
            return i % 2 ? DiagnosticValue(values_[i] * 0.001) : DiagnosticValue("-");
          });
    }
  }
  void tick(World&, SimTime) override {}

 private:
  double values_[64] = {};
};

long allocations_over(Engine& engine, int frames) {
  const FixedRate rate(60);
  g_allocations = 0;
  g_counting = true;
  for (int i = 0; i < frames; ++i)
    engine.frame(rate.step_length(static_cast<std::int64_t>(engine.frames()) + 1));
  g_counting = false;
  return g_allocations.load();
}

TEST(SteadyFrame, NoAllocationWithTheOverlayHidden) {
  Quiet game;
  Surface surface(640, 360);
  EngineOptions o;
  o.surface = &surface;
  o.frame_timer = std::make_shared<Constant>();
  Engine engine(game, o);
  ASSERT_EQ(engine.diagnostics().read().size(), 100u);
  allocations_over(engine, 700);  // fills the window
  EXPECT_EQ(allocations_over(engine, 600), 0);
}

TEST(SteadyFrame, NoAllocationWithTheOverlayShownAndNoValueChanging) {
  Quiet game;
  Surface surface(1280, 720);
  EngineOptions o;
  o.surface = &surface;
  o.frame_timer = std::make_shared<Constant>();
  Engine engine(game, o);
  engine.diagnostics().set_enabled(true);
  allocations_over(engine, 700);
  // The metrics line changes with every frame's sample here, and is rebuilt in place.
  EXPECT_EQ(allocations_over(engine, 600), 0);
}

TEST(SteadyFrame, TheCounterCounts) {
  g_allocations = 0;
  g_counting = true;
  // A call of operator new, not a new-expression: an optimiser may elide the latter (clang -O3
  // does), never the former.
  void* p = ::operator new(sizeof(int));
  g_counting = false;
  ::operator delete(p);
  EXPECT_EQ(g_allocations.load(), 1);
}

}  // namespace
}  // namespace framecheck
