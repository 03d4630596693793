// The features of a counterexample's positions, named so that a report can show what several
// failures have in common: one cause (an en-passant bug, say) often fails several properties.
#include <algorithm>

#include "chess/position_tools.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

void add(std::vector<std::string>& features, const char* feature) {
  if (std::find(features.begin(), features.end(), feature) == features.end())
    features.emplace_back(feature);
}

// What a position shows that a cause may hide behind.
void add_position_features(std::vector<std::string>& features, const Position& pos) {
  if (pos.is_chess960()) add(features, "Chess960");
  if (pos.ep_square() == NoSquare) return;
  add(features, "en-passant square set");
  if (en_passant_term_applies(pos, EnPassantRule::PseudoLegal) && !pos.en_passant_capture_legal())
    add(features, "pinned en passant");
}

// Plays the route on the reference and adds what its moves and the positions along it show, and
// whether its last position is in check.
void add_route_features(std::vector<std::string>& features, const std::string& fen, bool chess960,
                        const std::vector<std::string>& moves) {
  Game game;
  if (!game.set(fen, polyglot_scheme(), FenOptions{chess960}).empty()) return;
  add_position_features(features, game.position());
  for (const std::string& uci : moves) {
    if (uci == "0000") {
      add(features, "null move");
    } else if (Expected<Move> m = parse_uci_move(game.position(), uci)) {
      if (m->kind() == MoveKind::Castling) add(features, "castling move");
      if (m->kind() == MoveKind::EnPassant) add(features, "en-passant capture");
      if (m->kind() == MoveKind::Promotion)
        add(features, m->promotion_type() == Queen ? "promotion" : "under-promotion");
    }
    if (!game.play_uci(uci)) return;
    add_position_features(features, game.position());
  }
  if (game.position().checkers()) add(features, "in check");
}

}  // namespace

std::vector<std::string> position_features(const Counterexample& c) {
  std::vector<std::string> features;
  if (c.route.fen.empty() || c.route.fen == "?") return features;
  const std::size_t played = c.ply < 0 ? 0 : std::min(c.route.moves.size(), std::size_t(c.ply) + 1);
  add_route_features(features, c.route.fen, c.route.chess960,
                     {c.route.moves.begin(), c.route.moves.begin() + std::ptrdiff_t(played)});
  for (const ComparedPosition& p : c.positions)
    add_route_features(features, p.route.fen, p.route.chess960, p.route.moves);
  return features;
}

}  // namespace zobrist_verify::properties
