// Every file framecheck reads is opened here, so that what cannot be read (a directory, a FIFO
// no program writes to, an endless stream) gets a message saying what the path is, not a hang.
//
//   Result<std::string> text = read_input_file("script.jsonl", kMaxScriptBytes, "an input script");
//   if (!text) return fail(text.error());
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <framecheck/io/result.hpp>
#include <string>
#include <string_view>

namespace framecheck {

// How long a FIFO is given to have a writer before it is called one nobody writes to.
inline constexpr std::chrono::milliseconds kFifoWriterWait{2000};

// An open input: a regular file, a pipe or FIFO, a device, or "-" (standard input).
class InputFile {
 public:
  // Opens `path`; `what` names what it should be ("a session", "a PNG") in messages.
  static Result<InputFile> open(const std::filesystem::path& path, std::string_view what);
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  InputFile(const InputFile&) = delete;
  ~InputFile();

  // Reads up to `size` bytes into `into`; 0 at the end. A failed read is an Error.
  Result<std::size_t> read(char* into, std::size_t size);
  // The file's size when it is a regular file; 0 for streams, whose size is unknown.
  std::uint64_t size() const { return size_; }
  const std::string& name() const { return name_; }
  // The open descriptor, owned by this: for mapping the file.
  int descriptor() const { return fd_; }

 private:
  InputFile(int fd, std::string name, std::uint64_t size)
      : fd_(fd), name_(std::move(name)), size_(size) {}
  int fd_ = -1;
  std::string name_;
  std::uint64_t size_ = 0;
};

// Reads all of `path`. More than `limit` bytes (an endless stream among them) is an Error naming
// the limit, found after reading at most limit + 1 bytes.
Result<std::string> read_input_file(const std::filesystem::path& path, std::size_t limit,
                                    std::string_view what);
// The same for an input already open, from where it stands.
Result<std::string> read_all(InputFile& file, std::size_t limit, std::string_view what);

}  // namespace framecheck
