// HostFacts: the machine a run happened on, for the record: queried once, never per frame.
#pragma once

#include <string>

namespace framecheck {

struct HostFacts {
  std::string cpu;     // the CPU's model name, "unknown" where the system does not say
  unsigned cores = 0;  // hardware threads
  std::string os;      // the distribution's pretty name, or the kernel's name
  std::string kernel;  // "Linux 6.1.0-18-amd64"
  friend bool operator==(const HostFacts&, const HostFacts&) = default;
};

// This machine's facts, read on the first call and kept for the process.
const HostFacts& host_facts();

// "AMD EPYC, 2 cores, Debian GNU/Linux 12 (bookworm), Linux 6.1.0": one line for a report.
std::string describe(const HostFacts& host);

}  // namespace framecheck
