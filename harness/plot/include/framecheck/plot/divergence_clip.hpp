// A moving picture of a divergence: the frames around it, overlay on, as an animated PNG whose
// divergent frame is framed in red and held, for a person to see what went wrong and when.
#pragma once

#include <cstdint>
#include <framecheck/io/result.hpp>
#include <map>
#include <optional>
#include <string>

namespace framecheck {

// The most frames one clip holds: 600 frames of 320x180 are 138 MB decoded at once.
inline constexpr std::uint64_t kMaxClipFrames = 600;

// Frames `from` to `to`, both included.
struct ClipRange {
  std::uint64_t from = 1;
  std::uint64_t to = 1;
};

// The frames around `frame` in a session of `frames` frames: `before` earlier and `after`
// later, clamped to the session.
ClipRange clip_around(std::uint64_t frame, std::uint64_t frames, std::uint64_t before = 30,
                      std::uint64_t after = 30);

// The rendered frames of `range` (PNG bytes by frame, as a replay's renders) as an APNG that
// loops: each frame shown for `frame_ms`, the `marked` one (if in range) framed in red and held
// for a second. A frame missing from `renders`, or one that is not a PNG, is an Error.
//   ReplayOptions o{.verify = true};
//   for (auto f = range.from; f <= range.to; ++f) o.render_frames.insert(f);
//   Result<std::string> apng = make_clip(report.renders, range,
//   report.first_divergent_frame->frame);
Result<std::string> make_clip(const std::map<std::uint64_t, std::string>& renders, ClipRange range,
                              std::optional<std::uint64_t> marked, std::uint16_t frame_ms = 100);

}  // namespace framecheck
