#include <algorithm>
#include <framecheck/explore/generated_input.hpp>
#include <framecheck/explore/shrink.hpp>

namespace framecheck {
namespace {

class Shrinker {
 public:
  Shrinker(const Prober& prober, const Finding& found, const ProbeOptions& options,
           std::uint64_t max_probes)
      : prober_(prober), best_(found), options_(options), max_probes_(max_probes) {}

  // Whether `events` still shows the bug at a frame no later than the best so far; keeps the
  // finding it shows when it does.
  bool still_fails(const std::vector<TimedInput>& events) {
    if (probes_ >= max_probes_) return false;
    ++probes_;
    ProbeOptions options = options_;
    options.frames = best_.frame;  // nothing after the finding's frame can matter
    const std::optional<Finding> f = prober_(to_script(events), options);
    if (!f || !f->same_bug(best_) || f->frame > best_.frame) return false;
    best_ = *f;
    return true;
  }

  // ddmin: remove ever smaller chunks while the bug stays.
  std::vector<TimedInput> fewer(std::vector<TimedInput> events) {
    std::size_t chunks = 2;
    while (events.size() >= 1 && probes_ < max_probes_) {
      chunks = std::min(chunks, events.size());
      const std::size_t size = (events.size() + chunks - 1) / chunks;
      bool removed = false;
      for (std::size_t start = 0; start < events.size(); start += size) {
        std::vector<TimedInput> without(events.begin(), events.begin() + start);
        without.insert(without.end(), events.begin() + std::min(events.size(), start + size),
                       events.end());
        if (still_fails(without)) {
          events = std::move(without);
          chunks = std::max<std::size_t>(chunks - 1, 2);
          removed = true;
          break;
        }
      }
      if (removed) continue;
      if (chunks >= events.size()) break;
      chunks = std::min(events.size(), chunks * 2);
    }
    return events;
  }

  // The whole input as early as the bug allows: every event moved back together, by half the
  // room before the first each time, so a sequence keeps its timing.
  std::vector<TimedInput> sooner(std::vector<TimedInput> events) {
    while (!events.empty() && events.front().frame > 1 && probes_ < max_probes_) {
      const std::uint64_t by = std::max<std::uint64_t>(1, (events.front().frame - 1) / 2);
      std::vector<TimedInput> moved = events;
      for (TimedInput& e : moved)
        e.frame -= by;
      if (!still_fails(moved)) break;
      events = std::move(moved);
    }
    return events;
  }

  // Each event as early as the bug allows, halving its distance to the one before it.
  std::vector<TimedInput> earlier(std::vector<TimedInput> events) {
    for (std::size_t i = 0; i < events.size() && probes_ < max_probes_; ++i) {
      const std::uint64_t floor = i == 0 ? 1 : events[i - 1].frame;
      while (events[i].frame > floor && probes_ < max_probes_) {
        std::vector<TimedInput> moved = events;
        moved[i].frame = floor + (events[i].frame - floor) / 2;
        if (!still_fails(moved)) break;
        events = std::move(moved);
      }
    }
    return events;
  }

  const Finding& best() const { return best_; }
  std::uint64_t probes() const { return probes_; }

 private:
  const Prober& prober_;
  Finding best_;
  ProbeOptions options_;
  std::uint64_t max_probes_;
  std::uint64_t probes_ = 0;
};

}  // namespace

Shrunk shrink_input(const Prober& prober, const InputScript& input, const Finding& found,
                    const ProbeOptions& options, std::uint64_t max_probes) {
  Shrinker shrinker(prober, found, options, max_probes);
  std::vector<TimedInput> events;
  for (TimedInput& e : flatten(input)) {
    if (e.frame <= found.frame) events.push_back(std::move(e));
  }
  events = shrinker.fewer(std::move(events));
  events = shrinker.sooner(std::move(events));
  events = shrinker.earlier(std::move(events));
  events = shrinker.fewer(std::move(events));  // moving may have made some needless
  return {to_script(events), shrinker.best(), shrinker.probes()};
}

}  // namespace framecheck
