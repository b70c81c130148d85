// The driver example of docs/harness.md, to the letter (docs.harness_snippets checks), and a case
// that runs it.
#include <gtest/gtest.h>

#include <arena.hpp>
#include <framecheck/drive/driver.hpp>
#include <framecheck/drive/frame_samples.hpp>

using namespace framecheck;

Image run_the_arena() {
  games::Arena game;
  DriverOptions options;
  options.run = [](RunSpec& r) { r.fps = 144; };            // frame n ends at n * 1e9 / 144 ns
  options.samples = scripted_samples(7.0, {{300, 120.0}});  // one 120 ms stall at frame 300
  options.input.add(60, KeyPress{"Backquote"});             // before frame 60: show the overlay
  options.input.add(200, KeyPress{"ArrowUp"});              // held from frame 200 ...
  options.input.add(260, KeyRelease{"ArrowUp"});            // ... to frame 259
  options.input.add(400, Pointer{{PointerKind::kDown, {160, 90}, 0}});  // logical coordinates
  options.input.add(900, Travel{"arena-2"});
  Driver driver(game, options);
  driver.step(1000);
  return driver.render_image();  // scene and overlay, offscreen
}

TEST(HarnessDocs, TheDriverExampleRuns) {
  const Image frame = run_the_arena();
  EXPECT_EQ(frame.width, 1280);  // the arena's own surface (RunSpec)
  EXPECT_EQ(frame.height, 720);
  EXPECT_EQ(frame, run_the_arena()) << "the same frame, byte for byte, every run";
}
