#include <framecheck/diagnostics/diagnostics.hpp>

namespace framecheck {

void Diagnostics::read_into(std::vector<DiagnosticReading>& out) {
  // One span over both registries: an instance source registering into the world registry
  // must not appear in this same read either.
  DiagnosticRegistry::ReadScope instance_scope(instance_);
  DiagnosticRegistry::ReadScope world_scope(world_);
  instance_.read_into(out);
  world_.read_into(out);
}

void Diagnostics::read_reusing(std::vector<DiagnosticReading>& out) {
  DiagnosticRegistry::ReadScope instance_scope(instance_);
  DiagnosticRegistry::ReadScope world_scope(world_);
  const std::size_t instance_count = instance_.size();
  instance_.read_reusing(out, 0);
  world_.read_reusing(out, instance_count);
  out.resize(instance_count + world_.size());
}

std::vector<DiagnosticReading> Diagnostics::read() {
  std::vector<DiagnosticReading> out;
  out.reserve(instance_.size() + world_.size());
  read_into(out);
  return out;
}

std::vector<std::string> Diagnostics::panel_lines() {
  const std::vector<DiagnosticReading> readings = read();
  std::vector<std::string> lines;
  lines.reserve(readings.size() + 2);
  const WorldLine w = world_line();
  lines.push_back(format_world_line(w.level, w.phase, w.actors));
  for (const DiagnosticReading& r : readings)
    lines.push_back(format_reading(r));
  lines.push_back(format_metrics(metrics()));
  return lines;
}

}  // namespace framecheck
