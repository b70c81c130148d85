#include "fingerprint_command.hpp"

#include <framecheck/session/math_fingerprint.hpp>
#include <ostream>

#include "exit_codes.hpp"
#include "option_reader.hpp"
#include "program_name.hpp"

namespace framecheck::cli {

Parsed<FingerprintOptions> parse_fingerprint(int argc, const char* const* argv) {
  cxxopts::Options options(command_name("fingerprint"),
                           "What this machine's C library math does (std::sin, cos, exp, log, "
                           "pow on fixed probes), the compiler and libraries framecheck was built "
                           "with, and whether the CPU has FMA: what each recording keeps.");
  options.add_options()                                    //
      ("json", "print it as a session's header holds it")  //
      ("h,help", "show this help");
  return parse_command<FingerprintOptions>(
      options, "fingerprint", argc, argv, false,
      [](OptionReader& o, FingerprintOptions& c) { c.json = o.flag("json"); });
}

int run_fingerprint(const FingerprintOptions& options, std::ostream& out, std::ostream&) {
  const MathFingerprint& f = math_fingerprint();
  if (options.json) {
    out << to_json(f) << '\n';
    return kExitOk;
  }
  for (const std::string& line : describe(f))
    out << line << '\n';
  return kExitOk;
}

}  // namespace framecheck::cli
