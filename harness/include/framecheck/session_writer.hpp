// SessionWriter: appends a session line by line, flushing each, under FILE.partial until finish()
// renames it to FILE. A run killed midway leaves FILE.partial: a readable prefix.
#pragma once

#include <cstdio>
#include <filesystem>
#include <framecheck/result.hpp>
#include <framecheck/session.hpp>
#include <memory>
#include <string>

namespace framecheck {

//   auto writer = SessionWriter::create("run.jsonl", header);
//   writer->write(frame_record);
//   writer->write(checkpoint);
//   writer->finish();  // run.jsonl appears, whole
class SessionWriter {
 public:
  static Result<SessionWriter> create(const std::filesystem::path& path,
                                      const SessionHeader& header);

  Status write(const FrameRecord& frame);
  Status write(const Checkpoint& checkpoint);
  // Closes the file and renames it into place.
  Status finish();

  const std::filesystem::path& partial_path() const { return partial_; }

 private:
  SessionWriter(std::filesystem::path path, std::filesystem::path partial, std::FILE* file);
  Status put_line(const std::string& line);

  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::filesystem::path path_;
  std::filesystem::path partial_;
  std::unique_ptr<std::FILE, Closer> file_;
};

// The JSON forms, shared by the writer and the tests.
std::string session_header_line(const SessionHeader& header);
std::string frame_record_line(const FrameRecord& frame);
std::string checkpoint_line(const Checkpoint& checkpoint);

}  // namespace framecheck
