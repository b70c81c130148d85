// framecheck's vector kernels, one shape for every SIMD loop it has (the overlay's compositing,
// the pixel diff): a scalar reference beside each kernel, this one enum naming them, this one
// CPU probe choosing among them, and this one guard around every intrinsic. Every kernel gives
// the same bits as the scalar reference; the choice is explicit so that tests run each.
// Not part of the API: an implementation detail shared by framecheck's libraries.
#pragma once

// x86-64 with GCC or Clang: SSE2 is always there, AVX2 is chosen at run time.
#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__)
#define FRAMECHECK_SIMD_X86 1
#if __has_include(<sys/platform/x86.h>)
// glibc 2.33 on: CPU_FEATURE_ACTIVE. Its header spells C's boolean, which clang's C++ knows only
// in GNU mode; this is what clang's own <stdbool.h> defines there.
#if defined(__clang__) && !defined(_Bool)
#define _Bool bool
#include <sys/platform/x86.h>
#undef _Bool
#else
#include <sys/platform/x86.h>
#endif
#endif
#endif

namespace framecheck::detail {

enum class SimdKernel { kScalar, kSse2, kAvx2 };

#ifdef FRAMECHECK_SIMD_X86
// Whether this CPU can run the AVX2 kernel: AVX2 with POPCNT and BMI1, as glibc's loader found
// them before main. The compiler's own probe (__builtin_cpu_supports) links a constructor that
// makes a dozen CPUIDs at every start, each a trap to the hypervisor in a virtual machine (about
// 4 us on the development machine: 50 us of a 1 ms diff). Each is a call into the loader: a
// kernel's user asks best_simd_kernel(), which keeps the answer, never this per call.
inline bool cpu_runs_avx2_kernel() {
#ifdef CPU_FEATURE_ACTIVE
  return CPU_FEATURE_ACTIVE(AVX2) && CPU_FEATURE_ACTIVE(POPCNT) && CPU_FEATURE_ACTIVE(BMI1);
#else
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
         __builtin_cpu_supports("bmi");
#endif
}

// Whether this CPU has fused multiply-add, read the same way: what a session's math fingerprint
// records of the machine that played it.
inline bool cpu_has_fma() {
#ifdef CPU_FEATURE_ACTIVE
  return CPU_FEATURE_ACTIVE(FMA);
#else
  return __builtin_cpu_supports("fma");
#endif
}
#endif

// The fastest kernel this build and this CPU can run: AVX2 (with POPCNT and BMI1, which every
// AVX2 CPU has) where the CPU has it, SSE2 on any other x86-64, scalar elsewhere. Probed once.
SimdKernel best_simd_kernel();
// Whether this build and this CPU can run `kernel`.
bool simd_kernel_available(SimdKernel kernel);
// "Scalar", "Sse2", "Avx2": for test names and benchmark labels.
const char* simd_kernel_name(SimdKernel kernel);

}  // namespace framecheck::detail
