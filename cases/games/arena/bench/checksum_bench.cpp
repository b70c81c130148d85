// The per-frame checksum a session of format 4 keeps (the world's, with the arena's declared
// state hashed in) against the world's alone, on the same arena after 600 frames, one process.
#include <benchmark/benchmark.h>

#include <arena.hpp>
#include <framecheck/determinism/sim_time.hpp>
#include <framecheck/engine.hpp>

namespace {

using framecheck::Engine;

struct Playing {
  framecheck::games::Arena game;
  Engine engine{game};
  Playing() {
    const framecheck::FixedRate rate(60);
    for (int i = 1; i <= 600; ++i)
      engine.frame(rate.step_length(i));
  }
};

void BM_WorldChecksum(benchmark::State& state) {
  Playing p;
  for (auto _ : state)
    benchmark::DoNotOptimize(p.engine.world()->checksum());
}
BENCHMARK(BM_WorldChecksum);

void BM_WorldAndGameStateChecksum(benchmark::State& state) {
  Playing p;
  for (auto _ : state)
    benchmark::DoNotOptimize(p.engine.checksum());
}
BENCHMARK(BM_WorldAndGameStateChecksum);

}  // namespace
