// Shrinking a route (a FEN and moves from it) that shows a failure, the way RapidCheck shrinks a
// list: drop chunks of moves, halving the chunk size, and start later in the game (from the FEN
// the route passes through), keeping every change under which the route stays legal and still
// fails. Used where a failure is found outside RapidCheck's shrinking: the 10^5-position sweep of
// property 4, and cases replayed after a target crashed.
#pragma once

#include <functional>

#include "zobrist_verify/chess/route.h"

namespace zobrist_verify::properties {

// The smallest route found for which `fails` holds; `route` itself when nothing smaller does.
// `fails` is called only on routes the reference replays legally, at most `budget` times. A
// dropped prefix makes the position it reaches the new start, unless `keep_start`: then the
// route keeps its FEN and only moves are cut out (the shortest move sequence from that FEN).
Route shrink_route(const Route& route, const std::function<bool(const Route&)>& fails,
                   int budget = 2000, bool keep_start = false);

}  // namespace zobrist_verify::properties
