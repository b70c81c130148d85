// The engine's own debug source, "frame": the last whole simulated second, as Synvael's panel
// shows it. A figure that is missing reads "n/a".
#pragma once

#include <framecheck/diagnostics/debug_source.hpp>
#include <framecheck/diagnostics/second_windows.hpp>

namespace framecheck {

class SecondsDebugSource final : public DebugSource {
 public:
  explicit SecondsDebugSource(const SecondWindows& seconds) : seconds_(seconds) {}
  std::string_view id() const override { return "frame"; }
  std::string_view title() const override { return "Frame (last second)"; }
  void rows(DebugRows& out) override {
    const auto& f = seconds_.last();
    const auto shown = [](const std::optional<double>& v) {
      return v ? DiagnosticValue(*v) : DiagnosticValue("n/a");
    };
    const std::optional<double> none;
    out.row("frame mean ms", shown(f ? f->frame_mean_ms : none));
    out.row("frame max ms", shown(f ? f->frame_max_ms : none));
    out.row("tick mean ms", shown(f ? f->tick_mean_ms : none));
    out.row("tick max ms", shown(f ? f->tick_max_ms : none));
    const std::optional<double> budget = f ? f->tick_budget_percent : none;
    out.row("tick budget %", shown(budget), budget && *budget >= 100);  // no headroom left: amber
  }

 private:
  const SecondWindows& seconds_;
};

}  // namespace framecheck
