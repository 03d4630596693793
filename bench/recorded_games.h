// Random legal games for the benchmarks, recorded before the timing starts, so that every
// benchmark replays the same games: from the start position and Kiwipete in turn, each move drawn
// by SplitMix64 from a fixed seed. Shared by bench/ and properties/chess/verified_plies_bench.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/core/random.h"

namespace zobrist_verify::bench {

struct RecordedGame {
  Route route;                    // the start FEN as the reference writes it, and the UCI moves
  std::vector<Move> moves;        // the same moves, to drive a Position directly
  std::vector<std::string> fens;  // the FEN after each move, as the reference writes it
};

// `count` games of `plies` moves each, fewer when one ends in mate or stalemate.
inline std::vector<RecordedGame> record_games(int count, int plies) {
  SplitMix64 rng(2024);
  const char* starts[] = {StartFen,
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
  std::vector<RecordedGame> games;
  for (int g = 0; g < count; ++g) {
    Game game;
    (void)game.set(starts[g % 2], polyglot_scheme());
    RecordedGame recorded{Route{game.position().fen(), false, {}}, {}, {}};
    for (int p = 0; p < plies; ++p) {
      const MoveList legal = legal_moves(game.position());
      if (legal.empty()) break;
      const Move m = legal[rng.next() % legal.size()];
      recorded.moves.push_back(m);
      recorded.route.moves.push_back(move_to_uci(game.position(), m));
      game.play(m);
      recorded.fens.push_back(game.position().fen());
    }
    games.push_back(std::move(recorded));
  }
  return games;
}

}  // namespace zobrist_verify::bench
