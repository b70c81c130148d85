#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <framecheck/sim/world.hpp>
#include <string>
#include <string_view>

#include <framecheck/determinism/detail/canonical_bytes.hpp>
#include <framecheck/determinism/detail/xxh3.hpp>

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

namespace {

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes)
    h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

}  // namespace

std::uint64_t World::checksum(WorldHash hash) const {
  std::size_t size = 8 * 6 + level_.size() + phase_.size() + 8 * rng_.state().size();
  for (const Actor& a : actors_)
    size += 8 * 9 + a.tag.size();
  thread_local std::string buffer;
  detail::CanonicalBytes b(buffer, size);
  b.str(level_);
  b.str(phase_);
  b.u64(static_cast<std::uint64_t>(now_.count()));
  b.u64(ticks_);
  b.u64(actors_.size());
  for (const Actor& a : actors_) {
    b.u64(a.id);
    b.str(a.tag);
    b.f64(a.position.x);
    b.f64(a.position.y);
    b.f64(a.size.x);
    b.f64(a.size.y);
    b.f64(a.velocity.x);
    b.f64(a.velocity.y);
    b.u64(a.alive ? 1 : 0);
  }
  for (std::uint64_t word : rng_.state())
    b.u64(word);
  b.u64(timers_.size());
  const std::string_view bytes = b.bytes();
  return hash == WorldHash::kFnv1a ? fnv1a(bytes) : detail::xxh3_64(bytes);
}

void World::close() {
  timers_.clear();
  registry_.clear();
}

}  // namespace framecheck
