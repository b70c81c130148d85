// A zlib stream made fast for pictures that are written once and read by a person: ISA-L's
// fastest level (several times libdeflate's fastest on a diff picture's palette indices, for a
// file a few per cent larger), with a large input cut into independent parts compressed at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace framecheck {

// The parts of an input of `size` bytes: one per kZlibPartBytes, at most kZlibMaxParts, at least
// one. It depends on the size alone, never on the machine's cores, so the same input always gives
// the same bytes.
inline constexpr std::size_t kZlibPartBytes = std::size_t{1} << 18;
inline constexpr std::size_t kZlibMaxParts = 8;
std::size_t zlib_parts(std::size_t size);

// ISA-L counts in 32 bits, so input is handed over, and output room offered, a gigabyte at most at
// a time; tests pass a small amount to cover parts larger than one hand-over.
inline constexpr std::size_t kZlibMostAtOnce = std::size_t{1} << 30;

// `data` as a zlib stream (RFC 1950). Every part but the last ends with a full flush (an empty
// stored block, no history carried over), so the parts are compressed on as many threads as the
// machine has and joined as they are; the Adler-32 is the whole input's. Throws std::bad_alloc,
// or std::runtime_error should ISA-L stop making progress (rather than loop for ever).
std::string compress_zlib_fast(std::span<const std::uint8_t> data,
                               std::size_t most_at_once = kZlibMostAtOnce);

}  // namespace framecheck
