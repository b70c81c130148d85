// All of an input's bytes without copying them: a regular file is mapped read-only, so its
// bytes are the page cache's own pages; reading a 20 MB PNG into memory instead costs a fresh
// zeroed buffer and a copy, a tenth of a 4K diff. Anything else (a pipe, a device, "-") and any
// file at all until a program allows mapping, is read as read_input_file reads it.
//
//   allow_mapped_inputs("framecheck diff", 2);  // once, in a command-line tool
//   Result<InputBytes> png = InputBytes::read("frame.png", kMaxPngBytes, "a PNG");
//   if (!png) return fail(png.error());
//   decode(png->view());
#pragma once

#include <cstddef>
#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string>
#include <string_view>

namespace framecheck {

namespace detail {
struct InputBytesAccess;  // the tests' look at whether the bytes are a mapping
}  // namespace detail

class InputBytes {
 public:
  // All of `path`, at most `limit` bytes, with read_input_file's messages for what cannot be read.
  static Result<InputBytes> read(const std::filesystem::path& path, std::size_t limit,
                                 std::string_view what);
  InputBytes(InputBytes&& other) noexcept;
  InputBytes& operator=(InputBytes&& other) noexcept;
  InputBytes(const InputBytes&) = delete;
  ~InputBytes();

  // The bytes, valid while this lives.
  std::string_view view() const {
    return mapped_ != nullptr ? std::string_view(mapped_, size_) : copy_;
  }

 private:
  friend struct detail::InputBytesAccess;
  InputBytes() = default;
  void release() noexcept;
  const char* mapped_ = nullptr;
  std::size_t size_ = 0;
  int slot_ = -1;  // the guard's record of this mapping
  std::string copy_;
};

// Lets InputBytes map regular files from now on, process-wide. A mapped file that shrinks while
// it is read would kill the process with SIGBUS; this installs a handler that instead prints
// "<program>: <file>:byte N: the file shrank while it was being read ..." and ends the process
// with `exit_code`. For command-line tools: a library should not take a signal on its own. A
// program with a SIGBUS handler of its own keeps it, and its inputs are read, not mapped.
void allow_mapped_inputs(std::string_view program, int exit_code);

}  // namespace framecheck
