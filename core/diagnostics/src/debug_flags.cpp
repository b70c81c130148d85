#include <cctype>
#include <cstdlib>
#include <framecheck/diagnostics/debug_flags.hpp>

namespace framecheck {

void DebugFlags::add(std::string_view list) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.front())))
      item.remove_prefix(1);
    while (!item.empty() && std::isspace(static_cast<unsigned char>(item.back())))
      item.remove_suffix(1);
    if (item.empty()) continue;
    std::string id;
    for (char c : item)
      id.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    ids_.insert(std::move(id));
  }
}

DebugFlags DebugFlags::from_args(std::span<const std::string> args) {
  DebugFlags flags;
  for (const std::string& arg : args) {
    if (arg.rfind("--debug=", 0) == 0) flags.add(std::string_view(arg).substr(8));
  }
  return flags;
}

DebugFlags DebugFlags::from_env(const char* variable) {
  DebugFlags flags;
  if (const char* value = std::getenv(variable)) flags.add(value);
  return flags;
}

bool DebugFlags::on(std::string_view id) const {
  return ids_.find(id) != ids_.end();
}

std::string DebugFlags::to_string() const {
  std::string out;
  for (const std::string& id : ids_) {
    if (!out.empty()) out += ',';
    out += id;
  }
  return out;
}

}  // namespace framecheck
