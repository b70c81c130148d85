#include <algorithm>
#include <chrono>
#include <framecheck/determinism/rng.hpp>
#include <framecheck/explore/explorer.hpp>
#include <framecheck/explore/generated_input.hpp>

namespace framecheck {
namespace {

// SplitMix64's finaliser: run i's seed from the exploration's, far from run i+1's.
std::uint64_t mix(std::uint64_t seed, std::uint64_t run) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (run + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

std::uint64_t count_events(const InputScript& input) {
  std::uint64_t n = 0;
  for (const auto& [frame, events] : input.all())
    n += events.size();
  return n;
}

}  // namespace

InputScript explored_input(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames,
                           std::uint64_t seed, std::uint64_t run) {
  Rng rng(mix(seed, run));
  return generate_input(alphabet, area, frames, rng);
}

ExploreResult explore(const SimulationFactory& make, const ExploreOptions& options) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  // What the game reads and where its pointer may go, asked of one made for it.
  const std::unique_ptr<Simulation> sample = make(SimulationSetup{.run = options.run});
  const InputAlphabet alphabet = sample->input_alphabet().value_or(default_input_alphabet());
  const Vec2 area = sample->run().logical_size;

  const ProbeOptions probe_options{
      .frames = options.frames, .hang_ms = options.hang_ms, .run = options.run};
  const Prober prober = [&](const InputScript& input, const ProbeOptions& o) {
    return options.isolate ? probe_isolated(make, input, o) : probe(make, input, o);
  };
  ExploreResult result;
  for (std::uint64_t run = 0; run < options.runs; ++run) {
    const double elapsed = std::chrono::duration<double>(Clock::now() - started).count();
    if (options.time_limit_s > 0 && elapsed >= options.time_limit_s) break;
    const InputScript input = explored_input(alphabet, area, options.frames, options.seed, run);
    const std::optional<Finding> found = prober(input, probe_options);
    ++result.runs;
    const bool known =
        found &&
        std::any_of(result.findings.begin(), result.findings.end(), [&](const Explored& e) {
          return e.finding.same_bug(*found) || e.first_seen.same_bug(*found);
        });
    if (found && !known) {
      Shrunk shrunk = shrink_input(prober, input, *found, probe_options, options.shrink_probes);
      result.findings.push_back({.finding = shrunk.finding,
                                 .first_seen = *found,
                                 .input = std::move(shrunk.input),
                                 .run = run,
                                 .events_before = count_events(input),
                                 .events_after = 0,
                                 .shrink_probes = shrunk.probes});
      result.findings.back().events_after = count_events(result.findings.back().input);
    }
    if (options.progress) options.progress(result.runs, result.findings.size());
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace framecheck
