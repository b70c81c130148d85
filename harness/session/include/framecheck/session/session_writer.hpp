// SessionWriter: appends a session line by line, writing each through, under FILE.partial until
// finish() renames it to FILE. A run killed midway leaves FILE.partial: a readable prefix.
// The .partial is created exclusively and locked while the recording runs, so a second recording
// to the same file is refused at its start, and a .partial that an earlier, killed run left is
// never overwritten: the writer refuses, saying which of the two it found. A path that is not a
// regular file (/dev/null, a FIFO, "-") is written directly, as every framecheck output is.
// A name ending in .zst is written as zstd, a block ended every kZstdFlushFrames frames so that
// the .partial of a killed run decompresses (with `zstd -d` too) to all but its last few frames.
#pragma once

#include <cstdint>
#include <filesystem>
#include <framecheck/io/result.hpp>
#include <framecheck/io/zstd_stream.hpp>
#include <framecheck/session/session.hpp>
#include <optional>
#include <string>

namespace framecheck {

// How often a compressed session's writer ends a zstd block: every this many frames (a second at
// 60 fps), the most a killed recording loses. More often costs size: a block ended is one that
// cannot share its entropy tables with the next.
inline constexpr std::uint64_t kZstdFlushFrames = 60;

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
  // Format 6: directly after the checkpoint of its frame.
  Status write(const Keyframe& keyframe);
  // Closes the file and renames it into place.
  Status finish();
  // Gives up: removes the .partial (a run that failed cleanly leaves nothing behind).
  void abandon();
  // Stops writing and keeps what was written, a prefix a replay reads (with a warning where its
  // last line was cut short): for a recording that failed midway, whose frames are a person's.
  // Returns where it is: the .partial, or the file written directly; empty if already finished.
  std::filesystem::path keep();

  // Where the session grows; empty when it is written directly.
  const std::filesystem::path& partial_path() const { return partial_; }

  SessionWriter(SessionWriter&& other) noexcept;
  SessionWriter& operator=(SessionWriter&&) = delete;
  SessionWriter(const SessionWriter&) = delete;
  ~SessionWriter();

 private:
  SessionWriter(std::filesystem::path path, std::filesystem::path target,
                std::filesystem::path partial, int fd, bool owns_fd);
  Status put_line(std::string line);
  // Writes out what zstd has finished.
  Status drain();
  // The file the bytes go to, for messages: the .partial, or the path written directly.
  std::string written_name() const;
  // put_line for a record of `frame`, refused when the reader could not read it back.
  Status put_checked(std::string line, std::uint64_t frame, const char* what);

  std::filesystem::path path_;     // as given, for messages
  std::filesystem::path target_;   // what finish() renames onto (a symlink's final target)
  std::filesystem::path partial_;  // empty for direct writes
  int fd_ = -1;
  bool owns_fd_ = true;
  bool finished_ = false;
  int format_ = kSessionFormatVersion;  // the header's: format 1 refuses keyups and pointer input
  std::optional<ZstdWriter> zstd_;      // for a name ending in .zst
  std::string compressed_;              // zstd's output not yet written
  std::uint64_t unflushed_frames_ = 0;  // frames written since the last block ended
};

}  // namespace framecheck
