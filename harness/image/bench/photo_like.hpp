// A photo-like picture for the benchmarks: smooth colour fields with grain, so that hardly two
// neighbours are alike and a PNG of it compresses as a photograph does. `shift` moves the
// fields: a shifted copy differs from the original almost everywhere.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <framecheck/image/image.hpp>

#include "test_pictures.hpp"

namespace framecheck {

inline Image photo_like(int width, int height, double shift = 0) {
  Image img(width, height);
  testing::Xorshift rng(0x1234567);
  for (std::size_t i = 0; i < img.pixels(); ++i) {
    const std::uint32_t seed = rng.next();
    const double x = static_cast<double>(i % static_cast<std::size_t>(width)) + shift;
    const double y = static_cast<double>(i / static_cast<std::size_t>(width));
    const double grain = static_cast<double>(seed % 25) - 12;
    img.rgba[4 * i] = static_cast<std::uint8_t>(
        std::clamp(128 + 90 * std::sin(x / 170) * std::cos(y / 130) + grain, 0.0, 255.0));
    img.rgba[4 * i + 1] = static_cast<std::uint8_t>(
        std::clamp(110 + 80 * std::sin((x + y) / 260) + grain, 0.0, 255.0));
    img.rgba[4 * i + 2] = static_cast<std::uint8_t>(
        std::clamp(90 + 70 * std::cos(x / 90 - y / 210) + grain, 0.0, 255.0));
    img.rgba[4 * i + 3] = 255;
  }
  return img;
}

}  // namespace framecheck
