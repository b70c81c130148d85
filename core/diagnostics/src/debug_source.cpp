#include <framecheck/diagnostics/debug_source.hpp>

namespace framecheck {

void DebugRows::row(std::string_view label, const DiagnosticValue& value, bool warn) {
  if (count_ == rows_.size()) rows_.emplace_back();
  DebugRow& r = rows_[count_++];
  r.label.assign(label);
  r.value = value;
  r.warn = warn;
}

void DebugLines::line(Vec2 a, Vec2 b, const Rgba& colour) {
  if (lines_.size() >= kMaxLines) {
    ++dropped_;
    return;
  }
  lines_.push_back({a, b, colour});
}

}  // namespace framecheck
