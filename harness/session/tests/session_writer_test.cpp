#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>
#include <fstream>
#include <limits>
#include <sstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

TEST(SessionWriter, WhatItWritesReadsBackTheSame) {
  const TestFolder dir;
  const fs::path path = dir / "framecheck-writer-test.jsonl";
  SessionHeader h;
  h.game = "g";
  h.run.seed = 18446744073709551615ULL;  // the whole range of a seed survives JSON
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
}

TEST(SessionWriter, AGameActionCannotBeRecorded) {
  const TestFolder dir;
  const fs::path path = dir / "framecheck-writer-action.jsonl";
  auto w = SessionWriter::create(path, {});
  ASSERT_TRUE(w);
  EXPECT_FALSE(w->write(FrameRecord{1, SimTime(1), 1, {GameAction{"cheat", nullptr}}}));
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
  TestFolder dir_;
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
  EXPECT_TRUE(std::filesystem::is_empty(dir_.path()));
}

TEST_F(SessionWriterFiles, ADeviceIsWrittenDirectly) {
  auto writer = SessionWriter::create("/dev/null", header_);
  ASSERT_TRUE(writer) << writer.error().message();
  EXPECT_TRUE(writer->partial_path().empty());
  ASSERT_TRUE(writer->write(FrameRecord{1, SimTime(1), 1.0, {}}));
  ASSERT_TRUE(writer->finish());
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

// Frames from..to, each with its checkpoint.
void write_frames(SessionWriter& w, std::uint64_t from, std::uint64_t to) {
  for (std::uint64_t i = from; i <= to; ++i) {
    ASSERT_TRUE(w.write(FrameRecord{i, SimTime(16666667), 0.25 * static_cast<double>(i % 7), {}}));
    Checkpoint c;
    c.frame = i;
    c.checksum = i * 0x9e3779b97f4a7c15ULL;
    ASSERT_TRUE(w.write(c));
  }
}

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every record of a session, read back; the reader's warnings into `warnings`.
std::uint64_t frames_in(const fs::path& path, std::vector<std::string>* warnings = nullptr) {
  auto r = SessionReader::open(path);
  EXPECT_TRUE(r) << r.error().message();
  if (!r) return 0;
  std::uint64_t frames = 0;
  while (true) {
    auto record = r->next();
    EXPECT_TRUE(record) << record.error().message();
    if (!record || !*record) break;
    if (std::holds_alternative<FrameRecord>(**record)) ++frames;
  }
  if (warnings != nullptr) *warnings = r->warnings();
  return frames;
}

TEST_F(SessionWriterFiles, ANameEndingInZstIsWrittenAsZstdOfTheSameLines) {
  for (const char* name : {"s.jsonl", "s.jsonl.zst"}) {
    auto w = SessionWriter::create(dir_ / name, header_);
    ASSERT_TRUE(w) << w.error().message();
    write_frames(*w, 1, 1000);
    ASSERT_TRUE(w->finish());
  }
  const std::string plain = bytes_of(dir_ / "s.jsonl");
  const std::string packed = bytes_of(dir_ / "s.jsonl.zst");
  ASSERT_GE(packed.size(), 4u);
  EXPECT_EQ(packed.substr(0, 4), std::string("\x28\xb5\x2f\xfd", 4));
  EXPECT_LT(packed.size() * 5, plain.size());
  // Read back through the reader, and decompressed whole (the zstd command's view of it).
  EXPECT_EQ(frames_in(dir_ / "s.jsonl.zst"), 1000u);
  Result<InputFile> file = InputFile::open(dir_ / "s.jsonl.zst", "a session");
  ASSERT_TRUE(file);
  DecodedInput in(std::move(*file), {.zstd = true});
  std::string back(plain.size() + 1, '\0');
  std::size_t have = 0;
  for (Result<std::size_t> n = in.read(back.data(), back.size()); n && *n > 0;
       n = in.read(back.data() + have, back.size() - have))
    have += *n;
  EXPECT_EQ(back.substr(0, have), plain);
  EXPECT_FALSE(in.cut_short());
}

TEST_F(SessionWriterFiles, AKilledCompressedRecordingLosesAtMostItsLastBlockAndSaysSo) {
  // The child records and dies without a word: no destructor, no finish, as a kill -9 leaves it.
  const fs::path path = dir_ / "s.jsonl.zst";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto w = SessionWriter::create(path, header_);
    if (!w) ::_exit(3);
    write_frames(*w, 1, 1000);
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  fs::path partial = path;
  partial += ".partial";
  ASSERT_TRUE(fs::exists(partial));
  std::vector<std::string> warnings;
  const std::uint64_t frames = frames_in(partial, &warnings);
  EXPECT_GE(frames, 1000 - kZstdFlushFrames);
  EXPECT_LT(frames, 1000u) << "the last block was never ended, so it cannot be read";
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings.front().find("the zstd stream is cut short after"), std::string::npos)
      << warnings.front();
  EXPECT_NE(warnings.front().find("loses at most the 60 frames"), std::string::npos)
      << warnings.front();
}

TEST_F(SessionWriterFiles, ACompressedRecordingStoppedMidwayKeepsEveryFrameWritten) {
  auto w = SessionWriter::create(dir_ / "s.jsonl.zst", header_);
  ASSERT_TRUE(w);
  write_frames(*w, 1, 130);
  const fs::path kept = w->keep();
  EXPECT_EQ(frames_in(kept), 130u);
}

}  // namespace
}  // namespace framecheck
