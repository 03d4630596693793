/* The board: FEN reading, attacks, and make/unmake with incremental Polyglot keys. */
#include "board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polyglot_keys.h"

const int knight_steps[8] = {33, 31, 18, 14, -33, -31, -18, -14};
const int king_steps[8] = {16, -16, 1, -1, 17, 15, -17, -15};
const int bishop_steps[4] = {17, 15, -17, -15};
const int rook_steps[4] = {16, -16, 1, -1};

/* The key of `piece` standing on `square`: Polyglot counts kinds black pawn 0, white pawn 1, ... */
static uint64_t piece_key(int piece, int square) {
  const int kind = 2 * (TYPE_OF(piece) - 1) + (COLOR_OF(piece) == WHITE ? 1 : 0);
  return polyglot_random64[64 * kind + 8 * RANK_OF(square) + FILE_OF(square)];
}

static uint64_t castling_key(int castling) {
  uint64_t key = 0;
  for (int bit = 0; bit < 4; ++bit)
    if (castling & (1 << bit)) key ^= polyglot_random64[POLYGLOT_CASTLING_OFFSET + bit];
  return key;
}

/* Polyglot's en-passant rule: the square counts only when a pawn of the side to move stands
 * beside the pawn that made the double push, whether or not the capture would be legal. */
static uint64_t en_passant_key(const board* b) {
  if (b->ep_square == NO_SQUARE) return 0;
  const int pushed = b->ep_square + (b->side == WHITE ? -16 : 16);
  const int our_pawn = MAKE_PIECE(b->side, PAWN);
  for (int side = -1; side <= 1; side += 2) {
    const int beside = pushed + side;
    if (ON_BOARD(beside) && b->squares[beside] == our_pawn)
      return polyglot_random64[POLYGLOT_EN_PASSANT_OFFSET + FILE_OF(b->ep_square)];
  }
  return 0;
}

static uint64_t turn_key(int side) {
  return side == WHITE ? polyglot_random64[POLYGLOT_TURN_OFFSET] : 0;
}

uint64_t board_compute_key(const board* b) {
  uint64_t key = 0;
  for (int square = 0; square < 128; ++square)
    if (ON_BOARD(square) && b->squares[square] != EMPTY)
      key ^= piece_key(b->squares[square], square);
  return key ^ castling_key(b->castling) ^ en_passant_key(b) ^ turn_key(b->side);
}

uint64_t board_compute_pawn_key(const board* b) {
  uint64_t key = 0;
  for (int square = 0; square < 128; ++square)
    if (ON_BOARD(square) && TYPE_OF(b->squares[square]) == PAWN)
      key ^= piece_key(b->squares[square], square);
  return key;
}

/* The rights that survive a piece leaving or landing on `square`. */
static int castling_kept(int square) {
  switch (square) {
    case SQUARE(4, 0):
      return ~(WHITE_KING_SIDE | WHITE_QUEEN_SIDE);
    case SQUARE(7, 0):
      return ~WHITE_KING_SIDE;
    case SQUARE(0, 0):
      return ~WHITE_QUEEN_SIDE;
    case SQUARE(4, 7):
      return ~(BLACK_KING_SIDE | BLACK_QUEEN_SIDE);
    case SQUARE(7, 7):
      return ~BLACK_KING_SIDE;
    case SQUARE(0, 7):
      return ~BLACK_QUEEN_SIDE;
    default:
      return ~0;
  }
}

int board_attacked(const board* b, int square, int by) {
  /* A pawn of `by` attacks `square` from one rank behind it, as seen from `by`'s side. */
  const int pawn_from = square + (by == WHITE ? -16 : 16);
  for (int side = -1; side <= 1; side += 2)
    if (ON_BOARD(pawn_from + side) && b->squares[pawn_from + side] == MAKE_PIECE(by, PAWN))
      return 1;
  for (int i = 0; i < 8; ++i) {
    const int knight = square + knight_steps[i], king = square + king_steps[i];
    if (ON_BOARD(knight) && b->squares[knight] == MAKE_PIECE(by, KNIGHT)) return 1;
    if (ON_BOARD(king) && b->squares[king] == MAKE_PIECE(by, KING)) return 1;
  }
  for (int i = 0; i < 4; ++i) {
    for (int s = square + bishop_steps[i]; ON_BOARD(s); s += bishop_steps[i]) {
      const int piece = b->squares[s];
      if (piece == EMPTY) continue;
      if (COLOR_OF(piece) == by && (TYPE_OF(piece) == BISHOP || TYPE_OF(piece) == QUEEN)) return 1;
      break;
    }
    for (int s = square + rook_steps[i]; ON_BOARD(s); s += rook_steps[i]) {
      const int piece = b->squares[s];
      if (piece == EMPTY) continue;
      if (COLOR_OF(piece) == by && (TYPE_OF(piece) == ROOK || TYPE_OF(piece) == QUEEN)) return 1;
      break;
    }
  }
  return 0;
}

int board_in_check(const board* b) {
  return board_attacked(b, b->king[b->side], !b->side);
}

static undo_record* push_history(board* b) {
  if (b->history_length == b->history_capacity) {
    const size_t capacity = b->history_capacity ? 2 * b->history_capacity : 64;
    undo_record* grown = realloc(b->history, capacity * sizeof *grown);
    if (!grown) return NULL;
    b->history = grown;
    b->history_capacity = capacity;
  }
  return &b->history[b->history_length++];
}

/* Moves a piece in the key and on the board; the key changes by the piece's two square keys. */
static void move_piece(board* b, int from, int to, uint64_t* key) {
  const int piece = b->squares[from];
  *key ^= piece_key(piece, from) ^ piece_key(piece, to);
  if (TYPE_OF(piece) == PAWN) b->pawn_key ^= piece_key(piece, from) ^ piece_key(piece, to);
  b->squares[to] = (uint8_t)piece;
  b->squares[from] = EMPTY;
}

int board_make_move(board* b, move m) {
  undo_record* record = push_history(b);
  if (!record) return -1;
  record->played = m;
  record->captured = EMPTY;
  record->castling = b->castling;
  record->ep_square = b->ep_square;
  record->halfmove = b->halfmove;
  record->key = b->key;
  record->pawn_key = b->pawn_key;

  /* Take out the terms the move may change; they go back in, recomputed, at the end. */
  uint64_t key = b->key ^ castling_key(b->castling) ^ en_passant_key(b) ^ turn_key(b->side);
  const int us = b->side;
  b->ep_square = NO_SQUARE;
  ++b->halfmove;

  if (!(m.flags & MOVE_NULL)) {
    const int piece = b->squares[m.from];
    const int captured_on = (m.flags & MOVE_EN_PASSANT) ? m.to + (us == WHITE ? -16 : 16) : m.to;
    const int captured = b->squares[captured_on];
    if (captured != EMPTY) {
      key ^= piece_key(captured, captured_on);
      if (TYPE_OF(captured) == PAWN) b->pawn_key ^= piece_key(captured, captured_on);
      b->squares[captured_on] = EMPTY;
      record->captured = (uint8_t)captured;
    }
    move_piece(b, m.from, m.to, &key);
    if (m.promotion != EMPTY) {
      const int promoted = MAKE_PIECE(us, m.promotion);
      key ^= piece_key(piece, m.to) ^ piece_key(promoted, m.to);
      b->pawn_key ^= piece_key(piece, m.to);
      b->squares[m.to] = (uint8_t)promoted;
    }
    if (m.flags & MOVE_CASTLING) {
      /* The king has gone two squares; the rook jumps from its corner to the square it crossed. */
      const int king_side = m.to > m.from;
      move_piece(b, king_side ? m.from + 3 : m.from - 4, king_side ? m.from + 1 : m.from - 1, &key);
    }
    if (TYPE_OF(piece) == KING) b->king[us] = m.to;
    if (m.flags & MOVE_DOUBLE_PUSH) b->ep_square = (m.from + m.to) / 2;
    if (TYPE_OF(piece) == PAWN || captured != EMPTY) b->halfmove = 0;
#ifndef ZV_EXAMPLE_PLANTED_BUG
    b->castling &= castling_kept(m.from) & castling_kept(m.to);
#else /* ci/cflite-check's planted bug: a rook captured in its corner keeps its castling right */
    b->castling &= castling_kept(m.from);
#endif
  }

  if (us == BLACK) ++b->fullmove;
  b->side = !us;
  b->key = key ^ castling_key(b->castling) ^ en_passant_key(b) ^ turn_key(b->side);
  return 0;
}

void board_unmake_move(board* b) {
  const undo_record* record = &b->history[--b->history_length];
  const move m = record->played;
  const int us = !b->side;
  b->side = us;
  if (us == BLACK) --b->fullmove;
  if (!(m.flags & MOVE_NULL)) {
    if (m.flags & MOVE_CASTLING) {
      const int king_side = m.to > m.from;
      const int rook_from = king_side ? m.from + 3 : m.from - 4;
      const int rook_to = king_side ? m.from + 1 : m.from - 1;
      b->squares[rook_from] = b->squares[rook_to];
      b->squares[rook_to] = EMPTY;
    }
    b->squares[m.from] = m.promotion != EMPTY ? (uint8_t)MAKE_PIECE(us, PAWN) : b->squares[m.to];
    b->squares[m.to] = EMPTY;
    if (record->captured != EMPTY) {
      const int captured_on = (m.flags & MOVE_EN_PASSANT) ? m.to + (us == WHITE ? -16 : 16) : m.to;
      b->squares[captured_on] = record->captured;
    }
    if (TYPE_OF(b->squares[m.from]) == KING) b->king[us] = m.from;
  }
  /* The keys are restored from the record, never un-XORed. */
  b->castling = record->castling;
  b->ep_square = record->ep_square;
  b->halfmove = record->halfmove;
  b->key = record->key;
  b->pawn_key = record->pawn_key;
}

void board_free(board* b) {
  free(b->history);
  b->history = NULL;
  b->history_length = b->history_capacity = 0;
}
