// The frame-time plot of a whole session: where did it hitch?
#pragma once

#include <framecheck/run/replayer.hpp>
#include <framecheck/sim/run_spec.hpp>
#include <string>

namespace framecheck {

// How a frame-time plot is drawn.
struct PlotOptions {
  int width = 1600;
  int height = 600;
  std::string title;  // the top line; the session's file name, say
  // Frames per simulated second, for the time axis: the session header's run.fps.
  double fps = static_cast<double>(RunSpec{}.fps);
};

// Draws every frame as a bar from 0 ms to its sample, coloured as the overlay's graph colours
// it (within 16.7 ms, within 33.3, over; where frames outnumber pixels, a column is its worst
// frame), the worst frames named ("frame 700: 85.0 ms"), the window's rolling p95 and p99, the
// 16.7 and 33.3 ms reference lines, and a marker where each level opened. Returns PNG bytes.
std::string render_frame_plot(const FrameSeries& series, const PlotOptions& options);

}  // namespace framecheck
