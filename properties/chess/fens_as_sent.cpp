#include "chess/fens_as_sent.h"

namespace zobrist_verify::properties {

std::string fen_as_sent(const Target& target, const std::string& fen, bool chess960) {
  return target.fen_as_sent ? target.fen_as_sent(fen, chess960) : fen;
}

void show_fens_as_sent(std::vector<PropertyResult>& results, const Target& target) {
  if (!target.fen_as_sent) return;
  auto rewrite = [&](Route& route) {
    if (!route.fen.empty() && route.fen != "?")
      route.fen = target.fen_as_sent(route.fen, route.chess960);
  };
  for (PropertyResult& r : results)
    for (Counterexample* c : counterexamples_of(r)) {
      rewrite(c->route);
      for (ComparedPosition& p : c->positions) rewrite(p.route);
    }
}

}  // namespace zobrist_verify::properties
