// The comparison with its vector kernel chosen by the caller rather than by the CPU, so that the
// tests hold the portable code and the AVX2 code alike to pixelmatch's recorded results.
#pragma once

#include <cstddef>
#include <framecheck/image/pixel_diff.hpp>
#include <optional>

#include "vector_kernel.hpp"

namespace framecheck {

// count_mismatched_parallel with `kernel`, which this CPU must be able to run.
std::size_t count_mismatched_with(VectorKernel kernel, const Image& expected, const Image& actual,
                                  Image* diff_output, const DiffOptions& options, unsigned threads);

// count_mismatched_palette with `kernel`, which this CPU must be able to run.
std::optional<std::size_t> count_mismatched_palette_with(VectorKernel kernel, const Image& expected,
                                                         const Image& actual,
                                                         PalettePicture& picture,
                                                         const DiffOptions& options,
                                                         unsigned threads);

}  // namespace framecheck
