#include <framecheck/explore/finding_session.hpp>
#include <string>
#include <utility>
#include <variant>

namespace framecheck {

RecordedFinding recorded_finding(const Finding& finding, std::vector<InputEvent> unfinished,
                                 double hang_ms) {
  return {.frame = finding.frame,
          .kind = std::string(kind_name(finding.kind)),
          .place = finding.place,
          .detail = finding.detail,
          .hang_ms = hang_ms,
          .inputs = std::move(unfinished)};
}

Result<FindingReplay> replay_finding(SessionReader& reader, const SimulationFactory& make) {
  const SessionHeader& header = reader.header();
  const auto error = [&](const std::string& where, const std::string& what) {
    return Error{reader.name(), where, what};
  };
  if (!header.finding) {
    return error("line 1",
                 "the header holds no \"finding\": a finding's session is one that "
                 "explore wrote");
  }
  const RecordedFinding& r = *header.finding;
  const std::optional<FindingKind> kind = kind_from_name(r.kind);
  if (!kind) {
    return error("line 1", "header: \"finding\" \"kind\" \"" + r.kind + "\" is not one of " +
                               std::string(kKindNames));
  }
  FindingReplay replay{
      .recorded = {.kind = *kind, .frame = r.frame, .place = r.place, .detail = r.detail},
      .frames = r.frame};
  InputScript input;
  std::uint64_t last = 0;
  while (true) {
    Result<std::optional<SessionRecord>> record = reader.next();
    if (!record) return record.error();
    if (!*record) break;
    if (const auto* frame = std::get_if<FrameRecord>(&**record)) {
      if (frame->frame > r.frame) {
        return error("", "frame " + std::to_string(frame->frame) +
                             " is past the frame of its "
                             "finding, " +
                             std::to_string(r.frame));
      }
      for (const InputEvent& e : frame->inputs)
        input.add(frame->frame, e);
      last = frame->frame;
    }
  }
  if (!r.inputs.empty() && last == r.frame) {
    return error("line 1", "header: \"finding\" has \"inputs\" for frame " +
                               std::to_string(r.frame) + ", which the session records");
  }
  for (const InputEvent& e : r.inputs)
    input.add(r.frame, e);
  ProbeOptions options{.frames = r.frame, .run = [run = header.run](RunSpec& spec) { spec = run; }};
  if (r.hang_ms > 0) options.hang_ms = r.hang_ms;
  replay.found = probe_isolated(make, input, options);
  return replay;
}

}  // namespace framecheck
