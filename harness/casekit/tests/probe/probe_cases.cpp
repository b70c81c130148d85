// A studio's case binary in miniature, run by case_kit_edges.sh as ctest runs one: the same
// parameterised case in two instantiations, a failing assert_, and a case that passes.
#include <framecheck/casekit/case_test.hpp>
#include <framecheck/drive/frame_samples.hpp>

namespace {

using namespace framecheck;

// A box that moves a unit a frame, so each frame is a picture of its own.
class Slider final : public Game {
 public:
  RunSpec run_spec() const override {
    return {.logical_size = {64, 36}, .surface_width = 64, .surface_height = 36};
  }
  void init(InitApi& api) override {
    api.start_level = "track";
    api.diagnostics.register_source("x", [this] { return x_; });
  }
  void build_world(World& world) override { box_ = world.spawn("box", {0, 10}, {8, 8}); }
  void tick(World& world, SimTime) override { world.find(box_)->position.x = ++x_; }

 private:
  ActorId box_ = 0;
  double x_ = 0;
};

class ProbeCase : public CaseTest {
 protected:
  ProbeCase() : CaseTest("probe") {}
  void SetUp() override { start(game_, {.samples = constant_samples(16.0)}); }
  Slider game_;
};

TEST_F(ProbeCase, Passes) {
  step(2);
  expect_reading("x", 2);
}

TEST_F(ProbeCase, AnAssertStopsTheCase) {
  step(1);
  assert_reading("x", 99);
  ADD_FAILURE() << "not reached: the assert_ above stopped the case";
}

class ParamCase : public ProbeCase, public ::testing::WithParamInterface<int> {};

TEST_P(ParamCase, Frame) {
  step(GetParam());
  expect_golden();
}

INSTANTIATE_TEST_SUITE_P(Steps, ParamCase, ::testing::Values(1, 2));
INSTANTIATE_TEST_SUITE_P(More, ParamCase, ::testing::Values(20, 30));

}  // namespace

int main(int argc, char** argv) {
  // case_kit_edges.sh gives the folders, as framecheck_add_cases would.
  return framecheck::run_cases(argc, argv, "golden", "artifacts");
}
