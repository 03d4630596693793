// The features of a counterexample's positions, named so that a report can show what several
// failures have in common: one cause (an en-passant bug, say) often fails several properties.
#include <algorithm>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "core/case_log.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/keys/key_terms.h"
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

// What a move does that hashing bugs follow, beyond its kind: rights it loses, a rook it takes
// on its home square, a king that moves while its side may castle, a capture that promotes.
void add_move_causes(std::vector<std::string>& features, const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const CastlingRights rights = pos.castling_rights();
  const Piece captured = m.kind() == MoveKind::Castling ? NoPiece : pos.piece_on(m.to());
  const bool king = type_of(pos.moved_piece(m)) == King;
  if (rights & (pos.castling_rights_mask(m.from()) | pos.castling_rights_mask(m.to())))
    add(features, "castling right lost");
  if (captured != NoPiece && type_of(captured) == Rook &&
      (~us & CastlingRights(rights & pos.castling_rights_mask(m.to()))))
    add(features, "capture on a rook's home square");
  if (king && m.kind() != MoveKind::Castling && (us & rights))
    add(features, "king move with rights");
  if (m.kind() == MoveKind::Promotion && captured != NoPiece)
    add(features, "capture with promotion");
}

// The cause features of one step, in the words of the causes hashing bugs follow: a null move,
// a promotion (of any piece, capturing or not), an en-passant capture, and what the move does to
// the castling rights (add_move_causes, without its capture-with-promotion, a kind of promotion).
void add_step_causes(std::vector<std::string>& features, const Position& pos,
                     const std::string& uci) {
  if (uci == "0000") {
    add(features, "null move");
    return;
  }
  const Expected<Move> m = parse_uci_move(pos, uci);
  if (!m) return;
  if (m->kind() == MoveKind::EnPassant) add(features, "en-passant capture");
  if (m->kind() == MoveKind::Promotion) add(features, "promotion");
  add_move_causes(features, pos, *m);
  std::erase(features, std::string("capture with promotion"));
}

// The cause features of a route's last step, or "position set from a FEN" for a route of none.
void add_last_step_causes(std::vector<std::string>& features, const Route& route, int ply) {
  if (ply < 0 || std::size_t(ply) >= route.moves.size()) {
    add(features, "position set from a FEN");
    return;
  }
  Game game;
  if (!game.set(route.fen, polyglot_scheme(), any_position(route.chess960)).empty()) return;
  for (int i = 0; i < ply; ++i)
    if (!game.play_uci(route.moves[std::size_t(i)])) return;
  add_step_causes(features, game.position(), route.moves[std::size_t(ply)]);
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
      add_move_causes(features, game.position(), *m);
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

std::vector<std::string> cause_features(const Counterexample& c) {
  std::vector<std::string> features;
  if (c.route.fen.empty() || c.route.fen == "?") return features;
  if (c.positions.empty()) {
    add_last_step_causes(features, c.route, c.ply);
    return features;
  }
  // A relation between positions: what the last step to each did.
  for (const ComparedPosition& p : c.positions)
    add_last_step_causes(features, p.route, int(p.route.moves.size()) - 1);
  return features;
}

std::string failure_cause(const Counterexample& c) {
  std::string features;
  for (const std::string& f : cause_features(c)) features += (features.empty() ? "" : ", ") + f;
  const std::string step = failing_step(c);
  return check_words(c) + " | " + step + " | " + features;
}

std::string key_terms_at_fault(const Counterexample& c, const KeyScheme& scheme) {
  if (c.comparison != Comparison::SameKey || c.expected == c.actual) return {};
  const KeyPart part = c.what.starts_with("pawn key")       ? KeyPart::PawnKey
                       : c.what.starts_with("material key") ? KeyPart::MaterialKey
                                                            : KeyPart::Key;
  std::string words;
  for (const std::string& name : terms_at_fault(scheme, part, c.expected ^ c.actual))
    words += (words.empty() ? "" : " ^ ") + name;
  return words.empty() ? words : words + " of the " + scheme.name + " scheme";
}

}  // namespace zobrist_verify::properties
