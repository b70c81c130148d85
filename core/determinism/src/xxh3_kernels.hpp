// XXH3-64 through a chosen kernel (simd.hpp), for the tests that hold every kernel to the scalar
// loop's bits; xxh3_64(bytes) runs the fastest this CPU has.
#pragma once

#include <cstdint>
#include <framecheck/simd/simd.hpp>
#include <string_view>

namespace framecheck::detail {

std::uint64_t xxh3_64(std::string_view bytes, SimdKernel kernel);

}  // namespace framecheck::detail
