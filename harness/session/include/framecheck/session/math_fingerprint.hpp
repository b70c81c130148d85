// MathFingerprint: what a machine's C library math does, kept in each recording, so that a replay
// that diverges elsewhere can say whether libm is why ("this machine's std::sin differs from the
// recording's on 3 of 64 probes").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

// One function's results on its fixed probe inputs.
struct MathProbe {
  std::string function;        // "sin", "cos", "exp", "log", "pow"
  std::uint64_t hash = 0;      // FNV-1a 64 over the results' IEEE-754 bits, in order
  std::vector<double> values;  // the results, kMathProbeCount of them
  friend bool operator==(const MathProbe&, const MathProbe&) = default;
};

inline constexpr int kMathProbeCount = 64;

struct MathFingerprint {
  std::string compiler;           // what framecheck was built with: "GCC 12.2.0", "Clang 16.0.6"
  std::string standard_library;   // "libstdc++ 20230528", "libc++ 160006"
  std::string c_library;          // "glibc 2.36"
  bool cpu_fma = false;           // the CPU has fused multiply-add (glibc then takes its FMA code)
  bool built_with_fma = false;    // framecheck's code was compiled for a CPU with FMA instructions
  std::vector<MathProbe> probes;  // std::sin, cos, exp, log and pow
  friend bool operator==(const MathFingerprint&, const MathFingerprint&) = default;
};

// This process's fingerprint, computed on the first call (a few microseconds) and kept.
const MathFingerprint& math_fingerprint();

// What differs between a recording's fingerprint and this machine's, one sentence a difference,
// the functions first: "this machine's std::sin differs from the recording's on 3 of 64 probes:
// results depend on libm; use det_math (docs/determinism.md)". Empty when they are the same.
std::vector<std::string> compare_fingerprints(const MathFingerprint& recorded,
                                              const MathFingerprint& here);

// The fingerprint as lines of text, for `framecheck fingerprint`.
std::vector<std::string> describe(const MathFingerprint& fingerprint);
// The fingerprint as the JSON object a session's header holds (docs/session-format.md).
std::string to_json(const MathFingerprint& fingerprint);

}  // namespace framecheck
