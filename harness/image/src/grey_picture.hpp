// The background of pixelmatch's diff picture: every pixel of the expected image as grey,
// faded towards white, over which the differences are drawn. On a photo no two neighbours share
// a colour, so each pixel is its own arithmetic; the AVX2 kernel does four at once, with the
// same IEEE operations in the same order, so the bytes are the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <framecheck/simd/simd.hpp>

namespace framecheck {

using detail::SimdKernel;

// Pixels [begin, end) of `out` (RGBA) from the same pixels of `img`: grey
// 255 + (Y - 255) * alpha * a / 255, with Y pixelmatch's brightness, stored as a JavaScript
// Uint8Array stores a double. An alpha outside 0..1 takes the scalar path.
void draw_grey(SimdKernel kernel, const std::uint8_t* img, std::size_t begin, std::size_t end,
               double alpha, std::uint8_t* out);

// The same greys as their levels alone, one byte each, from out[0]: a palette picture's indices
// where each grey's index is its level.
void draw_grey_levels(SimdKernel kernel, const std::uint8_t* img, std::size_t begin,
                      std::size_t end, double alpha, std::uint8_t* out);

}  // namespace framecheck
