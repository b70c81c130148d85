#include <gtest/gtest.h>

#include <filesystem>
#include <framecheck/golden/golden_record.hpp>
#include <fstream>

#include "test_folder.hpp"

namespace framecheck {
namespace {

namespace fs = std::filesystem;

TEST(GoldenRecordTest, ABadRecordNamesTheFileAndTheField) {
  const TestFolder dir;
  const fs::path file = dir / "case.result.json";
  std::ofstream(file) << "[1, 2]";
  Result<GoldenRecord> r = read_golden_record(file);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find(file.string()), std::string::npos);
  GoldenRecord good{.suite = "s", .name = "n", .case_id = "S.N", .outcome = "changed"};
  std::string text = golden_record_json(good);
  std::ofstream(file) << text;
  r = read_golden_record(file);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->case_id, "S.N");
  text.replace(text.find("\"n\""), 3, "\"../n\"");
  std::ofstream(file) << text;
  r = read_golden_record(file);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("plain file names"), std::string::npos);
  // A parameterised case's name has folders of plain names; nothing else climbs or roots.
  GoldenRecord nested = good;
  nested.name = "steps/frame/0";
  std::ofstream(file) << golden_record_json(nested);
  r = read_golden_record(file);
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->name, "steps/frame/0");
  for (const char* name : {"steps/../../n", "/n", "steps//0", "steps/", "./n"}) {
    nested.name = name;
    std::ofstream(file) << golden_record_json(nested);
    r = read_golden_record(file);
    EXPECT_FALSE(r) << name;
  }
  nested.suite = "a/b";
  nested.name = "n";
  std::ofstream(file) << golden_record_json(nested);
  EXPECT_FALSE(read_golden_record(file)) << "a suite is one plain name";
  text = golden_record_json(good);
  text.replace(text.find("\"exact\":0"), 9, "\"exact\":\"0\"");
  std::ofstream(file) << text;
  r = read_golden_record(file);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message().find("\"exact\": expected a whole number"), std::string::npos)
      << r.error().message();
}

TEST(GoldenRecordTest, TheHashIsFnv1a) {
  EXPECT_EQ(golden_bytes_hash(""), 14695981039346656037ull);
  EXPECT_EQ(golden_bytes_hash("a"), 0xaf63dc4c8601ec8cull);  // FNV-1a's published value for "a"
}

}  // namespace
}  // namespace framecheck
