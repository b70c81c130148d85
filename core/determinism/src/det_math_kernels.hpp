// det_math's SLEEF functions as each vector kernel runs them (log, pow and hypot are det_math's
// own, the same code on every machine: det_math_log_pow.cpp, det_math_hypot.cpp): SLEEF's code
// without FMA ("cinz"), whose pure-C, SSE2 and SSE4.1 versions give the same bits (SLEEF hashes
// them across instruction sets; det_math_test holds every kernel to the pure-C one). A kernel
// takes, function by function, the faster of its vector code and the pure C: branch-free vector
// code loses where the C branches early (asin, acos). Private: det_math.cpp calls the chosen
// kernel's, tests each kernel's.
#pragma once

#include <framecheck/determinism/det_math.hpp>
#include <framecheck/simd/simd.hpp>

namespace framecheck::det_math::detail {

// One kernel's functions, as det_math declares them.
struct Functions {
  double (*sin)(double);
  double (*cos)(double);
  double (*tan)(double);
  SinCos (*sincos)(double);
  double (*asin)(double);
  double (*acos)(double);
  double (*atan)(double);
  double (*atan2)(double, double);
  double (*exp)(double);
};

// kScalar: the pure C, every machine's reference. kSse2: SSE2 code. kAvx2: SSE4.1 code, which
// every CPU with AVX2 runs (SLEEF's AVX code is no faster one lane at a time). `kernel` must be
// available on this machine (framecheck::detail::simd_kernel_available).
const Functions& functions(framecheck::detail::SimdKernel kernel);

}  // namespace framecheck::det_math::detail
