#include <sys/utsname.h>

#include <framecheck/session/host_facts.hpp>
#include <fstream>
#include <string_view>
#include <thread>

namespace framecheck {
namespace {

// The value after "key" and a separator on the first line that starts with it, unquoted.
std::string field(const char* path, std::string_view key, char separator) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) != 0) continue;
    const auto at = line.find(separator);
    if (at == std::string::npos) continue;
    std::string value = line.substr(at + 1);
    const auto first = value.find_first_not_of(" \t\"");
    const auto last = value.find_last_not_of(" \t\"");
    return first == std::string::npos ? std::string() : value.substr(first, last - first + 1);
  }
  return {};
}

HostFacts query() {
  HostFacts h;
  h.cpu = field("/proc/cpuinfo", "model name", ':');
  if (h.cpu.empty()) h.cpu = "unknown";
  h.cores = std::thread::hardware_concurrency();
  utsname u{};
  if (::uname(&u) == 0) h.kernel = std::string(u.sysname) + " " + u.release;
  h.os = field("/etc/os-release", "PRETTY_NAME", '=');
  if (h.os.empty()) h.os = u.sysname;
  return h;
}

}  // namespace

const HostFacts& host_facts() {
  static const HostFacts facts = query();
  return facts;
}

std::string describe(const HostFacts& host) {
  return host.cpu + ", " + std::to_string(host.cores) + " cores, " + host.os + ", " + host.kernel;
}

}  // namespace framecheck
