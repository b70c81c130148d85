// The checks explore makes around each frame, shared by a probe from frame 1 and a guided run
// from a snapshot: each returns the finding it met, or nullopt.
#pragma once

#include <cstdint>
#include <framecheck/drive/driver.hpp>
#include <framecheck/explore/finding.hpp>
#include <optional>

namespace framecheck {

// One input event before `frame`: an exception out of its hook.
std::optional<Finding> apply_watched(Simulation& sim, const InputEvent& event, std::uint64_t frame);
// Frame `frame` stepped: an exception out of it.
std::optional<Finding> step_watched(Driver& driver, std::uint64_t frame);
// After frame `frame`: a declared number or actor not finite, a broken invariant, an exception
// out of the declaration or the invariant.
std::optional<Finding> after_frame(Simulation& sim, std::uint64_t frame);

}  // namespace framecheck
