#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <framecheck/session_reader.hpp>
#include <framecheck/session_writer.hpp>
#include <limits>

namespace framecheck {
namespace {

namespace fs = std::filesystem;

TEST(SessionWriter, WhatItWritesReadsBackTheSame) {
  const fs::path path = fs::temp_directory_path() / "framecheck-writer-test.jsonl";
  SessionHeader h;
  h.game = "g";
  h.seed = 18446744073709551615ULL;  // the whole range of a seed survives JSON
  FrameRecord f{1, SimTime(16666666), 0.1 + 0.2, {KeyPress{"KeyA", true}, Travel{"two"}}};
  Checkpoint c;
  c.frame = 1;
  c.checksum = 0x0123456789abcdefULL;
  c.metrics = {1, 0.1 + 0.2, 0.3, 0.30000000000000004};
  c.readings = {{"s", DiagnosticValue("text \"quoted\""), std::nullopt},
                {"n", DiagnosticValue(-0.0625), std::nullopt},
                {"inf", DiagnosticValue(-std::numeric_limits<double>::infinity()), std::nullopt},
                {"b", DiagnosticValue(false), std::nullopt},
                {"e", std::nullopt, std::string("boom")}};
  {
    auto w = SessionWriter::create(path, h);
    ASSERT_TRUE(w);
    ASSERT_TRUE(w->write(f));
    ASSERT_TRUE(w->write(c));
    EXPECT_TRUE(fs::exists(w->partial_path()));
    EXPECT_FALSE(fs::exists(path)) << "the session appeared before it was finished";
    ASSERT_TRUE(w->finish());
  }
  auto r = SessionReader::open(path);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->header(), h);
  auto f2 = r->next();
  EXPECT_EQ(std::get<FrameRecord>(**f2), f);
  auto c2 = r->next();
  const auto& back = std::get<Checkpoint>(**c2);
  EXPECT_EQ(back.checksum, c.checksum);
  EXPECT_EQ(back.metrics, c.metrics);
  EXPECT_EQ(back.readings, c.readings);
  fs::remove(path);
}

TEST(SessionWriter, AGameActionCannotBeRecorded) {
  const fs::path path = fs::temp_directory_path() / "framecheck-writer-action.jsonl";
  auto w = SessionWriter::create(path, {});
  ASSERT_TRUE(w);
  EXPECT_FALSE(w->write(FrameRecord{1, SimTime(1), 1, {GameAction{"cheat", nullptr}}}));
  fs::remove(w->partial_path());
}

TEST(SessionWriter, AnUnwritablePathIsAnError) {
  auto w = SessionWriter::create("/nonexistent/dir/s.jsonl", {});
  ASSERT_FALSE(w);
  EXPECT_NE(w.error().message().find("/nonexistent/dir/s.jsonl"), std::string::npos);
}

}  // namespace
}  // namespace framecheck
