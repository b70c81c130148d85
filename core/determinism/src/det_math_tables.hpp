// The tables and constants of det_math's own log and pow (det_math_log_pow.cpp), generated from
// MPFR by core/determinism/tables/det_math_tables_gen.cpp into det_math_tables.cpp. Private.
#pragma once

#include <cstdint>

namespace framecheck::det_math::detail {

// 128 entries, indexed by the 7 bits below a double's exponent.
inline constexpr int kTableBits = 7;
// log's reduced argument z lies in [kLogOffset, 2 kLogOffset) as bits (about [0.686, 1.371)),
// shifted half a slice so that 1 is inside one slice rather than on the edge of two.
inline constexpr std::uint64_t kLogOffset = 0x3fe6000000000000 - (std::uint64_t{1} << 44);

// A slice of log's interval: invc (9 significant bits) and -log(invc) in two parts.
struct LogEntry {
  double invc, logc_hi, logc_lo;
};
// 2^(i/128) in two parts.
struct Exp2Entry {
  double hi, lo;
};

extern const double kLn2Hi, kLn2Lo;    // ln 2, hi with 42 significant bits
extern const double kLn2NHi, kLn2NLo;  // ln 2 / 128, hi with 35 significant bits
extern const double kNOverLn2;         // 128 / ln 2
extern const LogEntry kLogTable[1 << kTableBits];
extern const Exp2Entry kExp2Table[1 << kTableBits];

}  // namespace framecheck::det_math::detail
