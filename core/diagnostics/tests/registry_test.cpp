#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/diagnostics/registry.hpp>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace framecheck {
namespace {

std::vector<std::string> names_of(const std::vector<DiagnosticReading>& readings) {
  std::vector<std::string> out;
  for (const auto& r : readings)
    out.push_back(r.name);
  return out;
}

using Names = std::vector<std::string>;

TEST(Registry, ReadsInRegistrationOrder) {
  DiagnosticRegistry reg;
  reg.register_source("b", [] { return 1; });
  reg.register_source("a", [] { return 2; });
  reg.register_source("c", [] { return 3; });
  EXPECT_EQ(names_of(reg.read()), (Names{"b", "a", "c"}));
  EXPECT_EQ(reg.names(), (Names{"b", "a", "c"}));
}

TEST(Registry, ReRegisteringReplacesTheSourceAndKeepsItsPlace) {
  DiagnosticRegistry reg;
  reg.register_source("a", [] { return 1; });
  reg.register_source("b", [] { return 2; });
  reg.register_source("c", [] { return 3; });
  reg.register_source("a", [] { return "replaced"; });
  const auto readings = reg.read();
  ASSERT_EQ(names_of(readings), (Names{"a", "b", "c"}));
  EXPECT_EQ(*readings[0].value, DiagnosticValue("replaced"));
  EXPECT_EQ(reg.size(), 3u);
}

TEST(Registry, SourcesAreEvaluatedOnEveryReadNotAtRegistration) {
  DiagnosticRegistry reg;
  int calls = 0;
  int held = 1;
  reg.register_source("held", [&] {
    ++calls;
    return held;
  });
  EXPECT_EQ(calls, 0);
  held = 5;
  EXPECT_EQ(*reg.read()[0].value, DiagnosticValue(5));
  held = 9;
  EXPECT_EQ(*reg.read()[0].value, DiagnosticValue(9));
  EXPECT_EQ(calls, 2);
}

struct NotAnException {
  int code;
};

TEST(Registry, AThrowingSourceBecomesAnErrorReadingAndTheRestStillRead) {
  DiagnosticRegistry reg;
  reg.register_source("runtime_error", []() -> int { throw std::runtime_error("bad state"); });
  reg.register_source("string", []() -> int { throw std::string("thrown string"); });
  reg.register_source("c_string", []() -> int { throw "thrown literal"; });
  reg.register_source("int", []() -> int { throw 42; });
  reg.register_source("custom", []() -> int { throw NotAnException{7}; });
  reg.register_source("fine", [] { return true; });
  std::vector<DiagnosticReading> readings;
  ASSERT_NO_THROW(readings = reg.read());
  ASSERT_EQ(readings.size(), 6u);
  const char* expected[] = {"bad state", "thrown string", "thrown literal", "42",
                            "unknown exception"};
  for (int i = 0; i < 5; ++i) {
    EXPECT_FALSE(readings[i].value.has_value()) << readings[i].name;
    ASSERT_TRUE(readings[i].error.has_value()) << readings[i].name;
    EXPECT_EQ(*readings[i].error, expected[i]);
  }
  EXPECT_TRUE(readings[5].ok());
  EXPECT_FALSE(readings[5].error.has_value());
}

// The spec: "the message of a thrown Error, otherwise the String form of what was thrown".
// Numbers read as JavaScript's String(x): shortest round trip, never the display form.
TEST(Registry, AThrownValueOfAnyArithmeticTypeReadsAsItsStringForm) {
  DiagnosticRegistry reg;
  reg.register_source("double", []() -> int { throw 1.5; });
  reg.register_source("float", []() -> int { throw 0.1f; });
  reg.register_source("long double", []() -> int { throw 2.25L; });
  reg.register_source("unsigned", []() -> int { throw 7u; });
  reg.register_source("size_t", []() -> int { throw std::size_t{18446744073709551615u}; });
  reg.register_source("long long", []() -> int { throw -9007199254740993LL; });
  reg.register_source("short", []() -> int { throw static_cast<short>(-3); });
  reg.register_source("uint8_t", []() -> int { throw std::uint8_t{200}; });
  reg.register_source("int8_t", []() -> int { throw std::int8_t{-5}; });
  reg.register_source("true", []() -> int { throw true; });
  reg.register_source("false", []() -> int { throw false; });
  reg.register_source("char", []() -> int { throw 'x'; });
  reg.register_source("char32_t", []() -> int { throw U'A'; });
  reg.register_source("tiny", []() -> int { throw 1e-7; });
  reg.register_source("huge", []() -> int { throw 1e21; });
  reg.register_source("nan", []() -> int { throw std::numeric_limits<double>::quiet_NaN(); });
  reg.register_source("null message", []() -> int { throw static_cast<const char*>(nullptr); });
  reg.register_source("string_view", []() -> int { throw std::string_view("viewed"); });
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"double", "1.5"},
      {"float", "0.1"},
      {"long double", "2.25"},
      {"unsigned", "7"},
      {"size_t", "18446744073709551615"},
      {"long long", "-9007199254740993"},
      {"short", "-3"},
      {"uint8_t", "200"},
      {"int8_t", "-5"},
      {"true", "true"},
      {"false", "false"},
      {"char", "x"},
      {"char32_t", "65"},
      {"tiny", "1e-7"},
      {"huge", "1e+21"},
      {"nan", "NaN"},
      {"null message", "null"},
      {"string_view", "viewed"},
  };
  const auto readings = reg.read();
  ASSERT_EQ(readings.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(readings[i].name, expected[i].first);
    EXPECT_FALSE(readings[i].ok()) << readings[i].name;
    EXPECT_EQ(readings[i].error.value_or("(no error)"), expected[i].second) << readings[i].name;
  }
}

TEST(Registry, ASourceReturningANullStringGivesAnErrorReadingNotACrash) {
  DiagnosticRegistry reg;
  const char* missing = nullptr;
  reg.register_source("name", [&] { return missing; });
  reg.register_source("after", [] { return 1; });
  const auto readings = reg.read();
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_FALSE(readings[0].ok());
  EXPECT_EQ(readings[0].error.value_or(""), "the source returned a null string");
  EXPECT_TRUE(readings[1].ok());
  missing = "back";
  EXPECT_EQ(reg.read()[0].value, DiagnosticValue("back"));
}

TEST(Registry, AnErrorIsDistinguishableFromAStringValueWithTheSameText) {
  DiagnosticRegistry reg;
  reg.register_source("value", [] { return "boom"; });
  reg.register_source("error", []() -> std::string { throw std::runtime_error("boom"); });
  const auto r = reg.read();
  EXPECT_NE(r[0], r[1]);
  EXPECT_TRUE(r[0].ok());
  EXPECT_FALSE(r[1].ok());
}

TEST(Registry, ASourceRegisteringDuringAReadAppearsFromTheNextRead) {
  DiagnosticRegistry reg;
  int registered = 0;
  reg.register_source("first", [&] {
    // Enough new names to force the container to grow while this source runs.
    for (int i = 0; i < 100; ++i)
      reg.register_source("late" + std::to_string(registered++), [] { return 0; });
    return 1;
  });
  reg.register_source("second", [] { return 2; });
  const auto first = reg.read();
  EXPECT_EQ(names_of(first), (Names{"first", "second"}));
  const auto next = reg.read();
  ASSERT_EQ(next.size(), 102u);
  EXPECT_EQ(next[2].name, "late0");
}

TEST(Registry, ASourceReplacingItselfDuringAReadFinishesAndIsReplacedAfter) {
  DiagnosticRegistry reg;
  reg.register_source("self", [&] {
    reg.register_source("self", [] { return "new"; });
    return "old";
  });
  EXPECT_EQ(*reg.read()[0].value, DiagnosticValue("old"));
  EXPECT_EQ(*reg.read()[0].value, DiagnosticValue("new"));
}

TEST(Registry, ClearingDuringAReadTakesEffectAfterIt) {
  DiagnosticRegistry reg;
  reg.register_source("a", [&] {
    reg.clear();
    return 1;
  });
  reg.register_source("b", [] { return 2; });
  EXPECT_EQ(reg.read().size(), 2u);
  EXPECT_TRUE(reg.empty());
}

TEST(Registry, ClearDropsEverySource) {
  DiagnosticRegistry reg;
  reg.register_source("a", [] { return 1; });
  reg.clear();
  EXPECT_TRUE(reg.empty());
  EXPECT_FALSE(reg.contains("a"));
  EXPECT_TRUE(reg.read().empty());
  reg.register_source("a", [] { return 1; });
  EXPECT_TRUE(reg.contains("a"));
}

TEST(EvaluateSource, ReportsExactlyOneOfValueAndError) {
  const auto ok = evaluate_source("n", [] { return DiagnosticValue(1.5); });
  EXPECT_TRUE(ok.value && !ok.error);
  const auto bad = evaluate_source("n", []() -> DiagnosticValue { throw std::logic_error("x"); });
  EXPECT_TRUE(!bad.value && bad.error);
}

}  // namespace
}  // namespace framecheck
