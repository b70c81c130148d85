// What a command's parser gives: its options, or the help text that --help asked for, or an
// Error naming the option that is wrong.
#pragma once

#include <framecheck/io/result.hpp>
#include <string>
#include <variant>

namespace framecheck::cli {

// The text --help prints for one command.
struct HelpText {
  std::string text;
};

template <class Options>
using Parsed = Result<std::variant<HelpText, Options>>;

}  // namespace framecheck::cli
