// The bytes of a PNG's container, shared by the reader, its fast path and the palette writer:
// the signature, big-endian words, and chunks with their CRCs.
#pragma once

#include <libdeflate.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace framecheck::png_chunks {

inline constexpr std::string_view kSignature{"\x89PNG\r\n\x1a\n", 8};

inline std::uint32_t be32(const unsigned char* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

inline void append_be32(std::string& out, std::uint32_t v) {
  const char bytes[4] = {static_cast<char>(v >> 24), static_cast<char>(v >> 16),
                         static_cast<char>(v >> 8), static_cast<char>(v)};
  out.append(bytes, 4);
}

// The CRC a chunk of this type and data carries (over the type and the data).
inline std::uint32_t crc(const unsigned char* type_and_data, std::size_t data_length) {
  return static_cast<std::uint32_t>(libdeflate_crc32(0, type_and_data, data_length + 4));
}

// Appends one whole chunk: length, type, data, CRC.
inline void append_chunk(std::string& out, const char* type, const void* data, std::size_t length) {
  append_be32(out, static_cast<std::uint32_t>(length));
  const std::size_t start = out.size();
  out.append(type, 4);
  out.append(static_cast<const char*>(data), length);
  append_be32(out, crc(reinterpret_cast<const unsigned char*>(out.data() + start), length));
}

}  // namespace framecheck::png_chunks
