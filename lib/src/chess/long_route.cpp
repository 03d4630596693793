// Moves that lengthen a game past engines' history buffers (long_route.h).
#include "zobrist_verify/chess/long_route.h"

#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify {

namespace {

bool is_quiet_piece_move(const Position& pos, Move m) {
  return m.kind() == MoveKind::Normal && type_of(pos.moved_piece(m)) != Pawn && pos.empty(m.to());
}

// Whether the opponent has a legal move after `m`, and, with `no_check`, is not in check (a check
// may leave only a capture or a pawn move as the reply).
bool leaves_a_reply(const Position& pos, Move m, bool no_check) {
  Position after = pos;  // shares the state chain read-only; the new record lives here
  StateInfo state;
  after.make_move(m, state);
  return !(no_check && after.checkers()) && has_legal_move(after);
}

// The first move of `moves`, from the `choice`-th on and counted round, that leaves a reply.
Move first_that_goes_on(const Position& pos, const MoveList& moves, std::uint64_t choice,
                        bool no_check) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[(choice + i) % moves.size()];
    if (leaves_a_reply(pos, m, no_check)) return m;
  }
  return Move::none();
}

}  // namespace

Move lengthening_move(const Position& pos, std::uint64_t choice) {
  const MoveList legal = legal_moves(pos);
  MoveList quiet;
  for (const Move m : legal)
    if (is_quiet_piece_move(pos, m)) *quiet.cursor()++ = m;
  if (const Move m = first_that_goes_on(pos, quiet, choice, true); m != Move::none()) return m;
  return first_that_goes_on(pos, legal, choice, false);
}

}  // namespace zobrist_verify
