#include <cxxabi.h>

#include <cmath>
#include <cstdlib>
#include <exception>
#include <framecheck/drive/driver.hpp>
#include <framecheck/explore/probe.hpp>
#include <memory>
#include <string>
#include <typeinfo>
#include <variant>

namespace framecheck {
namespace {

// The hook an input event reaches.
std::string hook_of(const InputEvent& event) {
  struct Name {
    std::string operator()(const KeyPress&) const { return "key_down"; }
    std::string operator()(const KeyRelease&) const { return "key_up"; }
    std::string operator()(const Pointer&) const { return "pointer"; }
    std::string operator()(const Gamepad&) const { return "gamepad"; }
    std::string operator()(const Travel&) const { return "travel"; }
    std::string operator()(const GameAction& a) const { return "action " + a.name; }
  };
  return std::visit(Name{}, event);
}

std::string type_name(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(
      abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? name.get() : type.name();
}

// The exception in flight, as a finding from `hook` before or at `frame`.
Finding thrown(const std::string& hook, std::uint64_t frame) {
  Finding f{.kind = FindingKind::kException, .frame = frame};
  try {
    throw;
  } catch (const std::exception& e) {
    const std::string type = type_name(typeid(e));
    f.place = hook + ": " + type;
    f.detail = hook + " threw " + type + ": " + e.what();
  } catch (...) {
    f.place = hook + ": an exception of unknown type";
    f.detail = hook + " threw an exception that is not a std::exception";
  }
  return f;
}

std::optional<Finding> not_finite(const std::string& name, double value, std::uint64_t frame) {
  if (std::isfinite(value)) return std::nullopt;
  return Finding{.kind = FindingKind::kNotFinite,
                 .frame = frame,
                 .place = name,
                 .detail = name + " is " +
                           (std::isnan(value) ? "nan"
                            : value > 0       ? "inf"
                                              : "-inf")};
}

// The first declared number, or actor position or velocity, that is not finite.
std::optional<Finding> first_not_finite(Simulation& sim, std::uint64_t frame) {
  for (const GameStateField& field : sim.game_state().fields()) {
    if (const double* v = std::get_if<double>(&field.value)) {
      if (auto f = not_finite(field.name, *v, frame)) return f;
    } else if (const auto* vs = std::get_if<std::vector<double>>(&field.value)) {
      for (std::size_t i = 0; i < vs->size(); ++i) {
        if (auto f = not_finite(field.name + "[" + std::to_string(i) + "]", (*vs)[i], frame)) {
          return f;
        }
      }
    }
  }
  const StateDescription description = sim.describe();
  if (!description.world) return std::nullopt;
  for (const ActorState& actor : description.world->actors) {
    const std::string who = "actor (" + actor.tag + ") ";
    for (const auto& [what, value] : {std::pair{"x", actor.x}, std::pair{"y", actor.y},
                                      std::pair{"vx", actor.vx}, std::pair{"vy", actor.vy}}) {
      if (auto f = not_finite(who + what, value, frame)) {
        f->detail = "actor " + std::to_string(actor.id) + " (" + actor.tag + ") " + what +
                    f->detail.substr(who.size() + std::string(what).size());
        return f;
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<Finding> probe(const SimulationFactory& make, const InputScript& input,
                             const ProbeOptions& options, std::atomic<std::uint64_t>* progress) {
  std::unique_ptr<Driver> driver;
  try {
    driver = std::make_unique<Driver>(make, DriverOptions{.run = options.run});
  } catch (...) {
    return thrown("the game's constructor", 0);
  }
  Simulation& sim = driver->simulation();
  for (std::uint64_t frame = 1; frame <= options.frames; ++frame) {
    for (const InputEvent& event : input.before(frame)) {
      try {
        apply_input(sim, event);
      } catch (...) {
        return thrown(hook_of(event), frame);
      }
    }
    try {
      driver->step(1);
    } catch (...) {
      return thrown("frame", frame);
    }
    if (progress != nullptr) progress->store(frame, std::memory_order_relaxed);
    try {
      if (auto f = first_not_finite(sim, frame)) return f;
      if (auto broken = sim.broken_invariant()) {
        return Finding{.kind = FindingKind::kInvariant,
                       .frame = frame,
                       .place = *broken,
                       .detail = "the invariant \"" + *broken + "\" does not hold"};
      }
    } catch (...) {
      return thrown("declare_state or broken_invariant", frame);
    }
  }
  return std::nullopt;
}

}  // namespace framecheck
