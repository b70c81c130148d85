#include "probes.hpp"

#include <cmath>
#include <framecheck/determinism/det_math.hpp>

namespace framecheck::games {

namespace {

double distance_to_cell(Vec2 p, const CellsProbe::Key& k) {
  const double cx = (k.first + 0.5) * CellsProbe::kCellSize,
               cy = (k.second + 0.5) * CellsProbe::kCellSize;
  return framecheck::det_math::hypot(cx - p.x, cy - p.y);
}

}  // namespace

void CellsProbe::update(std::optional<Vec2> observer, SimTime dt) {
  observer_ = observer;
  if (!observer) {
    cells_.clear();
    return;
  }
  const Vec2 p = *observer;
  // Cells whose centre is inside the load radius are wanted; start loading the new ones.
  const int reach = static_cast<int>(std::ceil(kLoadRadius / kCellSize)) + 1;
  const int ox = static_cast<int>(framecheck::det_math::floor(p.x / kCellSize)),
            oy = static_cast<int>(framecheck::det_math::floor(p.y / kCellSize));
  for (int x = ox - reach; x <= ox + reach; ++x) {
    for (int y = oy - reach; y <= oy + reach; ++y) {
      if (distance_to_cell(p, {x, y}) <= kLoadRadius && !cells_.contains({x, y})) {
        cells_[{x, y}] = Cell{State::kReading, kLoadTime};
      }
    }
  }
  for (auto it = cells_.begin(); it != cells_.end();) {
    Cell& c = it->second;
    const double d = distance_to_cell(p, it->first);
    if (d > kUnloadRadius) {
      it = cells_.erase(it);
      continue;
    }
    if (c.state == State::kReading) {
      c.loading_left -= dt;
      if (c.loading_left <= SimTime(0)) c.state = State::kShown;
    }
    if (c.state != State::kReading) c.state = d <= kLoadRadius ? State::kShown : State::kLeaving;
    ++it;
  }
}

std::optional<CellsProbe::Key> CellsProbe::observer_cell() const {
  if (!observer_) return std::nullopt;
  return Key{static_cast<int>(framecheck::det_math::floor(observer_->x / kCellSize)),
             static_cast<int>(framecheck::det_math::floor(observer_->y / kCellSize))};
}

int CellsProbe::count(State state) const {
  int n = 0;
  for (const auto& [key, cell] : cells_)
    n += cell.state == state;
  return n;
}

}  // namespace framecheck::games
