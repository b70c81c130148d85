#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <framecheck/determinism/detail/canonical_bytes.hpp>
#include <framecheck/determinism/detail/xxh3.hpp>
#include <framecheck/sim/world.hpp>
#include <string>
#include <string_view>

namespace framecheck {

World::World(std::string level, Vec2 logical_size, std::uint64_t seed, DiagnosticRegistry& registry)
    : s_(std::move(level), logical_size, seed), registry_(registry) {}

ActorId World::spawn(std::string tag, Vec2 position, Vec2 size, Vec2 velocity) {
  const ActorId id = s_.next_id_++;
  s_.actors_.push_back(Actor{id, std::move(tag), position, size, velocity, true});
  ++s_.live_;
  return id;
}

Actor* World::find(ActorId id) {
  // Ids only grow, and the sweep keeps order, so the actors stay sorted by id.
  const auto it = std::lower_bound(s_.actors_.begin(), s_.actors_.end(), id,
                                   [](const Actor& a, ActorId v) { return a.id < v; });
  return it != s_.actors_.end() && it->id == id ? &*it : nullptr;
}

const Actor* World::find(ActorId id) const {
  return const_cast<World*>(this)->find(id);
}

void World::remove(ActorId id) {
  Actor* actor = find(id);
  if (actor == nullptr || !actor->alive) return;
  actor->alive = false;
  --s_.live_;
}

TimerQueue::TimerId World::after(SimTime delay, TimerQueue::Callback callback) {
  return s_.timers_.after(s_.now_ + delay, std::move(callback));
}

TimerQueue::TimerId World::every(SimTime period, TimerQueue::Callback callback) {
  return s_.timers_.every(s_.now_ + period, period, std::move(callback));
}

void World::advance(SimTime dt) {
  s_.now_ += dt;
  ++s_.ticks_;
  s_.timers_.run_until(s_.now_, *this);
}

void World::sweep() {
  std::erase_if(s_.actors_, [](const Actor& a) { return !a.alive; });
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
  std::size_t size = 8 * 6 + s_.level_.size() + s_.phase_.size() + 8 * s_.rng_.state().size();
  for (const Actor& a : s_.actors_)
    size += 8 * 9 + a.tag.size();
  thread_local std::string buffer;
  detail::CanonicalBytes b(buffer, size);
  b.str(s_.level_);
  b.str(s_.phase_);
  b.u64(static_cast<std::uint64_t>(s_.now_.count()));
  b.u64(s_.ticks_);
  b.u64(s_.actors_.size());
  for (const Actor& a : s_.actors_) {
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
  for (std::uint64_t word : s_.rng_.state())
    b.u64(word);
  b.u64(s_.timers_.size());
  const std::string_view bytes = b.bytes();
  return hash == WorldHash::kFnv1a ? fnv1a(bytes) : detail::xxh3_64(bytes);
}

void World::close() {
  s_.timers_.clear();
  registry_.clear();
}

}  // namespace framecheck
