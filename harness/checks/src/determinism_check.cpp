#include <algorithm>
#include <framecheck/checks/determinism_check.hpp>
#include <framecheck/session/session_reader.hpp>

namespace framecheck {

Status record_first_run(const GameFactory& make, RecordOptions record,
                        const std::filesystem::path& session) {
  record.header.checkpoint_every = 1;
  const std::unique_ptr<Game> game = make();
  return record_session(*game, record, session);
}

Result<std::optional<DeterminismFinding>> replay_perturbed(const std::filesystem::path& session,
                                                           const GameFactory& make,
                                                           HeapOrder order) {
  // Before the game is made, so memory it leaves uninitialised holds the pattern.
  perturb_heap(0, order);
  const std::unique_ptr<Game> game = make();
  Result<SessionReader> reader = SessionReader::open(session);
  if (!reader) return reader.error();
  ReplayOptions replay;
  replay.verify = true;
  replay.before_frame = [order](std::uint64_t frame) { perturb_heap(frame, order); };
  Result<ReplayReport> report = replay_session(*reader, *game, replay);
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
