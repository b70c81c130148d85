// Deterministic pictures for the diff's unit tests: grain, flat shapes with soft edges,
// translucency, and a second picture changed from the first. A fixed xorshift generator, so
// every run sees the same pixels.
#pragma once

#include <cstdint>
#include <vector>

namespace framecheck::testing {

class Xorshift {
 public:
  explicit Xorshift(std::uint32_t seed) : s_(seed == 0 ? 1 : seed) {}
  std::uint32_t next() {
    s_ ^= s_ << 13;
    s_ ^= s_ >> 17;
    s_ ^= s_ << 5;
    return s_;
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }

 private:
  std::uint32_t s_;
};

// kThreeLevels: each pixel one of three greys at random, so that two or three equal neighbours,
// slopes both ways and flat neighbours all come often: every branch of the detector is taken.
enum class Picture { kGrain, kFlatShapes, kTranslucent, kThreeLevels };

// RGBA bytes of a width x height picture of the given kind.
inline std::vector<std::uint8_t> make_picture(Picture kind, int width, int height,
                                              std::uint32_t seed) {
  Xorshift rng(seed);
  std::vector<std::uint8_t> px(static_cast<std::size_t>(width) * height * 4);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p = px.data() + (static_cast<std::size_t>(y) * width + x) * 4;
      int r = 0, g = 0, b = 0, a = 255;
      if (kind == Picture::kThreeLevels) {
        r = g = b = 60 + 70 * rng.below(3);
      } else if (kind == Picture::kGrain) {
        // A smooth field with a little noise: few neighbours exactly equal.
        r = (x * 3 + y) % 200 + rng.below(5);
        g = (y * 2) % 200 + rng.below(5);
        b = 90 + rng.below(3);
      } else {
        // Bands of flat colour, their edges softened and sometimes speckled.
        const int band = (x / 5 + y / 4) % 3;
        r = band == 0 ? 250 : band == 1 ? 20 : 120;
        g = band == 2 ? 200 : 40;
        b = 60;
        if (x % 5 == 4) r = (r + 128) / 2;
        if (rng.below(9) == 0) g = rng.below(256);
        if (kind == Picture::kTranslucent && rng.below(3) == 0) a = rng.below(256);
      }
      p[0] = static_cast<std::uint8_t>(r);
      p[1] = static_cast<std::uint8_t>(g);
      p[2] = static_cast<std::uint8_t>(b);
      p[3] = static_cast<std::uint8_t>(a);
    }
  }
  return px;
}

// A copy of `px` with about one pixel in `every` changed a little or a lot.
inline std::vector<std::uint8_t> changed_picture(std::vector<std::uint8_t> px, int every,
                                                 std::uint32_t seed) {
  Xorshift rng(seed);
  for (std::size_t i = 0; i + 3 < px.size(); i += 4) {
    if (rng.below(every) != 0) continue;
    const int c = rng.below(3);
    px[i + c] = static_cast<std::uint8_t>(rng.below(2) == 0 ? px[i + c] ^ 1 : rng.below(256));
  }
  return px;
}

}  // namespace framecheck::testing
