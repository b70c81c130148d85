#include <framecheck/diagnostics.hpp>

namespace framecheck {

void Diagnostics::read_into(std::vector<DiagnosticReading>& out) {
  // One span over both registries: an instance source registering into the world registry
  // must not appear in this same read either.
  DiagnosticRegistry::ReadScope instance_scope(instance_);
  DiagnosticRegistry::ReadScope world_scope(world_);
  instance_.read_into(out);
  world_.read_into(out);
}

std::vector<DiagnosticReading> Diagnostics::read() {
  std::vector<DiagnosticReading> out;
  out.reserve(instance_.size() + world_.size());
  read_into(out);
  return out;
}

}  // namespace framecheck
