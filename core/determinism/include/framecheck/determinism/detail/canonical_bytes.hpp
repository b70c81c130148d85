// CanonicalBytes: the little-endian byte stream a checksum reads (the world's, the game state's),
// the same on every machine: numbers as 8 bytes (doubles by their IEEE-754 bits), strings as
// their length then their bytes. Written into a buffer sized first, with one store a field, so a
// steady frame allocates nothing.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace framecheck::detail {

class CanonicalBytes {
 public:
  // Writes into `buffer`, resized to exactly `size` bytes.
  CanonicalBytes(std::string& buffer, std::size_t size) : buffer_(buffer) {
    buffer_.resize(size);
    at_ = buffer_.data();
  }
  void u64(std::uint64_t v) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(at_, &v, 8);
    } else {
      for (int i = 0; i < 8; ++i)
        at_[i] = static_cast<char>(v >> (8 * i));
    }
    at_ += 8;
  }
  void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
  void str(std::string_view s) {
    u64(s.size());
    std::memcpy(at_, s.data(), s.size());
    at_ += s.size();
  }
  // Writes from `offset` on: a value rewritten in place, the same size as before.
  void seek(std::size_t offset) { at_ = buffer_.data() + offset; }
  // Every byte, which must be exactly the size given.
  std::string_view bytes() const {
    assert(at_ == buffer_.data() + buffer_.size());
    return buffer_;
  }

 private:
  std::string& buffer_;
  char* at_;
};

}  // namespace framecheck::detail
