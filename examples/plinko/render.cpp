// Plinko's own renderer: a few filled shapes into straight RGBA, no library. Drawn from the
// declared state alone, so a frame's pixels are as deterministic as its state.
#include <algorithm>
#include <cmath>
#include <framecheck/determinism/det_math.hpp>

#include "board.hpp"
#include "plinko.hpp"

namespace plinko {
namespace {

struct Colour {
  std::uint8_t r, g, b;
};

class Canvas {
 public:
  Canvas(std::span<std::uint8_t> rgba, int width, int height)
      : rgba_(rgba), width_(width), height_(height) {}

  // Metres to pixels: x right, y up on the board, down on the screen.
  double px(double x) const { return x * width_ / kWidth; }
  double py(double y) const { return (kHeight - y) * height_ / kHeight; }
  double scale() const { return static_cast<double>(width_) / kWidth; }

  void fill(Colour c) {
    for (int y = 0; y < height_; ++y) {
      for (int x = 0; x < width_; ++x)
        put(x, y, c);
    }
  }

  // Pixels whose centres lie in [x0, x1) x [y0, y1), in pixels.
  void rect(double x0, double y0, double x1, double y1, Colour c) {
    for (int y = clamp_y(y0); y < clamp_y(y1); ++y) {
      for (int x = clamp_x(x0); x < clamp_x(x1); ++x)
        put(x, y, c);
    }
  }

  // A disc of radius r pixels at (cx, cy) pixels; `stripe` colours a band through its centre at
  // `angle` (radians, anticlockwise on the board), so a ball's turning shows.
  void disc(double cx, double cy, double r, Colour c, const Colour* stripe = nullptr,
            double angle = 0) {
    const double nx = framecheck::det_math::sin(angle);
    const double ny = framecheck::det_math::cos(angle);
    for (int y = clamp_y(cy - r); y < clamp_y(cy + r + 1); ++y) {
      for (int x = clamp_x(cx - r); x < clamp_x(cx + r + 1); ++x) {
        const double dx = x + 0.5 - cx;
        const double dy = y + 0.5 - cy;
        if (dx * dx + dy * dy > r * r) continue;
        const bool band = stripe != nullptr && std::abs(dx * nx + dy * ny) < r * 0.3;
        put(x, y, band ? *stripe : c);
      }
    }
  }

 private:
  int clamp_x(double x) const {
    return std::clamp(static_cast<int>(std::ceil(x - 0.5)), 0, width_);
  }
  int clamp_y(double y) const {
    return std::clamp(static_cast<int>(std::ceil(y - 0.5)), 0, height_);
  }
  void put(int x, int y, Colour c) {
    std::uint8_t* p = rgba_.data() + (static_cast<std::size_t>(y) * width_ + x) * 4;
    p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
  }

  std::span<std::uint8_t> rgba_;
  int width_, height_;
};

constexpr Colour kBackground{18, 22, 38};
constexpr Colour kPeg{196, 204, 220};
constexpr Colour kWall{90, 100, 130};
constexpr Colour kBall{240, 150, 40};
constexpr Colour kStripe{120, 60, 20};
constexpr Colour kCarriage{60, 200, 190};
constexpr Colour kPip{250, 220, 90};

}  // namespace

bool Plinko::render_rgba(std::span<std::uint8_t> rgba, int width, int height) {
  Canvas canvas(rgba, width, height);
  canvas.fill(kBackground);
  // The bins, brighter the more they score, and their dividers.
  for (std::size_t bin = 0; bin < kBinValues.size(); ++bin) {
    const auto shade = static_cast<std::uint8_t>(30 + kBinValues[bin] * 12);
    canvas.rect(canvas.px(4.0 * bin + 0.1), canvas.py(0.6), canvas.px(4.0 * bin + 3.9),
                canvas.py(0), {shade, static_cast<std::uint8_t>(shade / 2), 40});
  }
  for (int i = 1; i < 8; ++i) {
    canvas.rect(canvas.px(i * 4 - 0.1), canvas.py(kDividerHeight), canvas.px(i * 4 + 0.1),
                canvas.py(0), kWall);
  }
  for_each_peg([&](float x, float y) {
    canvas.disc(canvas.px(x), canvas.py(y), kPegRadius * canvas.scale(), kPeg);
  });
  for (std::size_t i = 0; i < balls(); ++i) {
    canvas.disc(canvas.px(balls_.x[i]), canvas.py(balls_.y[i]), kBallRadius * canvas.scale(), kBall,
                &kStripe, balls_.angle[i]);
  }
  // The carriage, dimmed while it reloads.
  const Colour carriage = cooldown_ > 0 ? Colour{30, 100, 95} : kCarriage;
  canvas.rect(canvas.px(carriage_ - 0.6), canvas.py(kDropHeight + 1.2), canvas.px(carriage_ + 0.6),
              canvas.py(kDropHeight + 0.7), carriage);
  // The score as pips along the top right, one per point up to forty.
  const double pip = canvas.scale() * 0.3;
  for (std::int64_t i = 0; i < std::min<std::int64_t>(score_, 40); ++i) {
    const double x = width - (static_cast<double>(i) + 1) * pip * 1.5;
    canvas.rect(x, pip, x + pip, 2 * pip, kPip);
  }
  return true;
}

}  // namespace plinko
