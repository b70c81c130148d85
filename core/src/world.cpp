#include <algorithm>
#include <bit>
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

namespace {

// FNV-1a over a canonical little-endian byte stream, so the checksum is the same on every machine.
class Fnv1a {
 public:
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i)
      h_ = (h_ ^ p[i]) * 0x100000001b3ULL;
  }
  void u64(std::uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; ++i)
      b[i] = static_cast<unsigned char>(v >> (8 * i));
    bytes(b, 8);
  }
  void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
  void str(const std::string& s) {
    u64(s.size());
    bytes(s.data(), s.size());
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

}  // namespace

std::uint64_t World::checksum() const {
  Fnv1a h;
  h.str(level_);
  h.str(phase_);
  h.u64(static_cast<std::uint64_t>(now_.count()));
  h.u64(ticks_);
  h.u64(actors_.size());
  for (const Actor& a : actors_) {
    h.u64(a.id);
    h.str(a.tag);
    h.f64(a.position.x);
    h.f64(a.position.y);
    h.f64(a.size.x);
    h.f64(a.size.y);
    h.f64(a.velocity.x);
    h.f64(a.velocity.y);
    h.u64(a.alive ? 1 : 0);
  }
  for (std::uint64_t word : rng_.state())
    h.u64(word);
  h.u64(timers_.size());
  return h.value();
}

void World::close() {
  timers_.clear();
  registry_.clear();
}

}  // namespace framecheck
