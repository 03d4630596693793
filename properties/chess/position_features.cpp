// The features of a counterexample's positions, named so that a report can show what several
// failures have in common: one cause (an en-passant bug, say) often fails several properties.
#include <algorithm>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/properties.h"

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

std::string failing_step(const Counterexample& c) {
  // A relation between two routes' positions (a transposition, a near miss) has no one step.
  if (!c.positions.empty()) return "";
  if (c.ply < 0 || std::size_t(c.ply) >= c.route.moves.size()) return "the start";
  const std::string& uci = c.route.moves[std::size_t(c.ply)];
  if (uci == "0000") return "null move";
  Game game;
  if (!game.set(c.route.fen, polyglot_scheme(), any_position(c.route.chess960)).empty())
    return "move";
  for (int i = 0; i < c.ply; ++i)
    if (!game.play_uci(c.route.moves[std::size_t(i)])) return "move";
  const Expected<Move> m = parse_uci_move(game.position(), uci);
  if (!m) return "move";
  switch (m->kind()) {
    case MoveKind::Castling:
      return "castling";
    case MoveKind::EnPassant:
      return "en-passant capture";
    case MoveKind::Promotion:
      return "promotion";
    default:
      break;
  }
  const Square from = m->from(), to = m->to();
  const bool pawn = type_of(game.position().piece_on(from)) == Pawn;
  return pawn && std::abs(int(rank_of(to)) - int(rank_of(from))) == 2 ? "double push" : "move";
}

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
