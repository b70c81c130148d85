// Animated PNG (APNG): a few frames in one file that browsers play and every PNG reader still
// opens as its first frame. For a moving picture of a divergence, not for goldens.
#pragma once

#include <cstdint>
#include <framecheck/image/image.hpp>
#include <framecheck/io/result.hpp>
#include <span>
#include <string>

namespace framecheck {

// One frame of an animation and how long it is shown.
struct ApngFrame {
  const Image* image = nullptr;  // every frame the same size
  std::uint16_t delay_ms = 100;  // 1 to 65535
};

// The frames as an APNG that loops forever: each frame a whole RGBA image, shown for its delay.
// Frames of different sizes, or none, are an Error.
//   Result<std::string> clip = encode_apng({{&before, 50}, {&diverged, 1000}});
Result<std::string> encode_apng(std::span<const ApngFrame> frames);

// How many frames an APNG says it has (its acTL), or 1 for a plain PNG; an Error for bytes that
// are not a PNG. For tests and for a reader who wants to know a file animates.
Result<std::uint32_t> apng_frame_count(std::string_view png, const std::string& name);

}  // namespace framecheck
