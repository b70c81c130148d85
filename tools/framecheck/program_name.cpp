#include "program_name.hpp"

namespace framecheck::cli {
namespace {

std::string& name() {
  static std::string n = "framecheck";
  return n;
}

}  // namespace

const std::string& program_name() {
  return name();
}

void set_program_name(std::string_view argv0) {
  const std::size_t slash = argv0.find_last_of('/');
  const std::string_view base = slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1);
  name() = base.empty() ? "framecheck" : std::string(base);
}

std::string command_name(std::string_view command) {
  return program_name() + " " + std::string(command);
}

}  // namespace framecheck::cli
