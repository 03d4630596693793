#include "core/route_shrinking.h"

#include <algorithm>
#include <optional>

#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::properties {

namespace {

// The route without moves [begin, end): from the FEN reached after `begin` moves when the chunk
// is a prefix (and the start is not kept), else the same start with the chunk cut out. Nothing
// when the rest is illegal.
std::optional<Route> without_chunk(const Route& route, std::size_t begin, std::size_t end,
                                   bool keep_start) {
  Game game;
  if (!game.set(route.fen, polyglot_scheme(), FenOptions{route.chess960}).empty())
    return std::nullopt;
  Route out{route.fen, route.chess960, {}};
  for (std::size_t i = 0; i < route.moves.size(); ++i) {
    const std::string& m = route.moves[i];
    if (begin == 0 && i < end && !keep_start) {
      // A prefix is played, and the position where it ends is the new start.
      if (!game.play_uci(m)) return std::nullopt;
      if (i + 1 == end) {
        out.fen = game.position().fen();
        out.chess960 = game.position().is_chess960();
      }
      continue;
    }
    if (i >= begin && i < end) continue;
    if (!game.play_uci(m)) return std::nullopt;
    out.moves.push_back(m);
  }
  return out;
}

}  // namespace

Route shrink_route(const Route& route, const std::function<bool(const Route&)>& fails, int budget,
                   bool keep_start) {
  // From a kept start, cutting an odd number of moves hands the rest to the wrong side: the
  // chunks are then whole move pairs.
  const std::size_t step = keep_start ? 2 : 1;
  auto fit = [step](std::size_t chunk) { return std::max(step, chunk + chunk % step); };
  Route best = route;
  std::size_t chunk = fit(best.moves.size() / 2);
  while (budget > 0 && best.moves.size() >= step) {
    bool shrunk = false;
    for (std::size_t begin = 0; begin + chunk <= best.moves.size() && budget > 0;) {
      std::optional<Route> candidate = without_chunk(best, begin, begin + chunk, keep_start);
      if (candidate) {
        --budget;
        if (fails(*candidate)) {
          best = std::move(*candidate);
          shrunk = true;
          continue;  // the same place now holds the moves that followed the chunk
        }
      }
      begin += keep_start ? 1 : chunk;  // a pair may start on either side's move
    }
    if (shrunk) {
      chunk = fit(std::min(chunk, best.moves.size() / 2));
      continue;
    }
    if (chunk == step) break;
    chunk = fit(chunk / 2);
  }
  return best;
}

}  // namespace zobrist_verify::properties
