#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/session/read_ahead.hpp>
#include <framecheck/session/session_reader.hpp>
#include <string>
#include <vector>

namespace framecheck {
namespace {

const std::string kHeader =
    R"({"type":"header","format":2,"framecheck":"0.1.0","game":"arena","game_version":"1.0.0","seed":7,)"
    R"("surface":[640,360],"logical":[320,180],"tick_rate":60,"fps":60,"checkpoint_every":100})";

// A session of `frames` frames (a checkpoint every 100), enough to span many of ReadAhead's
// batches.
std::string session(std::uint64_t frames) {
  std::string s = kHeader + "\n";
  for (std::uint64_t f = 1; f <= frames; ++f) {
    s += R"({"type":"frame","frame":)";
    s += std::to_string(f);
    s += R"(,"dt":16666667,"sample":1.5)";
    if (f % 7 == 0) s += R"(,"inputs":[{"key":"KeyA"}])";
    s += "}\n";
    if (f % 100 == 0 || f == frames) {  // a finished recording ends with a checkpoint
      s += R"({"type":"checkpoint","frame":)";
      s += std::to_string(f);
      s +=
          R"(,"checksum":"00000000000000ff","metrics":{"samples":1,"mean":1,"p95":1,"p99":1},"readings":[]})";
      s += "\n";
    }
  }
  return s;
}

// What a record is, in a form two reads can be compared by.
std::string describe(const SessionRecord& record) {
  if (const auto* frame = std::get_if<FrameRecord>(&record))
    return "frame " + std::to_string(frame->frame) + " inputs " +
           std::to_string(frame->inputs.size());
  return "checkpoint " + std::to_string(std::get<Checkpoint>(record).frame);
}

// Everything reader.next() gives, ending with "end" or the error's message.
std::vector<std::string> read_directly(const std::string& bytes) {
  auto reader = SessionReader::from_bytes(bytes, "s.jsonl");
  EXPECT_TRUE(reader);
  std::vector<std::string> out;
  while (true) {
    auto next = reader->next();
    if (!next) {
      out.push_back("error: " + next.error().message());
      return out;
    }
    if (!next->has_value()) break;
    out.push_back(describe(**next));
  }
  out.push_back("end");
  return out;
}

std::vector<std::string> read_ahead(const std::string& bytes, double* last_progress = nullptr) {
  auto reader = SessionReader::from_bytes(bytes, "s.jsonl");
  EXPECT_TRUE(reader);
  ReadAhead ahead(*reader);
  std::vector<std::string> out;
  double progress = 0;
  while (true) {
    Result<SessionRecord*> next = ahead.next();
    EXPECT_GE(ahead.progress(), progress);  // never goes back
    progress = ahead.progress();
    if (!next) {
      out.push_back("error: " + next.error().message());
      break;
    }
    if (*next == nullptr) {
      out.push_back("end");
      break;
    }
    out.push_back(describe(**next));
  }
  // After the end or an error, it keeps saying the end.
  Result<SessionRecord*> after = ahead.next();
  EXPECT_TRUE(after && *after == nullptr);
  if (last_progress) *last_progress = progress;
  return out;
}

TEST(ReadAhead, GivesWhatTheReaderGivesAcrossManyBatches) {
  const std::string bytes = session(ReadAhead::kBatch * (ReadAhead::kDepth + 3) + 17);
  double progress = 0;
  const std::vector<std::string> ahead = read_ahead(bytes, &progress);
  EXPECT_EQ(ahead, read_directly(bytes));
  EXPECT_EQ(ahead.back(), "end");
  EXPECT_EQ(progress, 1.0);
}

TEST(ReadAhead, GivesTheReadersErrorAtTheSamePlace) {
  std::string bytes = session(2 * ReadAhead::kBatch);
  bytes += R"({"type":"frame","frame":9999,"dt":16666667,"sample":1.5})";
  bytes += "\n";
  bytes += session(3).substr(kHeader.size() + 1);  // never reached
  const std::vector<std::string> ahead = read_ahead(bytes);
  EXPECT_EQ(ahead, read_directly(bytes));
  ASSERT_EQ(ahead.back().rfind("error: ", 0), 0u) << ahead.back();
}

TEST(ReadAhead, AShortSessionIsOneBatch) {
  const std::vector<std::string> expected{"frame 1 inputs 0", "checkpoint 1", "end"};
  EXPECT_EQ(read_ahead(session(1)), expected);
}

TEST(ReadAhead, GivesAnErrorOnTheFirstRecord) {
  const std::vector<std::string> ahead = read_ahead(kHeader + "\n");
  EXPECT_EQ(ahead, read_directly(kHeader + "\n"));
  ASSERT_EQ(ahead.size(), 1u);
  EXPECT_NE(ahead[0].find("no frames"), std::string::npos) << ahead[0];
}

TEST(ReadAhead, StopsItsThreadWhenLeftBeforeTheEnd) {
  // The reader's thread is blocked on a full queue; destruction must wake and join it.
  const std::string bytes = session(ReadAhead::kBatch * (ReadAhead::kDepth + 4));
  auto reader = SessionReader::from_bytes(bytes, "s.jsonl");
  ASSERT_TRUE(reader);
  for (int taken : {0, 1, 300}) {
    auto again = SessionReader::from_bytes(bytes, "s.jsonl");
    ASSERT_TRUE(again);
    ReadAhead ahead(*again);
    for (int i = 0; i < taken; ++i)
      ASSERT_TRUE(ahead.next());
  }
}

}  // namespace
}  // namespace framecheck
