#include <algorithm>
#include <framecheck/world.hpp>

namespace framecheck {

World::World(std::string level, Vec2 logical_size, std::uint64_t seed, DiagnosticRegistry& registry)
    : level_(std::move(level)), logical_size_(logical_size), rng_(seed), registry_(registry) {}

ActorId World::spawn(std::string tag, Vec2 position, Vec2 size, Vec2 velocity) {
  const ActorId id = next_id_++;
  actors_.push_back(Actor{id, std::move(tag), position, size, velocity, true});
  ++live_;
  return id;
}

Actor* World::find(ActorId id) {
  // Ids only grow, and the sweep keeps order, so the actors stay sorted by id.
  const auto it = std::lower_bound(actors_.begin(), actors_.end(), id,
                                   [](const Actor& a, ActorId v) { return a.id < v; });
  return it != actors_.end() && it->id == id ? &*it : nullptr;
}

const Actor* World::find(ActorId id) const {
  return const_cast<World*>(this)->find(id);
}

void World::remove(ActorId id) {
  Actor* actor = find(id);
  if (actor == nullptr || !actor->alive) return;
  actor->alive = false;
  --live_;
}

TimerQueue::TimerId World::after(SimTime delay, TimerQueue::Callback callback) {
  return timers_.after(now_ + delay, std::move(callback));
}

TimerQueue::TimerId World::every(SimTime period, TimerQueue::Callback callback) {
  return timers_.every(now_ + period, period, std::move(callback));
}

void World::advance(SimTime dt) {
  now_ += dt;
  ++ticks_;
  timers_.run_until(now_, *this);
}

void World::sweep() {
  std::erase_if(actors_, [](const Actor& a) { return !a.alive; });
}

void World::close() {
  timers_.clear();
  registry_.clear();
}

}  // namespace framecheck
