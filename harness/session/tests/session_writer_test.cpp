#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>
#include <fstream>
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

namespace framecheck {
namespace {

class SessionWriterFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("framecheck-writer-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
  SessionHeader header_{.game = "g"};
};

TEST_F(SessionWriterFiles, ASecondWriterToTheSameFileIsRefusedWhileTheFirstRuns) {
  auto first = SessionWriter::create(dir_ / "s.jsonl", header_);
  ASSERT_TRUE(first);
  auto second = SessionWriter::create(dir_ / "s.jsonl", header_);
  ASSERT_FALSE(second);
  EXPECT_NE(second.error().message().find("another recording is writing it now"), std::string::npos)
      << second.error().message();
  ASSERT_TRUE(first->write(FrameRecord{1, SimTime(1), 1.0, {}}));
  ASSERT_TRUE(first->finish());
  EXPECT_TRUE(std::filesystem::exists(dir_ / "s.jsonl"));
}

TEST_F(SessionWriterFiles, AKilledRunsPartialIsNeverTruncated) {
  std::ofstream(dir_ / "s.jsonl.partial") << "what a killed run left\n";
  auto writer = SessionWriter::create(dir_ / "s.jsonl", header_);
  ASSERT_FALSE(writer);
  EXPECT_NE(writer.error().message().find("left from a recording that did not finish"),
            std::string::npos)
      << writer.error().message();
  std::ifstream in(dir_ / "s.jsonl.partial");
  std::string kept;
  std::getline(in, kept);
  EXPECT_EQ(kept, "what a killed run left");
}

TEST_F(SessionWriterFiles, AnAbandonedRecordingLeavesNothing) {
  auto writer = SessionWriter::create(dir_ / "s.jsonl", header_);
  ASSERT_TRUE(writer);
  writer->abandon();
  EXPECT_TRUE(std::filesystem::is_empty(dir_));
}

TEST_F(SessionWriterFiles, ADeviceIsWrittenDirectly) {
  auto writer = SessionWriter::create("/dev/null", header_);
  ASSERT_TRUE(writer) << writer.error().message();
  EXPECT_TRUE(writer->partial_path().empty());
  ASSERT_TRUE(writer->write(FrameRecord{1, SimTime(1), 1.0, {}}));
  ASSERT_TRUE(writer->finish());
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

}  // namespace
}  // namespace framecheck
