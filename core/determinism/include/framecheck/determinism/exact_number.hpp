// A number's exact text: JavaScript's String(v), the shortest digits that read back as the value.
// Sessions, messages and canonical state use it wherever a number must be shown exactly.
#pragma once

#include <string>

namespace framecheck {

// JavaScript's String(v) for any double: the shortest digits that read back as v, laid out as
// Number.prototype.toString lays them out. Where a number must be shown exactly, not for display.
//   format_js_number(1.5) -> "1.5"   format_js_number(1e-7) -> "1e-7"   format_js_number(-0.0) ->
//   "0"
std::string format_js_number(double v);

// The same layout over any floating type's own shortest digits: a float 0.1f gives "0.1".
std::string format_js_number(float v);
std::string format_js_number(long double v);


}  // namespace framecheck
