// A route: a FEN, whether it is Chess960, and the UCI moves played from it. The one form in
// which a position is named by how it is reached: a failure's reproduction, a divergence of a
// move generator, the call a worker died in, a recorded game.
#pragma once

#include <string>
#include <vector>

namespace zobrist_verify {

struct Route {
  std::string fen;
  bool chess960 = false;
  std::vector<std::string> moves;  // UCI, "0000" for null moves
};

// The moves separated by single spaces, as UCI's `position ... moves` and --moves take them.
inline std::string moves_text(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& m : moves) text += (text.empty() ? "" : " ") + m;
  return text;
}

// The route on one line, as error messages quote it: "'FEN' moves e2e4 e7e5" ("'FEN'" alone
// when no move was played).
inline std::string route_text(const Route& route) {
  const std::string fen = "'" + route.fen + "'";
  return route.moves.empty() ? fen : fen + " moves " + moves_text(route.moves);
}

}  // namespace zobrist_verify
