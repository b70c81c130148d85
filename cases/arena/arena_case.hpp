// The fixture every arena case starts from.
#pragma once

#include <arena.hpp>
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/drive/frame_samples.hpp>
#include <memory>

namespace framecheck::cases {

// A fresh arena game on a fresh driver: 60 fps, 960x540 renders, seed 1, and every frame's
// sample exactly 16 ms unless a case scripts its own.
class ArenaCase : public CaseTest {
 protected:
  ArenaCase() : CaseTest("arena") {}

  void SetUp() override { start_arena(); }

  Driver& start_arena(DriverOptions options = {}) {
    if (!options.samples) options.samples = constant_samples(16.0);
    // The arena's cases draw at 960x540 (their goldens' size), then take the case's own changes.
    options.run = [then = std::move(options.run)](RunSpec& r) {
      r.surface_width = 960;
      r.surface_height = 540;
      if (then) then(r);
    };
    game_ = std::make_unique<games::Arena>();
    return start(*game_, std::move(options));
  }

  DiagnosticRegistry& instance() { return driver().diagnostics().instance_registry(); }
  DiagnosticRegistry& world() { return driver().diagnostics().world_registry(); }

  std::unique_ptr<games::Arena> game_;
};

}  // namespace framecheck::cases
