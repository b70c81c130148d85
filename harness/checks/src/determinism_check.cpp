#include <algorithm>
#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/engine.hpp>
#include <framecheck/session/session_reader.hpp>

namespace framecheck {

const char* run_name(SecondRun run) {
  switch (run) {
    case SecondRun::kSameProcess:
      return "a second run in this process";
    case SecondRun::kZeroFilled:
      return "a run with the game's storage zero-filled";
    case SecondRun::kHeapFalling:
      return "a run with the heap perturbed (falling addresses) and the game's storage refilled";
    case SecondRun::kHeapRising:
      return "a run with the heap perturbed (rising addresses) and the game's storage refilled";
  }
  return "";
}

const char* likely_cause(SecondRun run) {
  switch (run) {
    case SecondRun::kSameProcess:
      return "state that outlives a game (a static or global variable, a cache the game does not "
             "own): the second game started where the first left it; or an order taken from "
             "addresses, as the heap is not where the first game found it";
    case SecondRun::kZeroFilled:
      return "a member the game never initialises (a bool, pointer or counter with no "
             "initialiser, in a class with no constructor of its own): it holds whatever its "
             "storage held, which value-initialisation would have zeroed";
    case SecondRun::kHeapFalling:
    case SecondRun::kHeapRising:
      return "memory read before it is written (a member or buffer left uninitialised), or an "
             "order taken from addresses (sorting or hashing pointers)";
  }
  return "";
}

std::uint8_t perturbed_fill(HeapOrder order) {
  return order == HeapOrder::kFalling ? std::uint8_t{0xa5} : std::uint8_t{0x5a};
}

SimulationFactory filled(SimulationFactory make, std::uint8_t byte) {
  return [make = std::move(make), byte](const SimulationSetup& setup) {
    const ScopedGameFill fill(byte);
    return make(setup);
  };
}

SimulationFactory perturbed(SimulationFactory make, HeapOrder order) {
  return [make = std::move(make), order](const SimulationSetup& setup) {
    perturb_heap(0, order);
    const ScopedGameFill fill(perturbed_fill(order));
    return make(setup);
  };
}

Status record_first_run(const GameFactory& make, RecordOptions record,
                        const std::filesystem::path& session) {
  return record_first_run(simulation_of(make), std::move(record), session);
}

Status record_first_run(const SimulationFactory& make, RecordOptions record,
                        const std::filesystem::path& session) {
  record.header.checkpoint_every = 1;
  return record_session(filled(make, kFirstRunFill), record, session);
}

Result<std::optional<DeterminismFinding>> replay_second_run(const std::filesystem::path& session,
                                                            const GameFactory& make,
                                                            SecondRun run) {
  return replay_second_run(session, simulation_of(make), run);
}

Result<std::optional<DeterminismFinding>> replay_second_run(const std::filesystem::path& session,
                                                            const SimulationFactory& make,
                                                            SecondRun run) {
  std::optional<HeapOrder> order;
  if (run == SecondRun::kHeapFalling) order = HeapOrder::kFalling;
  if (run == SecondRun::kHeapRising) order = HeapOrder::kRising;
  const SimulationFactory made =
      order ? perturbed(make, *order)
            : filled(make, run == SecondRun::kZeroFilled ? std::uint8_t{0} : kFirstRunFill);
  Result<SessionReader> reader = SessionReader::open(session);
  if (!reader) return reader.error();
  ReplayOptions replay;
  replay.verify = true;
  if (order) replay.before_frame = [o = *order](std::uint64_t frame) { perturb_heap(frame, o); };
  Result<ReplayReport> report = replay_session(*reader, made, replay);
  if (!report) return report.error();
  if (!report->first_divergent_frame && report->divergences.empty())
    return std::optional<DeterminismFinding>();
  const std::uint64_t frame = report->first_divergent_frame ? report->first_divergent_frame->frame
                                                            : report->divergences.front().frame;
  return std::optional<DeterminismFinding>(DeterminismFinding{frame, divergence_lines(*report)});
}

std::vector<std::string> divergence_lines(const ReplayReport& report) {
  std::vector<std::string> lines;
  const auto add = [&](const Divergence& d) {
    for (const std::string& difference : d.differences) {
      std::string line = "frame " + std::to_string(d.frame) + ": " + difference;
      // The exact frame's checksum line again at its checkpoint says nothing new.
      if (std::find(lines.begin(), lines.end(), line) == lines.end())
        lines.push_back(std::move(line));
    }
  };
  if (report.first_divergent_frame) add(*report.first_divergent_frame);
  if (!report.divergences.empty()) add(report.divergences.front());
  return lines;
}

}  // namespace framecheck
