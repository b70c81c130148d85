// The comparison with its vector kernel (detail/simd.hpp) chosen by the caller rather than by
// the CPU, so that the tests hold the scalar, SSE2 and AVX2 code alike to pixelmatch.
#pragma once

#include <cstddef>
#include <framecheck/simd/simd.hpp>
#include <framecheck/image/pixel_diff.hpp>
#include <optional>

namespace framecheck {

using detail::SimdKernel;

// count_mismatched_parallel with `kernel`, which this CPU must be able to run.
std::size_t count_mismatched_with(SimdKernel kernel, const Image& expected, const Image& actual,
                                  Image* diff_output, const DiffOptions& options, unsigned threads);

// count_mismatched_palette with `kernel`, which this CPU must be able to run.
std::optional<std::size_t> count_mismatched_palette_with(SimdKernel kernel, const Image& expected,
                                                         const Image& actual,
                                                         PalettePicture& picture,
                                                         const DiffOptions& options,
                                                         unsigned threads);

}  // namespace framecheck
