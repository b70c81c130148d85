// The commands' parsers called as the command line calls them, for the tests.
#pragma once

#include <gtest/gtest.h>

#include <variant>
#include <vector>

#include "parsed.hpp"

namespace framecheck::cli {

// parse(argv) with the arguments after the command's name, the name first.
template <class Options>
Parsed<Options> parse_args(Parsed<Options> (*parse)(int, const char* const*),
                           std::vector<const char*> args) {
  return parse(static_cast<int>(args.size()), args.data());
}

// The options a parse gave; a test that gets help or an error instead fails here.
template <class Options>
const Options& options_of(const Parsed<Options>& parsed) {
  static const Options none{};
  if (!parsed) {
    ADD_FAILURE() << parsed.error().message();
    return none;
  }
  const Options* options = std::get_if<Options>(&*parsed);
  if (options == nullptr) ADD_FAILURE() << "the parse gave help, not options";
  return options != nullptr ? *options : none;
}

}  // namespace framecheck::cli
