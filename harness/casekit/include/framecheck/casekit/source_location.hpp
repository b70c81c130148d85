// SourceLocation: where a case's check was written, for its failure message. Not
// std::source_location: libstdc++ 12 gives that only to compilers with __builtin_source_location
// (GCC 11+, Clang 15+), so Debian 12's clang 14 could not build a case; and one type for every
// compiler keeps the case kit's functions the same symbols whichever compiled the caller.
#pragma once

#include <cstdint>

namespace framecheck {

// A file and line, taken where a default argument `SourceLocation::current()` is written.
class SourceLocation {
 public:
  // The caller's file and line (GCC, Clang and MSVC evaluate the builtins at the call site).
  static constexpr SourceLocation current(const char* file = __builtin_FILE(),
                                          std::uint_least32_t line = __builtin_LINE()) noexcept {
    return SourceLocation(file, line);
  }
  constexpr const char* file_name() const noexcept { return file_; }
  constexpr std::uint_least32_t line() const noexcept { return line_; }

 private:
  constexpr SourceLocation(const char* file, std::uint_least32_t line) : file_(file), line_(line) {}
  const char* file_;
  std::uint_least32_t line_;
};

}  // namespace framecheck
