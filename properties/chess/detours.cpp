#include "chess/detours.h"

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

std::string reverse_of(const std::string& uci) {
  return uci.substr(2, 2) + uci.substr(0, 2);
}

// Whether `moves` play legally in order on `game` with `accepted` holding at the end; `game` is
// left as it was.
bool plays(Game& game, const std::vector<std::string>& moves, const TripAccepted& accepted) {
  std::size_t played = 0;
  bool ok = true;
  for (const std::string& m : moves) {
    if (!game.play_uci(m)) {
      ok = false;
      break;
    }
    ++played;
  }
  if (ok && accepted) ok = accepted(game.position());
  for (; played > 0; --played) (void)game.undo();
  return ok;
}

// A normal move of a piece to an empty square, never a pawn's, that can come straight back.
bool goes_out(const Position& pos, Move m) {
  return m.kind() == MoveKind::Normal && pos.empty(m.to()) && type_of(pos.moved_piece(m)) != Pawn;
}

// The waits of the side to move, in the order of legal moves, as UCI moves.
std::vector<std::string> waits(const Position& pos, bool keep_rights) {
  std::vector<std::string> out;
  for (Move m : legal_moves(pos)) {
    if (!goes_out(pos, m)) continue;
    if (keep_rights && (pos.castling_rights_mask(m.from()) & pos.castling_rights())) continue;
    out.push_back(move_to_uci(m, pos.is_chess960()));
  }
  return out;
}

// The moves of the piece on `from` out to an empty square, in the order of legal moves.
std::vector<Move> outs_from(const Position& pos, Square from) {
  std::vector<Move> out;
  for (Move m : legal_moves(pos))
    if (m.from() == from && goes_out(pos, m)) out.push_back(m);
  return out;
}

}  // namespace

std::optional<std::vector<std::string>> out_and_back(Game& game, Move out, bool keep_waiter_rights,
                                                     const TripAccepted& accepted) {
  const std::string out_uci = move_to_uci(out, game.position().is_chess960());
  game.play(out);
  const std::vector<std::string> candidates = waits(game.position(), keep_waiter_rights);
  (void)game.undo();
  for (const std::string& wait : candidates) {
    std::vector<std::string> trip{out_uci, wait, reverse_of(out_uci), reverse_of(wait)};
    if (plays(game, trip, accepted)) return trip;
  }
  return std::nullopt;
}

std::optional<std::vector<std::string>> wait_then_out_and_back(Game& game, Square from,
                                                               bool keep_waiter_rights,
                                                               const TripAccepted& accepted) {
  const bool chess960 = game.position().is_chess960();
  for (const std::string& wait : waits(game.position(), keep_waiter_rights)) {
    if (!game.play_uci(wait)) continue;
    const std::vector<Move> outs = outs_from(game.position(), from);
    (void)game.undo();
    for (Move out : outs) {
      const std::string out_uci = move_to_uci(out, chess960);
      std::vector<std::string> trip{wait, out_uci, reverse_of(wait), reverse_of(out_uci)};
      if (plays(game, trip, accepted)) return trip;
    }
  }
  return std::nullopt;
}

namespace {

// The trip of the piece on `from` of `side`, losing the rights that hang on that square and no
// other; played on `game` when found.
std::optional<std::vector<std::string>> trip_from(Game& game, Color side, Square from) {
  const Position& pos = game.position();
  const CastlingRights kept =
      CastlingRights(pos.castling_rights() & ~pos.castling_rights_mask(from));
  const TripAccepted accepted = [kept](const Position& after) {
    return after.castling_rights() == kept;
  };
  std::optional<std::vector<std::string>> trip;
  if (pos.side_to_move() == side) {
    for (Move out : outs_from(pos, from))
      if ((trip = out_and_back(game, out, true, accepted))) break;
  } else {
    trip = wait_then_out_and_back(game, from, true, accepted);
  }
  if (trip)
    for (const std::string& m : *trip) (void)game.play_uci(m);
  return trip;
}

// The squares whose pieces go out and back: the king's, or the rook's of each right.
std::vector<Square> trip_squares(const Position& pos, Color side, CastlingRights lost, bool king) {
  if (king) return {pos.king_square(side)};
  std::vector<Square> squares;
  for (CastlingRights r : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (lost & r) squares.push_back(pos.castling_rook_square(r));
  return squares;
}

}  // namespace

std::optional<RightsDetour> rights_detour(Game& game, CastlingRights lost, Move move) {
  const Position& pos = game.position();
  const CastlingRights wanted = CastlingRights(pos.castling_rights() & ~lost);
  const Piece moved = pos.moved_piece(move);
  const Color first = pos.side_to_move();
  RightsDetour detour;
  auto undo = [&game](std::size_t plies) {
    for (; plies > 0; --plies) (void)game.undo();
  };
  for (Color side : {first, ~first}) {
    const CastlingRights here = side & lost;
    if (!here) continue;
    // The king's trip loses every right of its side: only when the game lost them all.
    const bool king_allowed = here == (side & pos.castling_rights());
    // Another mechanism than the game's first: rooks for a king move or a captured rook, the
    // king for a rook move from its square.
    const bool rook_moved =
        moved == make_piece(side, Rook) && (pos.castling_rights_mask(move.from()) & here);
    bool found = false;
    for (bool king : {rook_moved, !rook_moved}) {
      if (king && !king_allowed) continue;
      std::size_t played = 0;
      std::vector<std::string> how;
      for (Square from : trip_squares(pos, side, here, king)) {
        const std::optional<std::vector<std::string>> trip = trip_from(game, side, from);
        if (!trip) break;
        played += trip->size();
        detour.moves.insert(detour.moves.end(), trip->begin(), trip->end());
        how.push_back("the " + square_name(from) + (king ? " king" : " rook") + " out and back");
      }
      if (how.size() == trip_squares(pos, side, here, king).size()) {
        for (const std::string& h : how) detour.how += (detour.how.empty() ? "" : " and ") + h;
        found = true;
        break;
      }
      undo(played);
      detour.moves.resize(detour.moves.size() - played);
    }
    if (!found) {
      undo(detour.moves.size());
      return std::nullopt;
    }
  }
  const bool reached = game.position().castling_rights() == wanted;
  undo(detour.moves.size());
  if (!reached || detour.moves.empty()) return std::nullopt;
  return detour;
}

}  // namespace zobrist_verify::properties
