// zstd for sessions: a path whose name ends in ".zst" is written compressed, and an input that
// starts with a zstd frame is read decompressed whatever its name, so files made by the zstd
// command read as framecheck's own do (and framecheck's decompress with `zstd -d`).
//
//   DecodedInput in(std::move(*file), is_zstd_path(path));
//   Result<std::size_t> n = in.read(buffer, sizeof buffer);  // decompressed bytes; 0 at the end
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <framecheck/io/input_file.hpp>
#include <framecheck/io/result.hpp>
#include <memory>
#include <string>
#include <string_view>

namespace framecheck {

// The level framecheck compresses at: zstd's own default, fast enough to keep up with a game.
inline constexpr int kZstdLevel = 9;
// The largest window a compressed input may ask for, 2^27 bytes (128 MiB): zstd's own default
// limit, so that no frame header can make a reader take more memory than that.
inline constexpr int kMaxZstdWindowLog = 27;

// Whether `path` is to be written as zstd: its name ends in ".zst" (or ".zst.partial").
bool is_zstd_path(const std::filesystem::path& path);
// `path` without a trailing ".zst": what names a compressed session's outputs ("a.jsonl").
std::filesystem::path without_zst(const std::filesystem::path& path);

// A zstd frame, compressed piece by piece in bounded memory (one block at a time).
class ZstdWriter {
 public:
  ZstdWriter();
  ZstdWriter(ZstdWriter&&) noexcept;
  ZstdWriter& operator=(ZstdWriter&&) noexcept;
  ~ZstdWriter();

  // Compresses `bytes`, appending to `out` whatever zstd has finished.
  void add(std::string_view bytes, std::string& out);
  // Ends the block: everything added so far decompresses from what `out` has been given.
  void flush(std::string& out);
  // Ends the frame; what `out` has been given is then a whole .zst file.
  void end(std::string& out);

 private:
  void drive(std::string_view bytes, int directive, std::string& out);
  struct State;
  std::unique_ptr<State> state_;
};

// An InputFile read as it is, or decompressed when it starts with a zstd frame (or a skippable
// one). Concatenated frames read as one stream, as `zstd -d` reads them.
class DecodedInput {
 public:
  // What the name says of the input: .zst (must be zstd: anything else is an Error, not text)
  // and .partial (a recording killed midway, whose damaged tail ends the stream, not the read).
  struct Expect {
    bool zstd = false;
    bool partial = false;
  };
  DecodedInput(InputFile file, Expect expect);
  DecodedInput(DecodedInput&&) noexcept;
  DecodedInput& operator=(DecodedInput&&) noexcept;
  ~DecodedInput();

  // Reads up to `size` decompressed bytes into `into`; 0 at the end. Bad zstd is an Error
  // naming the compressed byte it was found at.
  Result<std::size_t> read(char* into, std::size_t size);
  // Whether the input is zstd (known after the first read).
  bool compressed() const { return compressed_; }
  // At the end: whether a zstd input stopped inside a frame (a recording killed midway).
  bool cut_short() const { return cut_short_; }
  // For a .partial whose zstd turned bad (the block a crash cut, then the NULs it left): what
  // was wrong and the compressed byte it was found at; everything before it was handed out.
  // Empty otherwise: a bad stream under any other name is an Error.
  const std::string& damage() const { return damage_; }
  // Bytes of the input itself read so far, and bytes handed out by read().
  std::uint64_t input_bytes() const { return input_bytes_; }
  std::uint64_t output_bytes() const { return output_bytes_; }
  // The input's size when it is a regular file; 0 for a stream.
  std::uint64_t size() const { return file_.size(); }
  const std::string& name() const { return file_.name(); }

 private:
  Result<std::size_t> read_raw(char* into, std::size_t size);
  Status start();
  Result<std::size_t> decompress(char* into, std::size_t size);
  Result<std::size_t> pass_through(char* into, std::size_t size);

  InputFile file_;
  Expect expect_;
  std::string damage_;
  bool started_ = false;
  bool compressed_ = false;
  bool cut_short_ = false;
  bool raw_end_ = false;
  bool frame_open_ = false;
  bool output_held_ = false;  // the last call filled its output: zstd may hold more back
  std::size_t hint_ = 1;      // the input zstd asked for next (its return value)
  std::string raw_;           // input bytes read and not yet used
  std::size_t raw_pos_ = 0;   // where the unused ones start
  std::uint64_t input_bytes_ = 0;
  std::uint64_t output_bytes_ = 0;
  struct Decoder;
  std::unique_ptr<Decoder> decoder_;
};

}  // namespace framecheck
