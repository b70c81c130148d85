#include "progress_bar.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace framecheck::cli {

ProgressBar::ProgressBar(std::string label, bool wanted)
    : label_(std::move(label)), shown_(wanted && ::isatty(STDERR_FILENO) == 1) {}

void ProgressBar::update(double done) {
  if (!shown_) return;
  const int percent = std::clamp(static_cast<int>(done * 100), 0, 100);
  if (percent == last_percent_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  const int filled = percent * kWidth / 100;
  std::fprintf(stderr, "\r%s [%.*s%.*s] %3d%%", label_.c_str(), filled,
               "##############################", kWidth - filled, "..............................",
               percent);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!shown_ || last_percent_ < 0) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  last_percent_ = -1;
}

}  // namespace framecheck::cli
