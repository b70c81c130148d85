// pixelmatch 7.2.0's anti-aliasing detector ("Anti-aliased Pixel and Intensity Slope Detector",
// V. Vysniauskas, 2009): whether a differing pixel is the soft edge of a shape, and so not
// counted. It runs on every differing pixel, so on grainy content it is most of a diff; its SSE2
// and AVX2 kernels (antialiasing_sse2.hpp, antialiasing_avx2.hpp) give the scalar reference's
// answer bit for bit.
#pragma once

#include <cstdint>
#include <framecheck/simd/simd.hpp>

namespace framecheck {

using detail::SimdKernel;

// pixelmatch's antialiased(img, x, y, width, height, a32, b32): `a` and `b` are both images
// (RGBA, width x height), `img` one of them. `in_a_run` is a hint carried from one call to the
// next on the same image, starting false; it changes the speed, never the answer.
bool antialiased(SimdKernel kernel, const std::uint8_t* img, int x, int y, int width, int height,
                 const std::uint8_t* a, const std::uint8_t* b, bool checkerboard, bool& in_a_run);

// pixelmatch's hasManySiblings(img, x, y, width, height): whether the pixel has three or more
// neighbours of exactly its colour (an image edge counts as one).
bool has_many_siblings(SimdKernel kernel, const std::uint8_t* img, int x, int y, int width,
                       int height);

}  // namespace framecheck
