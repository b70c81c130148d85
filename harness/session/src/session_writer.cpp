#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <framecheck/determinism/hex_text.hpp>
#include <framecheck/io/output_file.hpp>
#include <framecheck/session/session_lines.hpp>
#include <framecheck/session/session_reader.hpp>
#include <framecheck/session/session_writer.hpp>
#include <optional>
#include <utility>

#include "session_json.hpp"

namespace framecheck {

std::string session_header_line(const SessionHeader& header) {
  return session_json::header(header).dump();
}
std::string frame_record_line(const FrameRecord& frame) {
  return session_json::frame(frame).dump();
}
std::string checkpoint_line(const Checkpoint& checkpoint) {
  return session_json::checkpoint(checkpoint).dump();
}
std::string keyframe_line(const Keyframe& keyframe) {
  return session_json::keyframe(keyframe).dump();
}
std::string checksum_text(std::uint64_t checksum) {
  return hex_text(checksum);
}

namespace {

// Why a .partial could not be created exclusively: a live recording holds its lock; a killed
// one left it unlocked.
Error partial_in_the_way(const std::filesystem::path& path, const std::filesystem::path& partial) {
  const int fd = ::open(partial.c_str(), O_RDONLY | O_CLOEXEC);
  const bool locked = fd >= 0 && ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  if (fd >= 0) ::close(fd);
  if (locked) {
    return Error{path.string(), "",
                 "another recording is writing it now (" + partial.string() + " is locked)"};
  }
  return Error{path.string(), "",
               partial.string() +
                   " is left from a recording that did not finish and is kept as it is (it "
                   "replays as a prefix); move or remove it to record again"};
}

}  // namespace

SessionWriter::SessionWriter(std::filesystem::path path, std::filesystem::path target,
                             std::filesystem::path partial, int fd, bool owns_fd)
    : path_(std::move(path)),
      target_(std::move(target)),
      partial_(std::move(partial)),
      fd_(fd),
      owns_fd_(owns_fd) {}

SessionWriter::SessionWriter(SessionWriter&& other) noexcept
    : path_(std::move(other.path_)),
      target_(std::move(other.target_)),
      partial_(std::move(other.partial_)),
      fd_(std::exchange(other.fd_, -1)),
      owns_fd_(other.owns_fd_),
      finished_(std::exchange(other.finished_, true)),
      format_(other.format_),
      zstd_(std::move(other.zstd_)),
      compressed_(std::move(other.compressed_)),
      unflushed_frames_(other.unflushed_frames_) {
  other.zstd_.reset();
}

SessionWriter::~SessionWriter() {
  // Not finished and not abandoned: the run stopped midway, and the .partial stays a prefix,
  // a compressed one ended as a whole zstd frame.
  if (!finished_ && zstd_) {
    zstd_->end(compressed_);
    (void)drain();
  }
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
}

Result<SessionWriter> SessionWriter::create(const std::filesystem::path& path,
                                            const SessionHeader& header) {
  Result<OutputTarget> out = resolve_output(path);
  if (!out) return out.error();
  std::optional<SessionWriter> writer;
  if (out->kind == OutputKind::kStream) {
    writer.emplace(SessionWriter(path, {}, {}, out->fd, false));
  } else if (out->kind == OutputKind::kDirect) {
    const int fd = ::open(out->target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
      return Error{path.string(), "",
                   errno == ENXIO ? "is a FIFO that no program is reading"
                                  : "cannot write: " + std::string(std::strerror(errno))};
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    writer.emplace(SessionWriter(path, {}, {}, fd, true));
  } else {
    std::filesystem::path partial = out->target;
    partial += ".partial";
    const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
      if (errno == EEXIST) return partial_in_the_way(path, partial);
      return Error{path.string(), "", "cannot write: " + std::string(std::strerror(errno))};
    }
    // Held until this process ends: what tells a live recording from a killed one's leftovers.
    (void)::flock(fd, LOCK_EX | LOCK_NB);
    writer.emplace(SessionWriter(path, out->target, std::move(partial), fd, true));
  }
  writer->format_ = header.format;
  if (is_zstd_path(path)) writer->zstd_.emplace();
  if (Status s = writer->put_line(session_header_line(header)); !s) {
    writer->abandon();
    return s.error();
  }
  if (writer->zstd_) {
    // The header in a block of its own: a .partial is a session from its first frame on.
    writer->zstd_->flush(writer->compressed_);
    if (Status s = writer->drain(); !s) {
      writer->abandon();
      return s.error();
    }
  }
  return std::move(*writer);
}

Status SessionWriter::put_line(std::string line) {
  if (finished_) return Error{path_.string(), "", "the session is already finished"};
  // One whole line in one write: whatever stops the process, the file ends on a whole record or
  // a cut-short last line, which a reader replays up to.
  line.push_back('\n');
  if (!zstd_) return write_all(fd_, line, written_name());
  zstd_->add(line, compressed_);
  return drain();
}

std::string SessionWriter::written_name() const {
  return partial_.empty() ? path_.string() : partial_.string();
}

Status SessionWriter::drain() {
  if (compressed_.empty()) return Ok{};
  Status s = write_all(fd_, compressed_, written_name());
  compressed_.clear();
  return s;
}

Status SessionWriter::write(const FrameRecord& frame) {
  for (const InputEvent& e : frame.inputs) {
    if (std::holds_alternative<GameAction>(e)) {
      return Error{path_.string(), "frame " + std::to_string(frame.frame),
                   "a game action cannot be recorded; record keys, pointer, gamepads and travel"};
    }
    if (format_ < 2 &&
        (std::holds_alternative<KeyRelease>(e) || std::holds_alternative<Pointer>(e))) {
      return Error{path_.string(), "frame " + std::to_string(frame.frame),
                   "keyups and pointer input need session format 2"};
    }
    if (!has_gamepads(format_) && std::holds_alternative<Gamepad>(e)) {
      return Error{path_.string(), "frame " + std::to_string(frame.frame),
                   "gamepad input needs session format 5"};
    }
  }
  if (zstd_ && unflushed_frames_ >= kZstdFlushFrames) {
    // Ended before a frame, so each block holds whole frames with their checkpoints.
    zstd_->flush(compressed_);
    unflushed_frames_ = 0;
    if (Status s = drain(); !s) return s;
  }
  ++unflushed_frames_;
  return put_checked(frame_record_line(frame), frame.frame, "record");
}

Status SessionWriter::write(const Checkpoint& checkpoint) {
  return put_checked(checkpoint_line(checkpoint), checkpoint.frame, "checkpoint");
}

Status SessionWriter::write(const Keyframe& keyframe) {
  return put_checked(keyframe_line(keyframe), keyframe.frame(), "keyframe");
}

Status SessionWriter::put_checked(std::string line, std::uint64_t frame, const char* what) {
  // Nothing is written that the reader would refuse: a line past its bound ends the recording
  // here, with what came before kept, rather than a session no replay can read.
  if (line.size() > kMaxSessionLineBytes) {
    return Error{path_.string(), "frame " + std::to_string(frame),
                 std::string("the frame's ") + what + " is " + std::to_string(line.size()) +
                     " bytes, longer than the " + std::to_string(kMaxSessionLineBytes) +
                     " (8 MiB) a session line may be (too many inputs in one frame?)"};
  }
  return put_line(std::move(line));
}

Status SessionWriter::finish() {
  if (finished_) return Error{path_.string(), "", "the session is already finished"};
  if (zstd_) {
    zstd_->end(compressed_);
    if (Status s = drain(); !s) return s;
  }
  finished_ = true;
  if (!partial_.empty() && ::rename(partial_.c_str(), target_.c_str()) != 0)
    return Error{path_.string(), "", "cannot write: " + std::string(std::strerror(errno))};
  const int fd = std::exchange(fd_, -1);
  if (owns_fd_ && ::close(fd) != 0)
    return Error{path_.string(), "", "cannot write: " + std::string(std::strerror(errno))};
  return Ok{};
}

std::filesystem::path SessionWriter::keep() {
  if (finished_) return {};
  if (zstd_) {
    zstd_->end(compressed_);
    (void)drain();
  }
  finished_ = true;
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
  fd_ = -1;
  return partial_.empty() ? path_ : partial_;
}

void SessionWriter::abandon() {
  if (finished_) return;
  finished_ = true;
  if (!partial_.empty()) ::unlink(partial_.c_str());
  if (fd_ >= 0 && owns_fd_) ::close(fd_);
  fd_ = -1;
}

}  // namespace framecheck
