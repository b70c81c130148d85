#include <gtest/gtest.h>

#include <cstdint>
#include <framecheck/determinism/detail/xxh3.hpp>
#include <framecheck/determinism/rng.hpp>
#include <string>
#include <vector>

#include "simd_kernels.hpp"
#include "xxh3_kernels.hpp"

namespace framecheck {
namespace {

// XXH3-64 of nothing, the value xxHash's own sanity check lists.
TEST(Xxh3, KnownValues) {
  EXPECT_EQ(detail::xxh3_64(""), 0x2D06800538D394C2ULL);
}

class Xxh3Kernels : public ::testing::TestWithParam<detail::SimdKernel> {};

// Every kernel gives the scalar loop's bits: every length across the short and medium forms, the
// stripes and blocks of the long one, and long inputs of every alignment.
TEST_P(Xxh3Kernels, GiveTheScalarLoopsBits) {
  FRAMECHECK_SKIP_UNAVAILABLE_KERNEL(GetParam());
  Rng rng(7);
  std::string bytes(70'000, '\0');
  for (char& c : bytes)
    c = static_cast<char>(rng.next_u64() & 0xff);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 4'200; ++n)
    lengths.push_back(n);
  for (std::size_t n : {8'191, 8'192, 8'193, 65'536, 69'999})
    lengths.push_back(n);
  for (std::size_t n : lengths) {
    for (std::size_t offset : {0, 1, 7}) {
      if (offset + n > bytes.size()) continue;
      const std::string_view input(bytes.data() + offset, n);
      ASSERT_EQ(detail::xxh3_64(input, GetParam()),
                detail::xxh3_64(input, detail::SimdKernel::kScalar))
          << n << " bytes at offset " << offset;
    }
  }
}

// What replays hash with is the fastest kernel, the same bits again.
TEST(Xxh3, TheChosenKernelIsTheBest) {
  const std::string bytes(5'000, 'x');
  EXPECT_EQ(detail::xxh3_64(bytes), detail::xxh3_64(bytes, detail::best_simd_kernel()));
}

INSTANTIATE_TEST_SUITE_P(Xxh3, Xxh3Kernels, framecheck::testing::every_simd_kernel(),
                         framecheck::testing::simd_kernel_test_name);

}  // namespace
}  // namespace framecheck
