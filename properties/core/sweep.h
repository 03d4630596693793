// Property 4's one large case, unequal-positions-unequal-keys: lines are sampled until `wanted`
// distinct positions are seen; two positions with one identity must share a key, two with
// different identities must not (unless the game declares the pair), and each sampled position's
// made-to-differ neighbours must have other keys.
//
// Line i draws from a generator of its own, seeded with the i-th number of the sweep's splitmix64
// stream, so a line is the same whoever plays it. A line is played into a record (its route, each
// ply's identity and key, the neighbours checked, what the target was given and refused, or where
// it failed), and the records are merged in line order by one merge that keeps the identities and
// applies the checks that span lines. The merge stops at the ply where `wanted` is reached, and the
// first failing line wins: the result does not depend on who played the lines.
//
// With --jobs 1 (no run's slots in this process) the lines are played here, one session, each
// line asked for in full before the previous one is read (a pipelined engine always has work).
// Inside a unit's worker of a --jobs N run the lines are cut into blocks: this process plays them
// on the unit's own slot, and forked workers, each with a session of its own
// (GameTarget::sweep_worker_sessions: an engine of its own), take blocks on the run's free slots
// (zobrist_verify/parallel_runs.h CoreSlots), so the run never has more than N processes at work:
// the one block runner of zobrist_verify/block_workers.h, a worker a block. Workers are used only
// where a position costs more to play than to send. A block whose worker dies is played again
// here, so that a crash or a leak is reported as a --jobs 1 run reports it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/game_suite.h"

namespace zobrist_verify::properties::games {

// Runs the sweep of `target` from `seed` inside a RapidCheck case: fails the case at the first
// failing line, tags it with the distinct positions seen on a pass.
void run_sweep(const GameTarget& target, std::size_t wanted, std::uint64_t seed);

}  // namespace zobrist_verify::properties::games
