#include <gtest/gtest.h>

#include <framecheck/explore/finding_session.hpp>
#include <framecheck/session/session_lines.hpp>
#include <kite.hpp>
#include <string>

namespace framecheck {
namespace {

using testing::Kite;
using testing::kite_factory;

// A finding's session as explore writes one for a finding that stopped frame 1: the header
// alone, holding the finding and the input before frame 1.
std::string thrown_at_frame_one(const std::string& kind = "exception") {
  SessionHeader h;
  h.game = "kite-throws";
  h.finding = recorded_finding(
      {.kind = FindingKind::kException,
       .frame = 1,
       .place = "key_down: std::out_of_range",
       .detail = "key_down threw std::out_of_range: Kite: no wind that strong to the left"},
      {Gamepad{{.kind = GamepadKind::kAxis, .index = kPadLeftX, .value = -0.8}},
       KeyPress{"ArrowLeft"}},
      300);
  h.finding->kind = kind;
  return session_header_line(h) + "\n";
}

Result<FindingReplay> played(const std::string& bytes, const SimulationFactory& make) {
  Result<SessionReader> reader = SessionReader::from_bytes(bytes, "found.jsonl");
  if (!reader) return reader.error();
  return replay_finding(*reader, make);
}

TEST(FindingSession, PlaysToTheSameFindingAtTheSameFrame) {
  const Result<FindingReplay> r = played(thrown_at_frame_one(), kite_factory(Kite::Bug::kThrows));
  ASSERT_TRUE(r) << r.error().message();
  ASSERT_TRUE(r->found);
  EXPECT_TRUE(r->same()) << describe(*r->found);
  EXPECT_EQ(r->found->detail, r->recorded.detail);
}

TEST(FindingSession, ShowsNothingOnceTheBugIsFixed) {
  const Result<FindingReplay> r = played(thrown_at_frame_one(), kite_factory());
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_FALSE(r->found);
  EXPECT_FALSE(r->same());
  EXPECT_EQ(r->frames, 1u);
}

TEST(FindingSession, ABugOtherThanTheRecordedOneIsNotTheSame) {
  const Result<FindingReplay> r = played(thrown_at_frame_one(), kite_factory(Kite::Bug::kCrashes));
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_FALSE(r->same()) << (r->found ? describe(*r->found) : "nothing");
}

TEST(FindingSession, EveryKindIsNamedAndReadBack) {
  std::string names;
  for (const FindingKind kind : kFindingKinds) {
    names += (names.empty() ? "" : ", ") + std::string(kind_name(kind));
    EXPECT_EQ(kind_from_name(kind_name(kind)), kind);
  }
  EXPECT_EQ(names, kKindNames);
}

TEST(FindingSession, RefusesAKindNoFindingHasAndASessionWithoutOne) {
  Result<FindingReplay> r = played(thrown_at_frame_one("wobble"), kite_factory());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message(),
            "found.jsonl:line 1: header: \"finding\" \"kind\" \"wobble\" is not one of exception, "
            "crash, not-finite, invariant, hang, nondeterminism");
  SessionHeader plain;
  plain.game = "kite";
  r = played(session_header_line(plain) + "\n", kite_factory());
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("found.jsonl:line 1: the header holds no \"finding\""),
            std::string::npos)
      << r.error().message();
}

}  // namespace
}  // namespace framecheck
