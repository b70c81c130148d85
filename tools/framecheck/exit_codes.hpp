// The CLI's exit statuses, the same for every command.
#pragma once

namespace framecheck::cli {

inline constexpr int kExitOk = 0;        // done, and within tolerance
inline constexpr int kExitMismatch = 1;  // done, and something differed (a diff, a replay)
inline constexpr int kExitBadInput = 2;  // an option or an input file was wrong; message on stderr

}  // namespace framecheck::cli
