#include <algorithm>
#include <cmath>
#include <framecheck/explore/generated_input.hpp>
#include <framecheck/explore/shrink.hpp>

namespace framecheck {
namespace {

// Simpler values than `v`, simplest first, as Hypothesis orders floats: 0, a whole number, then
// fewer decimal digits. `v` itself is never among them.
std::vector<double> simpler_values(double v) {
  std::vector<double> out;
  for (const double c : {0.0, std::round(v), std::round(v * 10) / 10, std::round(v * 100) / 100}) {
    if (c != v && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

// Simpler versions of an event, simplest first: a repeat a plain press, the main button, a
// pointer at whole coordinates, a wheel turned by whole notches, a stick or trigger at a value of
// fewer digits. What the event is (its key, kind, pad and index) stays.
std::vector<InputEvent> simpler(const InputEvent& event) {
  std::vector<InputEvent> out;
  if (const auto* key = std::get_if<KeyPress>(&event)) {
    if (key->repeat) out.emplace_back(KeyPress{key->code, false});
  } else if (const auto* pointer = std::get_if<Pointer>(&event)) {
    const PointerEvent& e = pointer->event;
    if (e.button != 0) {
      PointerEvent main = e;
      main.button = 0;
      out.emplace_back(Pointer{main});
    }
    const Vec2 whole{std::round(e.position.x), std::round(e.position.y)};
    if (!(whole == e.position)) {
      PointerEvent at = e;
      at.position = whole;
      out.emplace_back(Pointer{at});
    }
    const Vec2 notches{std::round(e.wheel.x), std::round(e.wheel.y)};
    if (!(notches == e.wheel)) {
      PointerEvent turned = e;
      turned.wheel = notches;
      out.emplace_back(Pointer{turned});
    }
  } else if (const auto* pad = std::get_if<Gamepad>(&event)) {
    if (pad->event.kind == GamepadKind::kAxis || pad->event.kind == GamepadKind::kButton) {
      for (const double v : simpler_values(pad->event.value)) {
        GamepadEvent e = pad->event;
        e.value = v;
        out.emplace_back(Gamepad{e});
      }
    }
  }
  return out;
}

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

  // Each event as simple as the bug allows: its simpler versions tried simplest first, and again
  // from each one kept, since a press may lose its repeat and then its button.
  std::vector<TimedInput> simplest(std::vector<TimedInput> events) {
    for (std::size_t i = 0; i < events.size() && probes_ < max_probes_; ++i) {
      for (bool simpler_kept = true; simpler_kept && probes_ < max_probes_;) {
        simpler_kept = false;
        for (InputEvent& candidate : simpler(events[i].event)) {
          std::vector<TimedInput> changed = events;
          changed[i].event = std::move(candidate);
          if (still_fails(changed)) {
            events = std::move(changed);
            simpler_kept = true;
            break;
          }
        }
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
  events = shrinker.simplest(std::move(events));
  events = shrinker.fewer(std::move(events));  // moving may have made some needless
  return {to_script(events), shrinker.best(), shrinker.probes()};
}

}  // namespace framecheck
