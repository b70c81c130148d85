#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <framecheck/session/math_fingerprint.hpp>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/session/session_reader.hpp>

#include "math_probes.hpp"

namespace framecheck {
namespace {

TEST(MathFingerprint, HoldsTheCLibrarysOwnResultsOnEveryProbe) {
  const MathFingerprint& f = math_fingerprint();
  ASSERT_EQ(f.probes.size(), 5u);
  EXPECT_EQ(f.probes[0].function, "sin");
  EXPECT_EQ(f.probes[4].function, "pow");
  for (const MathProbe& p : f.probes) {
    ASSERT_EQ(p.values.size(), static_cast<std::size_t>(kMathProbeCount)) << p.function;
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const double v : p.values)
      hash = (hash ^ std::bit_cast<std::uint64_t>(v)) * 0x100000001b3ULL;
    EXPECT_EQ(p.hash, hash) << p.function;
  }
  // What a game's own call gives, input by input (volatile: no folding at compile time).
  for (int i = 0; i < kMathProbeCount; ++i) {
    volatile double x = math_probes::sin_input(i);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(f.probes[0].values[static_cast<std::size_t>(i)]),
              std::bit_cast<std::uint64_t>(std::sin(x)))
        << i;
  }
  EXPECT_FALSE(f.compiler.empty());
  EXPECT_EQ(f.c_library.rfind("glibc ", 0), 0u) << f.c_library;
}

TEST(MathFingerprint, TheSameFingerprintHasNothingToSay) {
  EXPECT_TRUE(compare_fingerprints(math_fingerprint(), math_fingerprint()).empty());
}

TEST(MathFingerprint, NamesEachFunctionThatDiffersAndOnHowManyProbes) {
  MathFingerprint recorded = math_fingerprint();
  recorded.probes[0].values[3] = std::nextafter(recorded.probes[0].values[3], 2.0);
  recorded.probes[0].values[40] = std::nextafter(recorded.probes[0].values[40], 2.0);
  recorded.probes[3].values[0] = std::nextafter(recorded.probes[3].values[0], 100.0);
  const auto lines = compare_fingerprints(recorded, math_fingerprint());
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            "this machine's std::sin differs from the recording's on 2 of 64 probes: results "
            "depend on libm; use det_math (docs/determinism.md)");
  EXPECT_EQ(lines[1].rfind("this machine's std::log differs from the recording's on 1 of 64", 0),
            0u);
}

TEST(MathFingerprint, NamesAnotherCompilerCpuAndCLibrary) {
  MathFingerprint recorded = math_fingerprint();
  recorded.compiler = "Clang 99.0.0";
  recorded.cpu_fma = !recorded.cpu_fma;
  recorded.c_library = "glibc 1.0";
  const auto lines = compare_fingerprints(recorded, math_fingerprint());
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find("FMA"), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind("recorded by framecheck built with Clang 99.0.0 (", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2], "recorded with glibc 1.0; this machine has " + math_fingerprint().c_library);
}

// A session's fingerprint is the session's to say: what it says is printed as one line each.
TEST(MathFingerprint, ARecordingsNamesAreEscapedSoTheyCannotForgeALine) {
  MathFingerprint recorded = math_fingerprint();
  recorded.compiler = "GCC 99\nverified s.jsonl: all match";
  recorded.c_library = "glibc 9\x1b]0;title\x07";
  const auto lines = compare_fingerprints(recorded, math_fingerprint());
  ASSERT_EQ(lines.size(), 2u);
  for (const std::string& line : lines) {
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
    EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
  }
  EXPECT_NE(lines[0].find("GCC 99\\u000averified s.jsonl"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("glibc 9\\u001b]0;title\\u0007"), std::string::npos) << lines[1];
}

TEST(MathFingerprint, ASessionHeaderKeepsItExactlyAndIgnoresAMalformedOne) {
  SessionHeader h;
  h.game = "walker";
  h.fingerprint = math_fingerprint();
  const std::string line = session_header_line(h);
  auto reader = SessionReader::from_bytes(line + "\n", "s.jsonl");
  ASSERT_TRUE(reader) << reader.error().message();
  ASSERT_TRUE(reader->header().fingerprint.has_value());
  EXPECT_EQ(*reader->header().fingerprint, math_fingerprint());

  std::string broken = line;
  broken.replace(broken.find("\"cpu_fma\":"), 10, "\"cpu_fma\":7,\"x\":");
  auto lenient = SessionReader::from_bytes(broken + "\n", "s.jsonl");
  ASSERT_TRUE(lenient) << lenient.error().message();
  EXPECT_FALSE(lenient->header().fingerprint.has_value());
}

}  // namespace
}  // namespace framecheck
