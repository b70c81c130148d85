// Every file framecheck writes goes through here: sessions, PNGs, plots, CSV, diff pictures,
// goldens and reports share one policy, so none of them can replace what is not ours.
//
//   - A regular file (or a new one) is written to a unique temporary beside it, created
//     exclusively, then put in its place (renamed; over an existing file, the names exchanged
//     and the old file removed): a reader never sees half a file. A symlink is followed
//     and its final target replaced; the link stays a link.
//   - Anything else that exists (a device such as /dev/null, a FIFO, a socket) is written
//     directly and never replaced.
//   - "-", /dev/stdout, /dev/stderr and /dev/fd/N write to that open descriptor.
//   - Temporaries are removed on every way out, SIGINT and SIGTERM included.
//
//   if (Status s = check_outputs({out}, {session_path}); !s) return fail(s.error());
//   ...
//   if (Status s = write_output_file(out, bytes); !s) return fail(s.error());
#pragma once

#include <filesystem>
#include <framecheck/io/result.hpp>
#include <span>
#include <string>
#include <string_view>

namespace framecheck {

// How an output is written, decided from what its path names at the time.
enum class OutputKind {
  kReplace,  // a regular file or a new one: temporary, then rename
  kDirect,   // an existing device, FIFO or socket: opened and written as it is
  kStream,   // an open descriptor: "-", /dev/stdout, /dev/stderr, /dev/fd/N
};

// Where one output goes.
struct OutputTarget {
  std::filesystem::path given;   // as the caller named it, for messages
  std::filesystem::path target;  // kReplace: the file replaced (a symlink's final target)
  OutputKind kind = OutputKind::kReplace;
  int fd = -1;  // kStream: the descriptor written to
};

// Works out where `path` writes. A directory, an empty path, a missing or unwritable folder is
// an Error naming the path.
Result<OutputTarget> resolve_output(const std::filesystem::path& path);

// Checks before anything runs: every output resolves and can be written, none is the same file
// as an input (same device and inode, or the same path), and no two outputs are one file.
Status check_outputs(std::span<const std::filesystem::path> outputs,
                     std::span<const std::filesystem::path> inputs = {});

// Whether any of `outputs` is standard output ("-", /dev/stdout, /dev/fd/1): a command's own text
// then goes to standard error, so it never mixes into the file.
bool writes_standard_output(std::span<const std::filesystem::path> outputs);

// Writes `bytes` to `path` under the policy above; on failure the old file is left as it was.
Status write_output_file(const std::filesystem::path& path, std::string_view bytes);

// Writes all of `bytes` to descriptor `fd` (retrying short writes); `name` is for the message.
Status write_all(int fd, std::string_view bytes, const std::string& name);

// A file beside `target` under a name no other run uses, created exclusively; removed when
// destroyed unless commit() has renamed it over the target, and removed by SIGINT and SIGTERM.
class TemporaryFile {
 public:
  static Result<TemporaryFile> create(const std::filesystem::path& target);
  TemporaryFile(TemporaryFile&& other) noexcept;
  TemporaryFile& operator=(TemporaryFile&&) = delete;
  TemporaryFile(const TemporaryFile&) = delete;
  ~TemporaryFile();

  int fd() const { return fd_; }
  const std::filesystem::path& path() const { return path_; }
  // Closes the file and puts it in the target's place, keeping an existing target's permissions.
  Status commit();

 private:
  TemporaryFile(std::filesystem::path path, std::filesystem::path target, int fd, int slot);
  std::filesystem::path path_;
  std::filesystem::path target_;
  int fd_ = -1;
  int slot_ = -1;  // its place in the list the signal handler removes
};

}  // namespace framecheck
