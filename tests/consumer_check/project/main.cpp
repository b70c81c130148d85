// An outside project's view of framecheck: the conformance surface from one include.
#include <framecheck/diagnostics/diagnostics.hpp>
#include <iostream>

int main() {
  using namespace framecheck;
  int failures = 0;
  const auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::cerr << "consumer: " << what << '\n';
      ++failures;
    }
  };
  expect(format_value(DiagnosticValue(0.0625)) == "0.063", "format_value(0.0625)");
  expect(format_value(DiagnosticValue("none")) == "none", "format_value(\"none\")");
  FrameWindow window;
  window.add(SimTime(16'666'666), 20.0);
  const FrameMetrics m = window.metrics();
  expect(m.samples == 1 && m.mean_ms == 20.0 && m.p95_ms == 20.0 && m.p99_ms == 20.0, "metrics");
  return failures == 0 ? 0 : 1;
}
