#include <algorithm>
#include <chrono>
#include <framecheck/determinism/rng.hpp>
#include <framecheck/explore/explorer.hpp>
#include <framecheck/explore/generated_input.hpp>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "guided.hpp"
#include "probe_child.hpp"

namespace framecheck {

// SplitMix64's finaliser: run i's seed from the exploration's, far from run i+1's.
std::uint64_t run_seed(std::uint64_t seed, std::uint64_t run) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (run + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

namespace {

std::uint64_t count_events(const InputScript& input) {
  std::uint64_t n = 0;
  for (const auto& [frame, events] : input.all())
    n += events.size();
  return n;
}

}  // namespace

InputScript explored_input(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames,
                           std::uint64_t seed, std::uint64_t run) {
  Rng rng(run_seed(seed, run));
  return generate_input(alphabet, area, frames, rng);
}

ExploreResult explore(const SimulationFactory& make, const ExploreOptions& options) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point started = Clock::now();
  // What the game reads and where its pointer may go, asked of one made for it.
  const std::unique_ptr<Simulation> sample = make(SimulationSetup{.run = options.run});
  const InputAlphabet alphabet = sample->input_alphabet().value_or(default_input_alphabet());
  const Vec2 area = sample->run().logical_size;

  const ProbeOptions probe_options{.frames = options.frames,
                                   .hang_ms = options.hang_ms,
                                   .run = options.run,
                                   .twin = options.twin};
  const Prober prober = [&](const InputScript& input, const ProbeOptions& o) {
    return options.isolate ? probe_isolated(make, input, o) : probe(make, input, o);
  };
  ExploreResult result;
  // A run's outcome, taken in run order whatever order runs end in: so the findings, which is
  // kept of two that are the same bug and how each shrinks, do not depend on --jobs.
  std::size_t cells = 0;
  const auto take = [&](std::uint64_t run, const InputScript& input,
                        const std::optional<Finding>& found) {
    ++result.runs;
    const bool known =
        found &&
        std::any_of(result.findings.begin(), result.findings.end(), [&](const Explored& e) {
          return e.finding.same_bug(*found) || e.first_seen.same_bug(*found);
        });
    if (found && !known) {
      Shrunk shrunk = shrink_input(prober, input, *found, probe_options, options.shrink_probes);
      Explored explored{.finding = shrunk.finding,
                        .first_seen = *found,
                        .input = std::move(shrunk.input),
                        .run = run,
                        .events_before = count_events(input),
                        .shrink_probes = shrunk.probes};
      explored.events_after = count_events(explored.input);
      result.findings.push_back(std::move(explored));
    }
    if (options.progress) options.progress(result.runs, result.findings.size(), cells);
  };
  const auto time_up = [&] {
    return options.time_limit_s > 0 &&
           std::chrono::duration<double>(Clock::now() - started).count() >= options.time_limit_s;
  };
  const auto input_of = [&](std::uint64_t run) {
    return explored_input(alphabet, area, options.frames, options.seed, run);
  };

  // This shard's runs: every `shards`-th from its own, so that shards of one exploration never
  // play the same run and together play them all.
  const std::uint64_t shards = std::max<std::uint64_t>(options.shards, 1);
  std::vector<std::uint64_t> plan;
  for (std::uint64_t run = options.shard; run < options.runs; run += shards)
    plan.push_back(run);

  if (options.guided) {
    // A shard searches from an archive of its own, drawn from a seed of its own.
    ExploreOptions own = options;
    own.runs = plan.size();
    if (shards > 1) own.seed = run_seed(options.seed, ~options.shard);
    // A finding met from a snapshot stands only if the whole input shows it from frame 1 (a
    // game whose snapshot leaves state out would show it there alone); shrinking and replay
    // then go from frame 1 as for any run.
    result.cells = explore_guided(make, own, alphabet, area, time_up,
                                  [&](std::uint64_t run, const InputScript& input,
                                      const std::optional<Finding>& found, std::size_t reached) {
                                    cells = reached;
                                    std::optional<Finding> confirmed;
                                    if (found) {
                                      ProbeOptions o = probe_options;
                                      o.frames = found->frame;
                                      confirmed = prober(input, o);
                                      if (confirmed && !confirmed->same_bug(*found))
                                        confirmed.reset();
                                    }
                                    take(run, input, confirmed);
                                  });
  } else if (!options.isolate || options.jobs <= 1) {
    for (std::size_t i = 0; i < plan.size() && !time_up(); ++i) {
      const InputScript input = input_of(plan[i]);
      take(plan[i], input, prober(input, probe_options));
    }
  } else {
    struct Running {
      InputScript input;
      std::unique_ptr<ProbeChild> child;
    };
    std::map<std::uint64_t, Running> running;  // by place in the plan
    std::map<std::uint64_t, std::pair<InputScript, std::optional<Finding>>> ended;
    std::uint64_t next = 0;   // the next run to start, as its place in the plan
    std::uint64_t taken = 0;  // the next run to take
    while (taken < plan.size()) {
      while (running.size() < options.jobs && next < plan.size() && !time_up()) {
        InputScript input = input_of(plan[next]);
        auto child = std::make_unique<ProbeChild>(make, input, probe_options);
        running.emplace(next++, Running{std::move(input), std::move(child)});
      }
      if (running.empty() && ended.empty()) break;  // the time limit: nothing more will start
      std::vector<ProbeChild*> children;
      for (auto& [run, r] : running)
        children.push_back(r.child.get());
      wait_for_any(children, 20);
      for (auto it = running.begin(); it != running.end();) {
        if (it->second.child->step()) {
          ended.emplace(it->first,
                        std::pair{std::move(it->second.input), it->second.child->result()});
          it = running.erase(it);
        } else {
          ++it;
        }
      }
      for (auto it = ended.find(taken); it != ended.end(); it = ended.find(++taken)) {
        take(plan[taken], it->second.first, it->second.second);
        ended.erase(it);
      }
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace framecheck
