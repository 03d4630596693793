/* The legal move generator: every pseudo-legal move, then only those that leave the own king
 * unattacked (each is made, tested and taken back). Slower than a pin-aware generator, and
 * obviously right, which is what a reference for hashing needs. */
#include "board.h"

/* Pseudo-legal moves can outnumber legal ones: nine queens, two rooks, bishops and knights and a
 * king reach at most 321, so 512 is room enough. */
#define MAX_CANDIDATES 512

static void add(move* moves, int* count, int from, int to, int promotion, int flags) {
  move m;
  m.from = (uint8_t)from;
  m.to = (uint8_t)to;
  m.promotion = (uint8_t)promotion;
  m.flags = (uint8_t)flags;
  moves[(*count)++] = m;
}

/* A pawn move to the last rank is four moves, one a promotion piece. */
static void add_pawn_move(move* moves, int* count, int from, int to, int flags) {
  if (RANK_OF(to) == 0 || RANK_OF(to) == 7) {
    for (int promotion = QUEEN; promotion >= KNIGHT; --promotion)
      add(moves, count, from, to, promotion, flags);
  } else {
    add(moves, count, from, to, EMPTY, flags);
  }
}

static void pawn_moves(const board* b, int from, move* moves, int* count) {
  const int us = b->side;
  const int forward = us == WHITE ? 16 : -16;
  const int start_rank = us == WHITE ? 1 : 6;
  const int one = from + forward;
  if (ON_BOARD(one) && b->squares[one] == EMPTY) {
    add_pawn_move(moves, count, from, one, 0);
    const int two = one + forward;
    if (RANK_OF(from) == start_rank && b->squares[two] == EMPTY)
      add(moves, count, from, two, EMPTY, MOVE_DOUBLE_PUSH);
  }
  for (int side = -1; side <= 1; side += 2) {
    const int to = one + side;
    if (!ON_BOARD(to)) continue;
    if (to == b->ep_square)
      add(moves, count, from, to, EMPTY, MOVE_EN_PASSANT);
    else if (b->squares[to] != EMPTY && COLOR_OF(b->squares[to]) != us)
      add_pawn_move(moves, count, from, to, 0);
  }
}

/* Knights and kings step once; bishops, rooks and queens slide until blocked. */
static void piece_moves(const board* b, int from, const int* steps, int step_count, int slides,
                        move* moves, int* count) {
  for (int i = 0; i < step_count; ++i) {
    for (int to = from + steps[i]; ON_BOARD(to); to += steps[i]) {
      const int target = b->squares[to];
      if (target != EMPTY && COLOR_OF(target) == b->side) break;
      add(moves, count, from, to, EMPTY, 0);
      if (target != EMPTY || !slides) break;
    }
  }
}

/* Castling: the right, an empty path between king and rook, and no attack on the king's square
 * or the squares it crosses (the square it lands on is tested with the other moves). */
static void castling_moves(const board* b, move* moves, int* count) {
  const int us = b->side, them = !us;
  const int king = SQUARE(4, us == WHITE ? 0 : 7);
  if (b->king[us] != king || board_attacked(b, king, them)) return;
  const int king_side = us == WHITE ? WHITE_KING_SIDE : BLACK_KING_SIDE;
  const int queen_side = us == WHITE ? WHITE_QUEEN_SIDE : BLACK_QUEEN_SIDE;
  if ((b->castling & king_side) && b->squares[king + 1] == EMPTY && b->squares[king + 2] == EMPTY &&
      !board_attacked(b, king + 1, them))
    add(moves, count, king, king + 2, EMPTY, MOVE_CASTLING);
  if ((b->castling & queen_side) && b->squares[king - 1] == EMPTY &&
      b->squares[king - 2] == EMPTY && b->squares[king - 3] == EMPTY &&
      !board_attacked(b, king - 1, them))
    add(moves, count, king, king - 2, EMPTY, MOVE_CASTLING);
}

int generate_legal_moves(board* b, move* moves) {
  move candidates[MAX_CANDIDATES];
  int candidate_count = 0;
  for (int from = 0; from < 128; ++from) {
    if (!ON_BOARD(from)) continue;
    const int piece = b->squares[from];
    if (piece == EMPTY || COLOR_OF(piece) != b->side) continue;
    switch (TYPE_OF(piece)) {
      case PAWN:
        pawn_moves(b, from, candidates, &candidate_count);
        break;
      case KNIGHT:
        piece_moves(b, from, knight_steps, 8, 0, candidates, &candidate_count);
        break;
      case BISHOP:
        piece_moves(b, from, bishop_steps, 4, 1, candidates, &candidate_count);
        break;
      case ROOK:
        piece_moves(b, from, rook_steps, 4, 1, candidates, &candidate_count);
        break;
      case QUEEN: /* a queen slides in the king's eight directions */
        piece_moves(b, from, king_steps, 8, 1, candidates, &candidate_count);
        break;
      case KING:
        piece_moves(b, from, king_steps, 8, 0, candidates, &candidate_count);
        break;
    }
  }
  castling_moves(b, candidates, &candidate_count);

  int count = 0;
  for (int i = 0; i < candidate_count; ++i) {
    const int us = b->side;
    if (board_make_move(b, candidates[i]) != 0) return -1;
    if (!board_attacked(b, b->king[us], !us)) moves[count++] = candidates[i];
    board_unmake_move(b);
  }
  return count;
}
