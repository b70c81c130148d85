#include <framecheck/drive/frame_samples.hpp>

namespace framecheck {
namespace {

// Every source here is a function of the frame: nothing to do when a frame starts.
class FunctionTimer final : public FrameTimer {
 public:
  explicit FunctionTimer(std::function<double(const FrameInfo&)> f) : f_(std::move(f)) {}
  void frame_started() override {}
  double frame_finished(const FrameInfo& frame) override { return f_(frame); }

 private:
  std::function<double(const FrameInfo&)> f_;
};

}  // namespace

std::shared_ptr<FrameTimer> constant_samples(double ms) {
  return samples_from([ms](const FrameInfo&) { return ms; });
}

std::shared_ptr<FrameTimer> scripted_samples(double base_ms,
                                             std::map<std::uint64_t, double> spikes) {
  return samples_from([base_ms, spikes = std::move(spikes)](const FrameInfo& f) {
    const auto it = spikes.find(f.frame);
    return it == spikes.end() ? base_ms : it->second;
  });
}

std::shared_ptr<FrameTimer> samples_from(std::function<double(const FrameInfo&)> sample) {
  return std::make_shared<FunctionTimer>(std::move(sample));
}

std::shared_ptr<FrameTimer> recorded_samples(std::vector<double> recorded) {
  return samples_from([recorded = std::move(recorded)](const FrameInfo& f) {
    if (recorded.empty()) return 0.0;
    return f.frame <= recorded.size() ? recorded[f.frame - 1] : recorded.back();
  });
}

}  // namespace framecheck
