// --debug= lists as given on the command line, plus FRAMECHECK_DEBUG from the environment.
#pragma once

#include <framecheck/debug_flags.hpp>
#include <string>
#include <vector>

namespace framecheck::cli {

inline DebugFlags debug_flags(const std::vector<std::string>& lists) {
  DebugFlags flags = DebugFlags::from_env();
  for (const std::string& list : lists)
    flags.add(list);
  return flags;
}

}  // namespace framecheck::cli
