#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <string>
#include <string_view>

namespace framecheck {
namespace {

// The conversion rules are compile-time facts; a change that breaks one stops the build.
static_assert(std::is_convertible_v<int, DiagnosticValue>);
static_assert(std::is_convertible_v<const char*, DiagnosticValue>);
static_assert(std::is_convertible_v<std::string_view, DiagnosticValue>);
static_assert(!std::is_convertible_v<char, DiagnosticValue>, "a char is not silently a number");
static_assert(!std::is_convertible_v<void*, DiagnosticValue>);

TEST(DiagnosticValue, IntegersAndFloatsBecomeNumbers) {
  EXPECT_TRUE(DiagnosticValue(1).is_number());
  EXPECT_TRUE(DiagnosticValue(std::uint64_t{5}).is_number());
  EXPECT_TRUE(DiagnosticValue(short{-2}).is_number());
  EXPECT_TRUE(DiagnosticValue(2.5f).is_number());
  EXPECT_EQ(DiagnosticValue(7).as_number(), 7.0);
}

TEST(DiagnosticValue, AnIntNeverBecomesABool) {
  const DiagnosticValue one(1);
  const DiagnosticValue zero(0);
  EXPECT_FALSE(one.is_bool());
  EXPECT_FALSE(zero.is_bool());
}

TEST(DiagnosticValue, StringLikesBecomeStringsNeverBools) {
  const char* c = "none";
  EXPECT_TRUE(DiagnosticValue(c).is_string());
  EXPECT_TRUE(DiagnosticValue("-").is_string());
  EXPECT_TRUE(DiagnosticValue(std::string("x")).is_string());
  EXPECT_TRUE(DiagnosticValue(std::string_view("y")).is_string());
  EXPECT_EQ(DiagnosticValue(c).as_string(), "none");
}

TEST(DiagnosticValue, BoolsStayBools) {
  EXPECT_TRUE(DiagnosticValue(true).is_bool());
  EXPECT_FALSE(DiagnosticValue(false).as_bool());
}

TEST(DiagnosticValue, EqualityComparesKindAndValue) {
  EXPECT_EQ(DiagnosticValue(1), DiagnosticValue(1.0));
  EXPECT_NE(DiagnosticValue(1), DiagnosticValue(true));
  EXPECT_NE(DiagnosticValue("1"), DiagnosticValue(1));
}

TEST(DiagnosticReading, OkMeansAValue) {
  DiagnosticReading r{"a", DiagnosticValue(1), std::nullopt};
  EXPECT_TRUE(r.ok());
  r = {"a", std::nullopt, std::string("e")};
  EXPECT_FALSE(r.ok());
}

}  // namespace
}  // namespace framecheck
