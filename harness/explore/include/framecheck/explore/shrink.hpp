// shrink_input: the shortest input that still shows a finding. Delta debugging (Zeller's ddmin)
// over the events, then the whole input moved as early as it can go, then each event moved earlier
// and made simpler (a plain press for a repeat, whole coordinates, a stick at -1 rather than
// -0.8123): fewer events first, then earlier and simpler ones, as Hypothesis orders its examples.
// Every try is a probe, deterministic but for a hang's timing, so the same finding shrinks to the
// same input.
#pragma once

#include <cstdint>
#include <framecheck/explore/finding.hpp>
#include <framecheck/explore/probe.hpp>
#include <functional>

namespace framecheck {

// What shrinking gives: the input, the finding as that input shows it (the same bug, at a frame
// no later), and how many probes it took.
struct Shrunk {
  InputScript input;
  Finding finding;
  std::uint64_t probes = 0;
};

// The probe shrinking runs: probe_isolated by default, probe for a caller that trusts the game
// not to crash or hang.
using Prober = std::function<std::optional<Finding>(const InputScript&, const ProbeOptions&)>;

// Shrinks `input`, on which `found` showed, within `max_probes` tries.
//   Shrunk s = shrink_input(prober, input, finding, {.frames = 600});
Shrunk shrink_input(const Prober& prober, const InputScript& input, const Finding& found,
                    const ProbeOptions& options, std::uint64_t max_probes = 2000);

}  // namespace framecheck
