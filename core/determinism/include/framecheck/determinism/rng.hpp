// Rng: the engine's seeded random numbers, the same sequence on every machine and standard library.
#pragma once

#include <array>
#include <cstdint>
#include <framecheck/determinism/float_rules.hpp>

namespace framecheck {

// xoshiro256** seeded through SplitMix64. The standard library's distributions differ between
// implementations, so every draw here is spelled out in integer arithmetic.
//   Rng rng(42);
//   double x = rng.uniform(0, 320);   // the same x for seed 42 everywhere
class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next_u64();
  // Uniform in [0, 1), 53 random bits.
  double next_double();
  // Uniform in [lo, hi). The product is rounded before the sum, so no compiler fuses the two.
  double uniform(double lo, double hi) { return lo + detail::rounded((hi - lo) * next_double()); }
  // Uniform integer in [0, bound), bound > 0, without modulo bias.
  std::uint64_t below(std::uint64_t bound);

  // The generator's whole state: what a world checksum covers.
  std::array<std::uint64_t, 4> state() const { return {s_[0], s_[1], s_[2], s_[3]}; }
  // Puts a state() back. All zero is xoshiro's one dead state; no seed gives it.
  void set_state(const std::array<std::uint64_t, 4>& state) {
    for (std::size_t i = 0; i < 4; ++i)
      s_[i] = state[i];
  }

 private:
  std::uint64_t s_[4];
};

// SplitMix64's output function: mixes a 64-bit value; used to derive seeds from seeds.
std::uint64_t mix_seed(std::uint64_t x);

}  // namespace framecheck
