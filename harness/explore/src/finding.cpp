#include <framecheck/explore/finding.hpp>

namespace framecheck {

std::string_view kind_name(FindingKind kind) {
  switch (kind) {
    case FindingKind::kException:
      return "exception";
    case FindingKind::kCrash:
      return "crash";
    case FindingKind::kNotFinite:
      return "not-finite";
    case FindingKind::kInvariant:
      return "invariant";
    case FindingKind::kHang:
      return "hang";
    case FindingKind::kNondeterminism:
      return "nondeterminism";
  }
  return "unknown";
}

std::optional<FindingKind> kind_from_name(std::string_view name) {
  for (const FindingKind kind : kFindingKinds) {
    if (kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

std::string describe(const Finding& finding) {
  return "frame " + std::to_string(finding.frame) + ": " + std::string(kind_name(finding.kind)) +
         ": " + finding.detail;
}

}  // namespace framecheck
