// The CLI reference (docs/cli.md): each command's section written from its own option table, and
// the differences between a committed reference and the binary's, named by command and option.
#pragma once

#include <cxxopts.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace framecheck::cli {

// The whole reference, as `framecheck --help-reference` prints it: the commands, then a section
// for each (cli.cpp, which holds the table of commands).
std::string reference();

// The argument that asks a command's parser for its section instead of parsing: what
// `framecheck --help-reference` passes to each command.
inline constexpr std::string_view kReferenceArgument = "--help-reference";

// One command's section in Markdown: its heading, its description, its usage line and a table
// of its options (option, default, what it does), in the order the command declares them.
std::string reference_section(const cxxopts::Options& options);

// What differs between a committed reference and the one the binary writes, one line each:
// "explore: option `--shard arg` is not in the committed reference", or "diff: the description
// differs". Empty when they agree to the byte.
std::vector<std::string> reference_differences(std::string_view committed,
                                               std::string_view generated);

}  // namespace framecheck::cli
