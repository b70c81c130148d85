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

#include "watch.hpp"

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

// A non-finite value as a finding; `place` and `who` (the actor, for its detail) name it. Called
// only for a value that is not finite: every frame checks every value, so names are built for a
// finding alone.
Finding not_finite(std::string place, const std::string& who, double value, std::uint64_t frame) {
  const char* what = std::isnan(value) ? "nan" : value > 0 ? "inf" : "-inf";
  std::string detail = (who.empty() ? place : who) + " is " + what;
  return {.kind = FindingKind::kNotFinite,
          .frame = frame,
          .place = std::move(place),
          .detail = std::move(detail)};
}

// The first declared number, or actor position or velocity, that is not finite.
std::optional<Finding> first_not_finite(Simulation& sim, std::uint64_t frame) {
  for (const GameStateField& field : sim.game_state().fields()) {
    if (const double* v = std::get_if<double>(&field.value)) {
      if (!std::isfinite(*v)) return not_finite(field.name, {}, *v, frame);
    } else if (const auto* vs = std::get_if<std::vector<double>>(&field.value)) {
      for (std::size_t i = 0; i < vs->size(); ++i) {
        if (!std::isfinite((*vs)[i])) {
          return not_finite(field.name + "[" + std::to_string(i) + "]", {}, (*vs)[i], frame);
        }
      }
    }
  }
  const StateDescription description = sim.describe();
  if (!description.world) return std::nullopt;
  for (const ActorState& actor : description.world->actors) {
    for (const auto& [what, value] : {std::pair{"x", actor.x}, std::pair{"y", actor.y},
                                      std::pair{"vx", actor.vx}, std::pair{"vy", actor.vy}}) {
      if (!std::isfinite(value)) {
        // The place leaves the id out: the same bug in another actor is the same bug.
        return not_finite("actor (" + actor.tag + ") " + what,
                          "actor " + std::to_string(actor.id) + " (" + actor.tag + ") " + what,
                          value, frame);
      }
    }
  }
  return std::nullopt;
}

// Where a run and its twin on the same input first disagree, after a frame whose checksums
// differ: the first declared field, else the checksum alone (state the game does not declare).
Finding disagreement(Simulation& sim, Simulation& twin, std::uint64_t frame) {
  Finding f{.kind = FindingKind::kNondeterminism, .frame = frame};
  const auto& ours = sim.game_state().fields();
  const auto& theirs = twin.game_state().fields();
  for (std::size_t i = 0; i < ours.size() && i < theirs.size(); ++i) {
    if (ours[i].name != theirs[i].name) break;
    if (!(ours[i] == theirs[i])) {
      f.place = ours[i].name;
      f.detail = ours[i].name + " is " + describe(ours[i].value) + " in one run and " +
                 describe(theirs[i].value) + " in its twin, on the same input";
      return f;
    }
  }
  if (ours.size() != theirs.size()) {
    f.place = "the declared fields";
    f.detail = "one run declares " + std::to_string(ours.size()) + " fields and its twin " +
               std::to_string(theirs.size()) + ", on the same input";
    return f;
  }
  f.place = "the checksum";
  f.detail =
      "the checksums of a run and its twin on the same input differ, while every "
      "declared field agrees";
  return f;
}

}  // namespace

std::optional<Finding> apply_watched(Simulation& sim, const InputEvent& event,
                                     std::uint64_t frame) {
  try {
    apply_input(sim, event);
  } catch (...) {
    return thrown(hook_of(event), frame);
  }
  return std::nullopt;
}

std::optional<Finding> step_watched(Driver& driver, std::uint64_t frame) {
  try {
    driver.step(1);
  } catch (...) {
    return thrown("frame", frame);
  }
  return std::nullopt;
}

std::optional<Finding> after_frame(Simulation& sim, std::uint64_t frame) {
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
  return std::nullopt;
}

std::optional<Finding> probe(const SimulationFactory& make, const InputScript& input,
                             const ProbeOptions& options, std::atomic<std::uint64_t>* progress) {
  std::unique_ptr<Driver> driver;
  try {
    driver = std::make_unique<Driver>(make, DriverOptions{.run = options.run});
  } catch (...) {
    return thrown("the game's constructor", 0);
  }
  // The twin plays the same input a step behind: anything that differs between them is state
  // the input does not decide (unseeded randomness, the clock, statics shared by instances).
  std::unique_ptr<Driver> twin_driver;
  const auto twin_failed = [](std::uint64_t frame, const std::string& what) {
    return Finding{.kind = FindingKind::kNondeterminism,
                   .frame = frame,
                   .place = "the twin " + what,
                   .detail = "the twin, on the same input, " + what + " where the run did not"};
  };
  if (options.twin) {
    try {
      twin_driver = std::make_unique<Driver>(make, DriverOptions{.run = options.run});
    } catch (...) {
      return twin_failed(0, "threw");
    }
  }
  Simulation& sim = driver->simulation();
  for (std::uint64_t frame = 1; frame <= options.frames; ++frame) {
    for (const InputEvent& event : input.before(frame)) {
      if (auto f = apply_watched(sim, event, frame)) return f;
      if (twin_driver) {
        try {
          apply_input(twin_driver->simulation(), event);
        } catch (...) {
          return twin_failed(frame, "threw");
        }
      }
    }
    if (auto f = step_watched(*driver, frame)) return f;
    if (twin_driver) {
      try {
        twin_driver->step(1);
      } catch (...) {
        return twin_failed(frame, "threw");
      }
    }
    if (progress != nullptr) progress->store(frame, std::memory_order_relaxed);
    if (auto f = after_frame(sim, frame)) return f;
    try {
      if (twin_driver && sim.checksum() != twin_driver->simulation().checksum())
        return disagreement(sim, twin_driver->simulation(), frame);
    } catch (...) {
      return thrown("declare_state", frame);
    }
  }
  return std::nullopt;
}

}  // namespace framecheck
