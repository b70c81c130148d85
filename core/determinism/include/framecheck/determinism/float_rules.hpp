// The floating-point rules every header of framecheck's engine model holds a game to: no
// -ffast-math, and products rounded before they are added (no fused multiply-add).
#pragma once

// -ffast-math lets the compiler reorder sums, drop signed zeros and assume no NaN: the same game
// then computes other bits under another compiler or flag, and its sessions stop replaying. A
// translation unit that insists defines FRAMECHECK_ALLOW_FAST_MATH before including framecheck.
#if (defined(__FAST_MATH__) || defined(_M_FP_FAST)) && !defined(FRAMECHECK_ALLOW_FAST_MATH)
#error \
    "framecheck: this file is compiled with -ffast-math (or /fp:fast), which makes a game's \
results depend on the compiler and its flags, so recorded sessions stop replaying. Build it \
without, or define FRAMECHECK_ALLOW_FAST_MATH to accept that (docs/determinism.md)."
#endif

namespace framecheck::detail {

// `x` as the double it is: a barrier the optimiser cannot see through, so the product or sum
// that made `x` is rounded there and never fused with what uses it, whatever -ffp-contract says.
// Costs no instruction: the value stays in its register.
[[gnu::always_inline]] inline double rounded(double x) {
#if defined(__GNUC__) && (defined(__x86_64__) || (defined(__i386__) && defined(__SSE2_MATH__)))
  __asm__("" : "+x"(x));
#elif defined(__GNUC__) && defined(__aarch64__)
  __asm__("" : "+w"(x));
#elif defined(__GNUC__)
  __asm__("" : "+m"(x));
#else
  volatile double kept = x;
  x = kept;
#endif
  return x;
}

}  // namespace framecheck::detail
