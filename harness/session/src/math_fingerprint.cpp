#include <gnu/libc-version.h>

#include <bit>
#include <cmath>
#include <framecheck/determinism/float_rules.hpp>
#include <framecheck/determinism/hex_text.hpp>
#include <framecheck/io/escaped_text.hpp>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/simd/simd.hpp>
#include <functional>

#include "math_probes.hpp"
#include "session_json.hpp"

namespace framecheck {
namespace {

std::string compiler_name() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "an unknown compiler";
#endif
}

std::string standard_library_name() {
#if defined(_LIBCPP_VERSION)
  return "libc++ " + std::to_string(_LIBCPP_VERSION);
#elif defined(__GLIBCXX__)
  return "libstdc++ " + std::to_string(__GLIBCXX__);
#else
  return "an unknown standard library";
#endif
}

bool cpu_has_fma() {
#if defined(FRAMECHECK_SIMD_X86)
  return detail::cpu_has_fma();
#elif defined(__i386__)
  return __builtin_cpu_supports("fma");
#elif defined(__aarch64__)
  return true;  // every ARMv8 CPU has it
#else
  return false;
#endif
}

MathProbe probe(const char* name, const std::function<double(int)>& f) {
  MathProbe p{name, 0xcbf29ce484222325ULL, {}};
  p.values.reserve(math_probes::kCount);
  for (int i = 0; i < math_probes::kCount; ++i) {
    const double v = f(i);
    p.values.push_back(v);
    p.hash = (p.hash ^ std::bit_cast<std::uint64_t>(v)) * 0x100000001b3ULL;
  }
  return p;
}

MathFingerprint compute() {
  using namespace math_probes;
  using detail::rounded;  // an input the compiler cannot see, so it calls libm and folds nothing
  MathFingerprint f;
  f.compiler = compiler_name();
  f.standard_library = standard_library_name();
  f.c_library = std::string("glibc ") + gnu_get_libc_version();
  f.cpu_fma = cpu_has_fma();
#if defined(__FMA__) || defined(__aarch64__)
  f.built_with_fma = true;
#endif
  f.probes.push_back(probe("sin", [&](int i) { return std::sin(rounded(sin_input(i))); }));
  f.probes.push_back(probe("cos", [&](int i) { return std::cos(rounded(cos_input(i))); }));
  f.probes.push_back(probe("exp", [&](int i) { return std::exp(rounded(exp_input(i))); }));
  f.probes.push_back(probe("log", [&](int i) { return std::log(rounded(log_input(i))); }));
  f.probes.push_back(probe("pow", [&](int i) {
    const auto [x, y] = pow_input(i);
    return std::pow(rounded(x), rounded(y));
  }));
  return f;
}

}  // namespace

const MathFingerprint& math_fingerprint() {
  static const MathFingerprint fingerprint = compute();
  return fingerprint;
}

std::vector<std::string> compare_fingerprints(const MathFingerprint& recorded,
                                              const MathFingerprint& here) {
  std::vector<std::string> out;
  for (const MathProbe& now : here.probes) {
    for (const MathProbe& then : recorded.probes) {
      if (now.function != then.function || now.values.size() != then.values.size()) continue;
      int differing = 0;
      for (std::size_t i = 0; i < now.values.size(); ++i) {
        differing += std::bit_cast<std::uint64_t>(now.values[i]) !=
                     std::bit_cast<std::uint64_t>(then.values[i]);
      }
      if (differing > 0) {
        out.push_back("this machine's std::" + now.function + " differs from the recording's on " +
                      std::to_string(differing) + " of " + std::to_string(now.values.size()) +
                      " probes: results depend on libm; use det_math (docs/determinism.md)");
      }
    }
  }
  if (recorded.cpu_fma != here.cpu_fma) {
    out.push_back(std::string("the recording's CPU ") + (recorded.cpu_fma ? "had" : "had no") +
                  " FMA and this one " + (here.cpu_fma ? "has" : "has none") +
                  ": glibc's math takes other code on each");
  }
  if (recorded.compiler != here.compiler || recorded.standard_library != here.standard_library ||
      recorded.built_with_fma != here.built_with_fma) {
    const auto built = [](const MathFingerprint& f) {
      return escape_text(f.compiler) + " (" + escape_text(f.standard_library) +
             (f.built_with_fma ? ", FMA" : "") + ")";
    };
    out.push_back("recorded by framecheck built with " + built(recorded) + "; this one is " +
                  built(here));
  }
  if (recorded.c_library != here.c_library)
    out.push_back("recorded with " + escape_text(recorded.c_library) + "; this machine has " +
                  escape_text(here.c_library));
  return out;
}

std::vector<std::string> describe(const MathFingerprint& f) {
  std::vector<std::string> out = {
      "compiler: " + escape_text(f.compiler),
      "standard library: " + escape_text(f.standard_library),
      "C library: " + escape_text(f.c_library),
      std::string("CPU has FMA: ") + (f.cpu_fma ? "yes" : "no"),
      std::string("framecheck built with FMA instructions: ") + (f.built_with_fma ? "yes" : "no")};
  for (const MathProbe& p : f.probes) {
    out.push_back("std::" + escape_text(p.function) + ": " + std::to_string(p.values.size()) +
                  " probes, hash " + hex_text(p.hash));
  }
  return out;
}

std::string to_json(const MathFingerprint& fingerprint) {
  return session_json::fingerprint(fingerprint).dump();
}

}  // namespace framecheck
