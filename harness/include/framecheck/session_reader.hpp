// SessionReader: reads a session record by record, checking everything; every problem is an
// Error naming the file, the line and what was expected.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/result.hpp>
#include <framecheck/session.hpp>
#include <optional>
#include <string>
#include <vector>

namespace framecheck {

//   auto reader = SessionReader::open("run.jsonl");
//   if (!reader) return fail(reader.error());
//   while (true) {
//     auto record = reader->next();
//     if (!record) return fail(record.error());
//     if (!*record) break;  // the end
//     ...
//   }
class SessionReader {
 public:
  // Reads the file and its header (line 1).
  static Result<SessionReader> open(const std::filesystem::path& path);
  // The same over bytes in memory; `name` stands for the file in messages.
  static Result<SessionReader> from_bytes(std::string bytes, std::string name);

  const SessionHeader& header() const { return header_; }
  // The next record, or nullopt at the end. A last line cut short (no end of line, not valid
  // JSON) ends the session with a warning instead of an error: the intact prefix replays.
  Result<std::optional<SessionRecord>> next();
  // Warnings so far ("run.jsonl:1803: the last line is cut short; ...").
  const std::vector<std::string>& warnings() const { return warnings_; }
  const std::string& name() const { return name_; }
  // How much of the file has been read, 0 to 1.
  double progress() const {
    return bytes_.empty() ? 1.0 : static_cast<double>(pos_) / static_cast<double>(bytes_.size());
  }

 private:
  SessionReader(std::string bytes, std::string name)
      : bytes_(std::move(bytes)), name_(std::move(name)) {}
  Result<SessionHeader> read_header();
  Error error(std::uint64_t line, std::string what) const;

  std::string bytes_;
  std::string name_;
  std::size_t pos_ = 0;
  std::uint64_t line_ = 0;
  std::uint64_t last_frame_ = 0;
  bool checkpoint_after_last_frame_ = false;
  SessionHeader header_;
  std::vector<std::string> warnings_;
};

}  // namespace framecheck
