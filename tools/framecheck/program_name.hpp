// The name this binary goes by in its usage, help and messages: a studio's own framecheck
// (breakout-framecheck, say) names itself, not the project's binary.
#pragma once

#include <string>
#include <string_view>

namespace framecheck::cli {

// The binary's own file name, as run_cli was started; "framecheck" before that, or when the
// command line gives none.
const std::string& program_name();
// Takes the name from argv[0]: its last path component.
void set_program_name(std::string_view argv0);
// "<program> <command>": the prefix of a command's messages and the first word of its help.
std::string command_name(std::string_view command);

}  // namespace framecheck::cli
