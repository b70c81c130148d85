// `framecheck fingerprint`: what this machine's C library math does, as a recording keeps it.
#pragma once

#include <iosfwd>

#include "parsed.hpp"

namespace framecheck::cli {

struct FingerprintOptions {
  bool json = false;  // the JSON object a session's header holds, every probe's value in it
};

// Parses the arguments after `fingerprint` (argv[0] is its name).
Parsed<FingerprintOptions> parse_fingerprint(int argc, const char* const* argv);

// Prints the fingerprint; always 0.
//   framecheck fingerprint          # compiler, libraries, FMA, one hash per function
int run_fingerprint(const FingerprintOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
