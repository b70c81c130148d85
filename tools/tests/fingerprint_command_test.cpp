// fingerprint's options, and what it prints.
#include "fingerprint_command.hpp"

#include <gtest/gtest.h>

#include <framecheck/session/math_fingerprint.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "exit_codes.hpp"
#include "parse_args.hpp"

namespace framecheck::cli {
namespace {

TEST(FingerprintOptions, TakesJsonAndNothingElse) {
  auto plain = parse_args(parse_fingerprint, {"fingerprint"});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(options_of(plain).json);
  auto json = parse_args(parse_fingerprint, {"fingerprint", "--json"});
  ASSERT_TRUE(json);
  EXPECT_TRUE(options_of(json).json);
  EXPECT_FALSE(parse_args(parse_fingerprint, {"fingerprint", "extra"}));
}

TEST(Fingerprint, PrintsTheCompilerTheLibrariesAndAHashAFunction) {
  std::ostringstream out, err;
  EXPECT_EQ(run_fingerprint({}, out, err), kExitOk);
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("compiler: ", 0), 0u) << text;
  for (const char* f : {"sin", "cos", "exp", "log", "pow"}) {
    EXPECT_NE(text.find(std::string("std::") + f + ": 64 probes, hash "), std::string::npos) << f;
  }
  std::ostringstream json_out;
  EXPECT_EQ(run_fingerprint({.json = true}, json_out, err), kExitOk);
  const auto j = nlohmann::json::parse(json_out.str());
  EXPECT_EQ(j["math"]["sin"]["values"].size(), 64u);
  EXPECT_EQ(j["c_library"], math_fingerprint().c_library);
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace framecheck::cli
