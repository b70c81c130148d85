// The frame-time plot of a whole session: where did it hitch?
#pragma once

#include <framecheck/session/replayer.hpp>
#include <string>

namespace framecheck {

struct PlotOptions {
  int width = 1600;
  int height = 600;
  std::string title;  // the top line; the session's file name, say
  double fps = 60;    // frames per simulated second, for the time axis
};

// Draws every frame's sample (where frames outnumber pixels, each column spans its frames' least
// to greatest), the window's rolling p95 and p99, the 16.7 and 33.3 ms reference lines, and a
// marker where each level opened. Returns PNG bytes.
std::string render_frame_plot(const FrameSeries& series, const PlotOptions& options);

}  // namespace framecheck
