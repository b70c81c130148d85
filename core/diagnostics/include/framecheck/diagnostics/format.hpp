// The overlay's display form of values, readings and metrics: JavaScript's formatting, exactly.
#pragma once

#include <cstddef>
#include <framecheck/determinism/exact_number.hpp>
#include <framecheck/diagnostics/diagnostic_value.hpp>
#include <framecheck/diagnostics/frame_window.hpp>
#include <string>
#include <string_view>

namespace framecheck {

// A number as the overlay shows it: an integer as JavaScript's String(v), any other finite value as
// v.toFixed(3) (ties round away from zero; "-0.000" keeps its sign), and NaN, Infinity, -Infinity.
//   format_number(3)       -> "3"         format_number(0.0625) -> "0.063"
//   format_number(1e21)    -> "1e+21"     format_number(-0.0)   -> "0"
std::string format_number(double v);

// Appends format_number(v) to out, allocation-free once out has room; the hot path's form.
void append_number(std::string& out, double v);

// A value as the overlay shows it: strings as they are, numbers by format_number, "true"/"false".
std::string format_value(const DiagnosticValue& value);
// Appends format_value(value) to out: allocation-free once out has room.
void append_value(std::string& out, const DiagnosticValue& value);

// What a reading holds, for messages that compare two: a value as operator<< shows it (strings
// quoted), or `error "message"`.
std::string describe_outcome(const DiagnosticReading& reading);

// One panel line: "name: value", or "name: message" for a source that threw.
std::string format_reading(const DiagnosticReading& reading);

// The world line: "level: arena-1 phase: playing actors: 12".
std::string format_world_line(std::string_view level, std::string_view phase, std::size_t actors);
void append_world_line(std::string& out, std::string_view level, std::string_view phase,
                       std::size_t actors);

// The metrics line: "frame: mean / p95 / p99 ms", each figure by format_number.
std::string format_metrics(const FrameMetrics& metrics);
void append_metrics(std::string& out, const FrameMetrics& metrics);

}  // namespace framecheck
