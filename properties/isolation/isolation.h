// The property suite behind a process boundary: each property runs in a forked worker with every
// call into the target watched (forked_run.h). A crash, an abort or a hang fails the case it
// happened in: the case is replayed alone in a fresh worker to confirm it, shrunk like any other
// failure, and reported as "crashed" or "timed out" with a command that replays it in-process.
#pragma once

#include <string>
#include <vector>

#include "isolation/forked_run.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// run_property in a worker process (SuiteOptions::isolate).
PropertyResult run_property_isolated(const std::string& name, const Target& target,
                                     const SuiteOptions& options);

// The target with every instance's calls recorded in `watch` (nullptr: not recorded).
Target watched_target(const Target& target, CallWatch* watch);

// Plays `route` on a fresh instance of the target in a worker: set_position, then each move,
// reading every key the target has after each step, and finally the call `last_call` when it is
// "unmake_move". How the worker ended says whether the route kills the target.
ChildRun replay_in_child(const Target& target, const Route& route, const std::string& last_call,
                         std::chrono::milliseconds call_timeout);

// The command that replays `route` on the target: its replay words, then --fen FEN, --moves
// m1 m2, --chess960, --allow-unreachable (when the target takes unreachable positions) and
// `extra`, each word quoted for a POSIX shell (join_command_words). Empty when the target has no
// replay words.
std::string replay_line(const Target& target, const Route& route,
                        const std::vector<std::string>& extra = {});

}  // namespace zobrist_verify::properties
