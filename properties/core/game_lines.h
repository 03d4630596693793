// What the shapes of the game suite share (game_suite.cpp, sweep.cpp): a session that fails the
// case when the target gives none, and counterexamples on a line played.
#pragma once

#include <memory>
#include <string>

#include "core/game_suite.h"

namespace zobrist_verify::properties::games {

// A fresh session of the target; fails the case when it gives none.
std::unique_ptr<GameSession> open_session(const GameTarget& target);
// A counterexample at `ply` of `line` (its moves up to that ply; -1: at the start).
Counterexample counterexample_at(const GameTarget& target, const Route& line, int ply,
                                 std::string what);
// Fails the case: `actual` where `expected` was due.
[[noreturn]] void fail_same_key(Counterexample c, Key expected, Key actual);

}  // namespace zobrist_verify::properties::games
