#include "guided.hpp"

#include <charconv>
#include <cmath>
#include <framecheck/determinism/rng.hpp>
#include <framecheck/explore/cell.hpp>
#include <framecheck/explore/generated_input.hpp>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "probe_child.hpp"
#include "watch.hpp"

namespace framecheck {
namespace {

// A place a run reached: its first snapshot, the input that reached it from frame 1, and how
// often a run has started from it.
struct Cell {
  std::string name;
  std::shared_ptr<const SavedState> snapshot;  // null: a game just made (frame 0)
  std::vector<TimedInput> input;               // frames 1 to `frame`
  std::uint64_t frame = 0;
  std::uint64_t chosen = 0;
};

class Archive {
 public:
  bool contains(const std::string& name) const { return index_.contains(name); }
  std::size_t size() const { return cells_.size(); }
  void add(Cell cell) {
    index_.emplace(cell.name, cells_.size());
    cells_.push_back(std::move(cell));
  }
  // A cell drawn with weight 1 / sqrt(1 + times chosen), so rare and new ones are favoured;
  // the cells in the order they were found, so the draw is the same on every machine.
  Cell& choose(Rng& rng) {
    double total = 0;
    for (const Cell& c : cells_)
      total += weight(c);
    double at = rng.next_double() * total;
    for (Cell& c : cells_) {
      at -= weight(c);
      if (at < 0) return c;
    }
    return cells_.back();
  }

 private:
  static double weight(const Cell& c) { return 1 / std::sqrt(1 + static_cast<double>(c.chosen)); }
  std::vector<Cell> cells_;
  std::map<std::string, std::size_t> index_;
};

// A cell's name on one line of the child's answer.
std::string one_line(std::string name) {
  for (char& c : name)
    if (c == '\n') c = ' ';
  return name;
}

// The child's side of one run: `from` restored, `on` played frame by frame with explore's checks,
// each cell the archive does not hold reported in `extra` as "FRAME NAME" lines.
std::optional<Finding> play_on(const SimulationFactory& make, const RunEdit& run, const Cell& from,
                               const InputScript& on, std::uint64_t frames, const Archive& archive,
                               const std::vector<std::string>& clock,
                               std::atomic<std::uint64_t>* progress, std::string& extra) {
  Driver driver(make, DriverOptions{.run = run});
  Simulation& sim = driver.simulation();
  if (from.snapshot) {
    if (std::optional<std::string> why = sim.load_state(*from.snapshot)) {
      return Finding{.kind = FindingKind::kException,
                     .frame = from.frame,
                     .place = "load_state",
                     .detail = "a snapshot saved at frame " + std::to_string(from.frame) +
                               " does not load: " + *why};
    }
  }
  std::unordered_set<std::string> reported;
  for (std::uint64_t frame = from.frame + 1; frame <= from.frame + frames; ++frame) {
    for (const InputEvent& event : on.before(frame)) {
      if (auto f = apply_watched(sim, event, frame)) return f;
    }
    if (auto f = step_watched(driver, frame)) return f;
    progress->store(frame, std::memory_order_relaxed);
    if (auto f = after_frame(sim, frame)) return f;
    std::string name = explore_cell_of(sim, clock);
    if (!archive.contains(name) && reported.insert(name).second)
      extra += std::to_string(frame) + ' ' + one_line(std::move(name)) + '\n';
  }
  return std::nullopt;
}

// The "FRAME NAME" lines play_on wrote.
std::vector<std::pair<std::uint64_t, std::string>> new_cells(const std::string& extra) {
  std::vector<std::pair<std::uint64_t, std::string>> out;
  std::size_t at = 0;
  while (at < extra.size()) {
    const std::size_t end = extra.find('\n', at);
    const std::size_t space = extra.find(' ', at);
    if (end == std::string::npos || space == std::string::npos || space > end)
      throw std::runtime_error("explore: a guided run's cells were cut short");
    std::uint64_t frame = 0;
    std::from_chars(extra.data() + at, extra.data() + space, frame);
    out.emplace_back(frame, extra.substr(space + 1, end - space - 1));
    at = end + 1;
  }
  return out;
}

std::vector<TimedInput> joined(const std::vector<TimedInput>& before,
                               const std::vector<TimedInput>& after, std::uint64_t last) {
  std::vector<TimedInput> out = before;
  for (const TimedInput& e : after)
    if (e.frame <= last) out.push_back(e);
  return out;
}

}  // namespace

std::size_t explore_guided(const SimulationFactory& make, const ExploreOptions& options,
                           const InputAlphabet& alphabet, Vec2 area,
                           const std::function<bool()>& time_up, const TakeRun& take) {
  Archive archive;
  const std::vector<std::string> clock = clock_fields(make, options.run);
  {
    Driver start(make, DriverOptions{.run = options.run});
    archive.add(Cell{.name = explore_cell_of(start.simulation(), clock)});
  }
  for (std::uint64_t run = 0; run < options.runs && !time_up(); ++run) {
    Rng rng(run_seed(options.seed, run));
    Cell& from = archive.choose(rng);
    ++from.chosen;
    // The run's own input, generated for frames 1 to `frames` and moved on past the cell's.
    std::vector<TimedInput> on = flatten(generate_input(alphabet, area, options.frames, rng));
    for (TimedInput& e : on)
      e.frame += from.frame;
    const InputScript script = to_script(on);
    ProbeChild child(
        [&](std::atomic<std::uint64_t>* progress, std::string& extra) {
          return play_on(make, options.run, from, script, options.frames, archive, clock, progress,
                         extra);
        },
        options.hang_ms, from.frame);
    ProbeChild* one[] = {&child};
    while (!child.step())
      wait_for_any(one, 20);
    const std::optional<Finding>& found = child.result();
    const std::uint64_t end = found ? found->frame : from.frame + options.frames;

    // Each new cell's snapshot, taken by playing the run again here as far as the last of them:
    // the child has shown those frames end.
    const auto cells = new_cells(child.extra());
    if (!cells.empty()) {
      Driver again(make, DriverOptions{.run = options.run});
      Simulation& sim = again.simulation();
      if (from.snapshot) sim.load_state(*from.snapshot);
      const Cell origin = from;  // `from` may move as the archive grows
      for (const auto& [frame, name] : cells) {
        while (sim.frames() < frame) {
          for (const InputEvent& event : script.before(sim.frames() + 1))
            apply_input(sim, event);
          again.step(1);
        }
        if (archive.contains(name)) continue;
        archive.add(Cell{.name = name,
                         .snapshot = std::shared_ptr<const SavedState>(sim.save_state()),
                         .input = joined(origin.input, on, frame),
                         .frame = frame});
      }
      take(run, to_script(joined(origin.input, on, end)), found, archive.size());
    } else {
      take(run, to_script(joined(from.input, on, end)), found, archive.size());
    }
  }
  return archive.size();
}

}  // namespace framecheck
