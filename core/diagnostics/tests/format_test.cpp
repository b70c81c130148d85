#include <gtest/gtest.h>

#include <bit>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <framecheck/diagnostics/format.hpp>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace framecheck {
namespace {

struct Vector {
  double value;
  std::string expected;
};

// Vectors made by Node from String(v) and v.toFixed(3): tools/dev/gen_format_vectors.mjs.
std::vector<Vector> load_vectors(const char* file = FRAMECHECK_TEST_DATA_DIR
                                 "/format_vectors.tsv") {
  std::ifstream in(file);
  std::vector<Vector> out;
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.find('\t');
    const std::uint64_t bits = std::stoull(line.substr(0, tab), nullptr, 16);
    out.push_back({std::bit_cast<double>(bits), line.substr(tab + 1)});
  }
  return out;
}

TEST(FormatNumber, MatchesJavaScriptOnEveryCommittedVector) {
  const auto vectors = load_vectors();
  ASSERT_GT(vectors.size(), 2000u) << "test vectors missing";
  int failures = 0;
  for (const Vector& v : vectors) {
    const std::string got = format_number(v.value);
    if (got != v.expected && ++failures <= 20) {
      ADD_FAILURE() << "bits " << std::hex << std::bit_cast<std::uint64_t>(v.value) << " ("
                    << v.value << "): expected \"" << v.expected << "\", got \"" << got << "\"";
    }
  }
  EXPECT_EQ(failures, 0);
}

// The same doubles through String(v): tools/dev/gen_js_string_vectors.mjs.
TEST(FormatJsNumber, MatchesJavaScriptStringOnEveryCommittedVector) {
  const auto vectors = load_vectors(FRAMECHECK_TEST_DATA_DIR "/js_string_vectors.tsv");
  ASSERT_GT(vectors.size(), 2000u) << "test vectors missing";
  int failures = 0;
  for (const Vector& v : vectors) {
    const std::string got = format_js_number(v.value);
    if (got != v.expected && ++failures <= 20) {
      ADD_FAILURE() << "bits " << std::hex << std::bit_cast<std::uint64_t>(v.value)
                    << ": expected \"" << v.expected << "\", got \"" << got << "\"";
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(FormatJsNumber, OtherFloatingTypesUseTheirOwnShortestDigits) {
  EXPECT_EQ(format_js_number(0.1f), "0.1");
  EXPECT_EQ(format_js_number(1.5f), "1.5");
  EXPECT_EQ(format_js_number(0.1L), "0.1");
  EXPECT_EQ(format_js_number(-2.5e-30L), "-2.5e-30");
  EXPECT_EQ(format_js_number(std::numeric_limits<float>::infinity()), "Infinity");
}

TEST(FormatNumber, IntegersPrintAsJavaScriptString) {
  EXPECT_EQ(format_number(0), "0");
  EXPECT_EQ(format_number(-0.0), "0");
  EXPECT_EQ(format_number(42), "42");
  EXPECT_EQ(format_number(-7), "-7");
  EXPECT_EQ(format_number(9007199254740992.0), "9007199254740992");
  EXPECT_EQ(format_number(1152921504606846976.0), "1152921504606847000");
  EXPECT_EQ(format_number(1e21), "1e+21");
  EXPECT_EQ(format_number(-1.5e21), "-1.5e+21");
  EXPECT_EQ(format_number(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
}

TEST(FormatNumber, NonIntegersPrintAsToFixed3WithTiesAwayFromZero) {
  EXPECT_EQ(format_number(0.0625), "0.063");  // printf("%.3f") says 0.062
  EXPECT_EQ(format_number(-0.0625), "-0.063");
  EXPECT_EQ(format_number(0.1875), "0.188");
  EXPECT_EQ(format_number(16.6666666), "16.667");
  EXPECT_EQ(format_number(0.0005), "0.001");  // not a tie: 0.0005 is slightly above in binary
  EXPECT_EQ(format_number(-1.5e-7), "-0.000");
  EXPECT_EQ(format_number(std::numeric_limits<double>::denorm_min()), "0.000");
  EXPECT_EQ(format_number(4503599627370495.5), "4503599627370495.500");
}

TEST(FormatNumber, TieHandlingDiffersFromPrintfExactlyWhereJavaScriptDoes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", 0.0625);
  EXPECT_STREQ(buf, "0.062");
  EXPECT_EQ(format_number(0.0625), "0.063");
}

TEST(FormatNumber, NonFiniteValuesPrintAsWords) {
  EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(format_number(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity()), "-Infinity");
}

TEST(FormatNumber, AppendAddsToWhatIsThere) {
  std::string s = "x=";
  append_number(s, 2.5);
  EXPECT_EQ(s, "x=2.500");
}

TEST(FormatValue, StringsAsTheyAreBooleansAsWords) {
  EXPECT_EQ(format_value("none"), "none");
  EXPECT_EQ(format_value(""), "");
  EXPECT_EQ(format_value(std::string("  spaced  ")), "  spaced  ");
  EXPECT_EQ(format_value(true), "true");
  EXPECT_EQ(format_value(false), "false");
  EXPECT_EQ(format_value(3), "3");
  EXPECT_EQ(format_value(0.5f), "0.500");
}

TEST(FormatReading, ValueOrErrorInTheValuesPlace) {
  EXPECT_EQ(format_reading({"score", DiagnosticValue(12), std::nullopt}), "score: 12");
  EXPECT_EQ(format_reading({"leader", std::nullopt, std::string("boom")}), "leader: boom");
}

TEST(DescribeOutcome, QuotesStringsAndMarksErrors) {
  EXPECT_EQ(describe_outcome({"a", DiagnosticValue("none"), std::nullopt}), "\"none\"");
  EXPECT_EQ(describe_outcome({"a", DiagnosticValue(0.0625), std::nullopt}), "0.063");
  EXPECT_EQ(describe_outcome({"a", DiagnosticValue(true), std::nullopt}), "true");
  EXPECT_EQ(describe_outcome({"a", std::nullopt, std::string("boom")}), "error \"boom\"");
}

TEST(FormatMetrics, ThreeFiguresByTheNumberRule) {
  EXPECT_EQ(format_metrics({3, 16.6666666, 17, 33.3}), "frame: 16.667 / 17 / 33.300 ms");
  EXPECT_EQ(format_metrics({}), "frame: 0 / 0 / 0 ms");
}

}  // namespace
}  // namespace framecheck
