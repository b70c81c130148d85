#include <gtest/gtest.h>

#include <framecheck/session/host_facts.hpp>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>

namespace framecheck {
namespace {

TEST(HostFacts, AreQueriedOnceAndSayWhatTheMachineIs) {
  const HostFacts& a = host_facts();
  const HostFacts& b = host_facts();
  EXPECT_EQ(&a, &b) << "queried twice";
  EXPECT_FALSE(a.cpu.empty());
  EXPECT_GT(a.cores, 0u);
  EXPECT_FALSE(a.os.empty());
  EXPECT_EQ(a.kernel.rfind("Linux ", 0), 0u) << a.kernel;
  EXPECT_NE(describe(a).find(" cores, "), std::string::npos);
}

TEST(HostFacts, TravelInTheSessionHeader) {
  SessionHeader h;
  h.game = "arena";
  h.host = HostFacts{"Some CPU", 8, "Some OS", "Linux 1.2.3"};
  auto reader = SessionReader::from_bytes(session_header_line(h) + "\n", "s.jsonl");
  ASSERT_TRUE(reader) << reader.error().message();
  EXPECT_EQ(reader->header(), h);
  // Malformed host facts are information lost, not a reason to refuse the session.
  std::string line = session_header_line(h);
  line.replace(line.find("\"cores\":8"), 9, "\"cores\":\"eight\"");
  auto lenient = SessionReader::from_bytes(line + "\n", "s.jsonl");
  ASSERT_TRUE(lenient);
  EXPECT_FALSE(lenient->header().host.has_value());
}

}  // namespace
}  // namespace framecheck
