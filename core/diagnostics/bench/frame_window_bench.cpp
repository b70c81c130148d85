// FrameWindow at a full window of 2048 samples: add, metrics(), and the obvious baseline for
// metrics() (copy the window, sort it, sum it), in one binary.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <framecheck/diagnostics/frame_window.hpp>
#include <memory>
#include <random>
#include <vector>

#include "top_samples.hpp"

namespace framecheck {
namespace {

// Samples like a 240 fps run's (4 ms and jitter, a stall now and then), at 240 fps, so both the
// ring (2048) and the span (10 s = 2400 frames) bind.
struct Feed {
  std::vector<double> samples;
  Feed() {
    std::mt19937_64 rng(42);
    for (int i = 0; i < 1 << 16; ++i) {
      double ms = 3.5 + static_cast<double>(rng() % 1000) / 1000.0;
      if (rng() % 300 == 0) ms = 40 + static_cast<double>(rng() % 100);
      samples.push_back(ms);
    }
  }
};
const Feed kFeed;

FrameWindow full_window(std::int64_t& frame) {
  FrameWindow w;
  const FixedRate rate(240);
  for (frame = 1; frame <= 4096; ++frame)
    w.add(rate.end_of(frame), kFeed.samples[frame % kFeed.samples.size()]);
  return w;
}

void BM_FrameWindowAdd(benchmark::State& state) {
  std::int64_t frame;
  FrameWindow w = full_window(frame);
  const FixedRate rate(240);
  for (auto _ : state) {
    w.add(rate.end_of(frame), kFeed.samples[static_cast<std::size_t>(frame) & 0xffff]);
    ++frame;
  }
  benchmark::DoNotOptimize(w.metrics());
}
BENCHMARK(BM_FrameWindowAdd);

// The worst pattern for the top set: strictly falling samples, so every eviction takes a sample
// from the top and a refill (one scan of the ring) follows every kKeep - 103 adds. Amortised.
void BM_FrameWindowAddFalling(benchmark::State& state) {
  FrameWindow w;
  const FixedRate rate(240);
  std::int64_t frame = 1;
  double ms = 1e9;
  for (; frame <= 4096; ++frame)
    w.add(rate.end_of(frame), ms -= 1);
  for (auto _ : state) {
    w.add(rate.end_of(frame++), ms -= 1);
    if (ms < 1) ms = 1e9;  // a rise: one add pushes the whole top out at once, then falls again
  }
  benchmark::DoNotOptimize(w.metrics());
}
BENCHMARK(BM_FrameWindowAddFalling);

// The largest refill one add can cause: the whole top evicted at once (a time jump), 1,888
// samples outside it, refilled to kKeep. This bounds the worst single add.
void BM_TopSamplesLargestRefill(benchmark::State& state) {
  std::array<double, TopSamples::kRing> ring{};
  std::mt19937_64 rng(7);
  for (double& v : ring)
    v = static_cast<double>(rng() % 100000) / 100.0;
  std::sort(ring.begin(), ring.end(), std::greater<>());  // the first kKeep are the top
  auto emptied = std::make_unique<TopSamples>();
  for (std::size_t i = 0; i < ring.size(); ++i)
    emptied->insert(ring[i], i);
  for (std::size_t i = 0; i < TopSamples::kKeep; ++i)
    emptied->erase(ring[i], i);
  if (emptied->top_size() != 0) state.SkipWithError("the top was not emptied");
  auto top = std::make_unique<TopSamples>();
  for (auto _ : state) {
    state.PauseTiming();
    *top = *emptied;
    state.ResumeTiming();
    top->ensure(103, ring, TopSamples::kKeep, ring.size() - TopSamples::kKeep);
    benchmark::DoNotOptimize(top->from_top(0));
  }
  state.counters["outside"] = static_cast<double>(emptied->outside());
}
BENCHMARK(BM_TopSamplesLargestRefill);

void BM_FrameWindowMetrics(benchmark::State& state) {
  std::int64_t frame;
  const FrameWindow w = full_window(frame);
  for (auto _ : state)
    benchmark::DoNotOptimize(w.metrics());
}
BENCHMARK(BM_FrameWindowMetrics);

// The baseline: what a window without its own order statistics does on every metrics() call.
FrameMetrics copy_sort_metrics(const FrameWindow& w, std::vector<double>& scratch) {
  FrameMetrics m;
  m.samples = w.size();
  scratch.resize(w.size());
  double sum = 0;
  for (std::size_t i = 0; i < w.size(); ++i) {
    scratch[i] = w.sample(i);
    sum += scratch[i];
  }
  std::sort(scratch.begin(), scratch.end());
  m.mean_ms = sum / static_cast<double>(w.size());
  m.p95_ms = scratch[(95 * w.size() + 99) / 100 - 1];
  m.p99_ms = scratch[(99 * w.size() + 99) / 100 - 1];
  return m;
}

void BM_BaselineCopySortMetrics(benchmark::State& state) {
  std::int64_t frame;
  const FrameWindow w = full_window(frame);
  std::vector<double> scratch;
  for (auto _ : state)
    benchmark::DoNotOptimize(copy_sort_metrics(w, scratch));
}
BENCHMARK(BM_BaselineCopySortMetrics);

// A frame's whole cost to the window: one add and one metrics() (the overlay's per-frame use).
void BM_FrameWindowAddThenMetrics(benchmark::State& state) {
  std::int64_t frame;
  FrameWindow w = full_window(frame);
  const FixedRate rate(240);
  for (auto _ : state) {
    w.add(rate.end_of(frame), kFeed.samples[static_cast<std::size_t>(frame) & 0xffff]);
    ++frame;
    benchmark::DoNotOptimize(w.metrics());
  }
}
BENCHMARK(BM_FrameWindowAddThenMetrics);

}  // namespace
}  // namespace framecheck
