// Cells: where a run is, coarsely, so that guided exploration keeps one snapshot per place it has
// reached and explores on from the rare ones (Go-Explore's archive). Two states in one cell are
// one place to explore from.
//   const std::vector<std::string> clock = clock_fields(make, {});
//   std::string here = explore_cell_of(sim, clock);  // "stage=2 dial=5"
#pragma once

#include <framecheck/sim/simulation.hpp>
#include <string>
#include <vector>

namespace framecheck {

// The declared whole numbers that count time (the frame count, the clock, a phase's time: what
// load_state needs, and no place): those that rise on each of the first four frames of a game
// `make` makes, given no input.
std::vector<std::string> clock_fields(const SimulationFactory& make, const RunEdit& run);

// The game's own cell (Simulation::explore_cell), else default_cell.
std::string explore_cell_of(Simulation& sim, const std::vector<std::string>& clock);

// A cell from the declared state and describe(), each part a coarse bucket: a whole number by its
// value below 16 and by its power of two above (so a score of 3 and 4 differ, one of 300 and 301
// do not); a flag or short text as it is; an array by its length; the world's level and phase; the
// player's place (the actor tagged "player", else the first) on an 8 by 8 grid over the logical
// area. Left out: numbers that are not whole (positions and speeds are motion, not place: the
// player's grid cell stands for them) and the `clock` fields (they say when, not where).
std::string default_cell(Simulation& sim, const std::vector<std::string>& clock);

}  // namespace framecheck
