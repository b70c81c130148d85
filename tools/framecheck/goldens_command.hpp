// `framecheck goldens`: what a suite's last run made of its goldens, and accepting the frames
// it left over them.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// `framecheck goldens status|accept [CASE...] [--golden-dir D] [--artifacts-dir D]`.
struct GoldensCommandOptions {
  enum class Action { kStatus, kAccept };
  Action action = Action::kStatus;
  std::vector<std::string> cases;  // accept: "suite/name", "name" or a case's name; none is all
  std::string golden_dir;          // default: FRAMECHECK_GOLDEN_DIR, else golden
  std::string artifacts_dir;       // default: FRAMECHECK_ARTIFACTS_DIR, else artifacts
};

// Parses the arguments after `goldens` (argv[0] is "goldens").
Parsed<GoldensCommandOptions> parse_goldens(int argc, const char* const* argv);

// status: one line a golden, then a count; 0 when every golden is clean, 1 when one is changed,
// missing, stale or unreadable. accept: copies each chosen changed or missing golden's actual
// frame over it (all of them, or refusing the lot, before anything is written) and lists each;
// 0 when done. 2 for bad input, an actual no case left among it.
int run_goldens(const GoldensCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace framecheck::cli
