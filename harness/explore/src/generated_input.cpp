#include <algorithm>
#include <framecheck/explore/generated_input.hpp>
#include <string>

namespace framecheck {
namespace {

// Draws the activities of one run onto an InputScript, in frame order as they start. Holds
// overlap what follows them, as a person holds a direction while pressing others.
class Player {
 public:
  Player(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames, Rng& rng)
      : alphabet_(alphabet), area_(area), frames_(frames), rng_(rng) {}

  InputScript play() {
    std::uint64_t at = 1 + rng_.below(20);
    while (at <= frames_)
      at += activity(at);
    return std::move(script_);
  }

 private:
  std::uint64_t between(std::uint64_t lo, std::uint64_t hi) { return lo + rng_.below(hi - lo + 1); }

  void add(std::uint64_t frame, InputEvent event) {
    if (frame >= 1 && frame <= frames_) script_.add(frame, std::move(event));
  }

  const std::string& any_key() { return alphabet_.keys[rng_.below(alphabet_.keys.size())]; }

  // A key drawn, held `frames` from `at`. The draws are made one statement at a time, here and
  // throughout: the order of a call's arguments is the compiler's to choose, and an input drawn
  // in another order is another input.
  void hold(std::uint64_t frames, std::uint64_t at) {
    const std::string& key = any_key();
    hold_key(key, at, frames);
  }

  // A key from `at` for `frames`, with the repeats a held key sends from half a second on.
  void hold_key(const std::string& key, std::uint64_t at, std::uint64_t frames) {
    add(at, KeyPress{key});
    for (std::uint64_t f = at + 30; f < at + frames; f += 2)
      add(f, KeyPress{key, true});
    add(at + frames, KeyRelease{key});
  }

  Vec2 anywhere() {
    const double x = rng_.uniform(0, area_.x);
    const double y = rng_.uniform(0, area_.y);
    return {x, y};
  }

  void pointer(std::uint64_t at, PointerKind kind, Vec2 where, int button = 0, Vec2 wheel = {}) {
    add(at, Pointer{{.kind = kind, .position = where, .button = button, .wheel = wheel}});
  }

  void pad(std::uint64_t at, GamepadKind kind, int index, double value) {
    if (!pad_connected_) {
      add(at, Gamepad{{.kind = GamepadKind::kConnected, .name = "Standard Gamepad"}});
      pad_connected_ = true;
    }
    add(at, Gamepad{{.kind = kind, .index = index, .value = value}});
  }

  // One thing a person does from frame `at`; returns the frames until the next begins.
  std::uint64_t activity(std::uint64_t at) {
    const bool keys = !alphabet_.keys.empty();
    const std::uint64_t kinds = 4;  // keys, pointer, gamepad, idle: drawn, then skipped if absent
    switch (rng_.below(kinds * 3)) {
      case 0:
      case 1:
      case 2:  // a tap
        if (!keys) break;
        hold(between(1, 4), at);
        return between(2, 12);
      case 3:
      case 4:  // a hold, which what follows overlaps
        if (!keys) break;
        hold(between(10, 120), at);
        return between(1, 20);
      case 5: {  // a burst of taps on one key
        if (!keys) break;
        const std::string& key = any_key();
        const std::uint64_t taps = between(3, 8);
        std::uint64_t f = at;
        for (std::uint64_t i = 0; i < taps; ++i, f += between(2, 6))
          hold_key(key, f, 1);
        return f - at + between(1, 10);
      }
      case 6: {  // two keys together
        if (!keys) break;
        const std::uint64_t frames = between(5, 60);
        hold(frames, at);
        const std::uint64_t lag = between(0, 3);
        hold(frames, at + lag);
        return frames + between(1, 10);
      }
      case 7: {  // a pointer stroke, clicked or dragged or neither
        if (!alphabet_.pointer) break;
        Vec2 p = anywhere();
        const std::uint64_t moves = between(2, 10);
        const auto how = rng_.below(3);  // 0 a move, 1 a click at its end, 2 a drag
        const int button = static_cast<int>(rng_.below(3));
        if (how == 2) pointer(at, PointerKind::kDown, p, button);
        std::uint64_t f = at;
        for (std::uint64_t i = 0; i < moves; ++i, f += between(1, 4)) {
          const double dx = rng_.uniform(-area_.x / 8, area_.x / 8);
          const double dy = rng_.uniform(-area_.y / 8, area_.y / 8);
          p = {std::clamp(p.x + dx, 0.0, area_.x), std::clamp(p.y + dy, 0.0, area_.y)};
          pointer(f, PointerKind::kMove, p);
        }
        if (how == 1) pointer(f, PointerKind::kDown, p, button);
        if (how != 0) pointer(f + between(1, 5), PointerKind::kUp, p, button);
        return f - at + between(2, 10);
      }
      case 8: {  // the wheel
        if (!alphabet_.pointer) break;
        const Vec2 where = anywhere();
        const double notches = static_cast<double>(rng_.below(7)) - 3;
        pointer(at, PointerKind::kWheel, where, 0, {0, notches});
        return between(1, 10);
      }
      case 9: {  // a gamepad button, pressed and released
        if (!alphabet_.gamepad) break;
        const int button = static_cast<int>(rng_.below(kGamepadButtons));
        pad(at, GamepadKind::kButton, button, 1);
        const std::uint64_t held = between(1, 40);
        pad(at + held, GamepadKind::kButton, button, 0);
        return between(2, 20);
      }
      case 10: {  // a stick pushed somewhere and let go
        if (!alphabet_.gamepad) break;
        const int axis = static_cast<int>(rng_.below(kGamepadAxes));
        const std::uint64_t steps = between(1, 6);
        std::uint64_t f = at;
        for (std::uint64_t i = 0; i < steps; ++i, f += between(2, 10)) {
          pad(f, GamepadKind::kAxis, axis, rng_.uniform(-1, 1));
        }
        pad(f, GamepadKind::kAxis, axis, 0);
        return between(1, 20);
      }
      case 11:  // the gamepad unplugged, or idle
        if (alphabet_.gamepad && pad_connected_ && rng_.below(4) == 0) {
          add(at, Gamepad{{.kind = GamepadKind::kDisconnected}});
          pad_connected_ = false;
          return between(5, 60);
        }
        break;
    }
    return between(5, 90);  // idle
  }

  const InputAlphabet& alphabet_;
  Vec2 area_;
  std::uint64_t frames_;
  Rng& rng_;
  InputScript script_;
  bool pad_connected_ = false;
};

}  // namespace

InputScript generate_input(const InputAlphabet& alphabet, Vec2 area, std::uint64_t frames,
                           Rng& rng) {
  return Player(alphabet, area, frames, rng).play();
}

std::vector<TimedInput> flatten(const InputScript& input) {
  std::vector<TimedInput> events;
  for (const auto& [frame, list] : input.all()) {
    for (const InputEvent& event : list)
      events.push_back({frame, event});
  }
  return events;
}

InputScript to_script(const std::vector<TimedInput>& events) {
  InputScript script;
  for (const TimedInput& e : events)
    script.add(e.frame, e.event);
  return script;
}

}  // namespace framecheck
