#include <cerrno>
#include <cstring>
#include <framecheck/session_writer.hpp>
#include <system_error>

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

SessionWriter::SessionWriter(std::filesystem::path path, std::filesystem::path partial,
                             std::FILE* file)
    : path_(std::move(path)), partial_(std::move(partial)), file_(file) {}

Result<SessionWriter> SessionWriter::create(const std::filesystem::path& path,
                                            const SessionHeader& header) {
  std::filesystem::path partial = path;
  partial += ".partial";
  std::FILE* f = std::fopen(partial.c_str(), "wb");
  if (f == nullptr)
    return Error{path.string(), "", std::string("cannot write: ") + std::strerror(errno)};
  SessionWriter writer(path, std::move(partial), f);
  if (Status s = writer.put_line(session_header_line(header)); !s) return s.error();
  return writer;
}

Status SessionWriter::put_line(const std::string& line) {
  if (!file_) return Error{path_.string(), "", "the session is already finished"};
  // One line, then a flush: whatever stops the process, the file ends on a whole record or a
  // cut-short last line, which a reader replays up to.
  if (std::fwrite(line.data(), 1, line.size(), file_.get()) != line.size() ||
      std::fputc('\n', file_.get()) == EOF || std::fflush(file_.get()) != 0) {
    return Error{partial_.string(), "", std::string("cannot write: ") + std::strerror(errno)};
  }
  return Ok{};
}

Status SessionWriter::write(const FrameRecord& frame) {
  for (const InputEvent& e : frame.inputs) {
    if (std::holds_alternative<GameAction>(e)) {
      return Error{path_.string(), "frame " + std::to_string(frame.frame),
                   "a game action cannot be recorded; record keys and travel"};
    }
  }
  return put_line(frame_record_line(frame));
}

Status SessionWriter::write(const Checkpoint& checkpoint) {
  return put_line(checkpoint_line(checkpoint));
}

Status SessionWriter::finish() {
  if (!file_) return Error{path_.string(), "", "the session is already finished"};
  if (std::fclose(file_.release()) != 0) return Error{partial_.string(), "", std::strerror(errno)};
  std::error_code ec;
  std::filesystem::rename(partial_, path_, ec);
  if (ec) return Error{path_.string(), "", "cannot write: " + ec.message()};
  return Ok{};
}

}  // namespace framecheck
