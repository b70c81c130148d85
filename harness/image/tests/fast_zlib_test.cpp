#include "fast_zlib.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <string>
#include <vector>

#include "test_pictures.hpp"

namespace framecheck {
namespace {

// Bytes like a diff picture's indices: runs of one value broken by grain, so both matches and
// literals occur, at every size asked for.
std::vector<std::uint8_t> sample(std::size_t size, std::uint32_t seed) {
  testing::Xorshift random(seed);
  std::vector<std::uint8_t> out(size);
  std::uint8_t value = 0;
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint32_t r = random.next();
    if (r % 64 == 0) value = static_cast<std::uint8_t>(r >> 8);
    out[i] = r % 4 == 0 ? static_cast<std::uint8_t>(r >> 16) : value;
  }
  return out;
}

// zlib's own inflate, another implementation than the one that wrote the stream, reads it back;
// a stream that ends early (a part marked final) or has a wrong checksum fails here.
std::vector<std::uint8_t> inflate_with_zlib(const std::string& stream, std::size_t size) {
  std::vector<std::uint8_t> out(size + 1);
  uLongf length = static_cast<uLongf>(out.size());
  const int status = uncompress(out.data(), &length, reinterpret_cast<const Bytef*>(stream.data()),
                                static_cast<uLong>(stream.size()));
  EXPECT_EQ(status, Z_OK) << "zlib's uncompress";
  out.resize(length);
  return out;
}

TEST(FastZlib, PartsDependOnTheSizeAlone) {
  EXPECT_EQ(zlib_parts(0), 1u);
  EXPECT_EQ(zlib_parts(kZlibPartBytes - 1), 1u);
  EXPECT_EQ(zlib_parts(3 * kZlibPartBytes + 5), 3u);
  EXPECT_EQ(zlib_parts(1000 * kZlibPartBytes), kZlibMaxParts);
}

TEST(FastZlib, EverySizeReadsBackThroughZlib) {
  for (const std::size_t size :
       {std::size_t{0}, std::size_t{1}, std::size_t{1000}, kZlibPartBytes - 1,
        3 * kZlibPartBytes + 12345, (kZlibMaxParts + 2) * kZlibPartBytes + 7}) {
    const std::vector<std::uint8_t> data = sample(size, static_cast<std::uint32_t>(size + 1));
    const std::string stream = compress_zlib_fast(data);
    ASSERT_GE(stream.size(), 6u) << size;
    // The header: deflate with a 32K window, a check that makes it a multiple of 31.
    EXPECT_EQ(static_cast<std::uint8_t>(stream[0]), 0x78) << size;
    EXPECT_EQ(
        (static_cast<std::uint8_t>(stream[0]) * 256 + static_cast<std::uint8_t>(stream[1])) % 31, 0)
        << size;
    EXPECT_EQ(inflate_with_zlib(stream, size), data)
        << size << " bytes in " << zlib_parts(size) << " parts";
  }
}

TEST(FastZlib, RandomBytesThatDoNotCompressStillReadBack) {
  testing::Xorshift random(99);
  std::vector<std::uint8_t> data(2 * kZlibPartBytes + 3);
  for (std::uint8_t& b : data)
    b = static_cast<std::uint8_t>(random.next() >> 11);
  EXPECT_EQ(inflate_with_zlib(compress_zlib_fast(data), data.size()), data);
}

// Parts larger than what ISA-L takes at once (a gigabyte; here a few kilobytes, still room for
// a block header) are handed over piece by piece, the end or the flush asked for with the last
// piece only.
TEST(FastZlib, PartsLargerThanOneHandOverReadBack) {
  for (const std::size_t at_once : {std::size_t{4096}, std::size_t{5000}, std::size_t{65536}}) {
    const std::vector<std::uint8_t> data = sample(3 * kZlibPartBytes + 17, 5);
    EXPECT_EQ(inflate_with_zlib(compress_zlib_fast(data, at_once), data.size()), data)
        << at_once << " bytes at once";
  }
}

TEST(FastZlib, TheSameInputGivesTheSameBytes) {
  const std::vector<std::uint8_t> data = sample(5 * kZlibPartBytes, 7);
  EXPECT_EQ(compress_zlib_fast(data), compress_zlib_fast(data));
}

}  // namespace
}  // namespace framecheck
