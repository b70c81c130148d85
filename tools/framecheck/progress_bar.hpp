// A progress bar on stderr, drawn only when stderr is a terminal.
#pragma once

#include <string>

namespace framecheck::cli {

class ProgressBar {
 public:
  // Shown only if `wanted` and stderr is a terminal; otherwise every call does nothing.
  ProgressBar(std::string label, bool wanted);
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // done is 0 to 1; redraws only when the shown percentage changes.
  void update(double done);
  // Clears the bar's line.
  void finish();

 private:
  std::string label_;
  bool shown_;
  int last_percent_ = -1;
};

}  // namespace framecheck::cli
