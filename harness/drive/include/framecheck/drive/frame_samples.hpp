// Where a headless frame's sample comes from: a constant, a script with spikes, a function of
// the world, or a recording. Each is a FrameTimer that never reads the clock.
#pragma once

#include <cstdint>
#include <framecheck/sim/frame_timer.hpp>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace framecheck {

// Every frame takes `ms`.
std::shared_ptr<FrameTimer> constant_samples(double ms);

// Every frame takes `base_ms`, except the frames named in `spikes` (frame number -> sample).
//   scripted_samples(16.0, {{300, 120.0}})  // one 120 ms stall at frame 300
std::shared_ptr<FrameTimer> scripted_samples(double base_ms,
                                             std::map<std::uint64_t, double> spikes);

// A sample computed from the frame and its world (which may be null).
std::shared_ptr<FrameTimer> samples_from(std::function<double(const FrameInfo&)> sample);

// Frame n takes recorded[n - 1]; past the end, the last recorded sample (0 if none).
std::shared_ptr<FrameTimer> recorded_samples(std::vector<double> recorded);

}  // namespace framecheck
