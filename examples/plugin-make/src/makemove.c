/* Make and take back, keys updated incrementally as the pieces move (VICE's HASH_PCE style).
 * Take-back restores the keys saved in the history, so it never un-XORs a key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static void clear_piece(Board* board, int sq) {
  const int piece = board->pieces[sq];
  board->key ^= piece_keys[piece][sq];
  if (piece == WP || piece == BP) board->pawn_key ^= piece_keys[piece][sq];
  board->pieces[sq] = EMPTY;
}

static void add_piece(Board* board, int sq, int piece) {
  board->key ^= piece_keys[piece][sq];
  if (piece == WP || piece == BP) board->pawn_key ^= piece_keys[piece][sq];
  board->pieces[sq] = piece;
}

static int refuse(char* error, int error_size, const char* what, const char* uci) {
  snprintf(error, (size_t)error_size, "move '%.16s': %s", uci, what);
  return 1;
}

static int read_square(const char* text) {
  if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return NO_SQ;
  return (text[1] - '1') * 8 + (text[0] - 'a');
}

static Undo* push_undo(Board* board) {
  Undo* undo = &board->history[board->ply++];
  undo->en_passant = board->en_passant;
  undo->castle_perm = board->castle_perm;
  undo->fifty_move = board->fifty_move;
  undo->key = board->key;
  undo->pawn_key = board->pawn_key;
  undo->captured = EMPTY;
  undo->promotion = EMPTY;
  undo->castle_rook_from = NO_SQ;
  return undo;
}

/* The side, the en-passant square and the castling rights leave the key before a move changes
 * them and come back after it. */
static void hash_state_out(Board* board) {
  if (board->en_passant != NO_SQ) board->key ^= en_passant_keys[board->en_passant];
  board->key ^= castle_keys[board->castle_perm];
}

static void hash_state_in(Board* board) {
  if (board->en_passant != NO_SQ) board->key ^= en_passant_keys[board->en_passant];
  board->key ^= castle_keys[board->castle_perm];
  board->key ^= side_key;
}

static int make_null_move(Board* board) {
  Undo* undo = push_undo(board);
  undo->from = undo->to = NO_SQ;
  hash_state_out(board);
  board->en_passant = NO_SQ;
  ++board->fifty_move;
  board->side ^= 1;
  hash_state_in(board);
  return 0;
}

int make_uci_move(Board* board, const char* uci, char* error, int error_size) {
  if (board->ply >= MAX_GAME_MOVES) return refuse(error, error_size, "the game is too long", uci);
  if (strcmp(uci, "0000") == 0) return make_null_move(board);
  const size_t length = strlen(uci);
  const int from = read_square(uci), to = length >= 4 ? read_square(uci + 2) : NO_SQ;
  if (length < 4 || length > 5 || from == NO_SQ || to == NO_SQ)
    return refuse(error, error_size, "not a move in UCI notation", uci);
  const int piece = board->pieces[from], us = board->side;
  if (piece == EMPTY || COLOUR_OF(piece) != us)
    return refuse(error, error_size, "no piece of the side to move on its from-square", uci);
  int promotion = EMPTY;
  if (length == 5) {
    const char* found = strchr("nbrq", uci[4]);
    if (!found || (piece != WP && piece != BP))
      return refuse(error, error_size, "a promotion letter that is not n, b, r or q", uci);
    promotion = (us == WHITE ? WN : BN) + (int)(found - "nbrq");
  }

  Undo* undo = push_undo(board);
  undo->from = from;
  undo->to = to;
  undo->promotion = promotion;
  hash_state_out(board);
  board->en_passant = NO_SQ;
  ++board->fifty_move;

  const int own_rook = us == WHITE ? WR : BR;
  const int is_king = piece == WK || piece == BK;
  if (is_king && (board->pieces[to] == own_rook || abs(FILE_OF(to) - FILE_OF(from)) == 2)) {
    /* Castling: king takes its own rook (Chess960), or two files along the rank (standard). */
    const int king_side = FILE_OF(to) > FILE_OF(from);
    const int rook_from =
        board->pieces[to] == own_rook ? to : RANK_OF(from) * 8 + (king_side ? 7 : 0);
    const int rank = RANK_OF(from) * 8;
    undo->castle_rook_from = rook_from;
    clear_piece(board, rook_from);
    clear_piece(board, from);
    add_piece(board, rank + (king_side ? 6 : 2), piece);
    add_piece(board, rank + (king_side ? 5 : 3), own_rook);
  } else {
    if (board->pieces[to] != EMPTY) {
      undo->captured = board->pieces[to];
      clear_piece(board, to);
      board->fifty_move = 0;
    }
    if (piece == WP || piece == BP) {
      board->fifty_move = 0;
      if (FILE_OF(from) != FILE_OF(to) && undo->captured == EMPTY) { /* en passant */
        const int victim = RANK_OF(from) * 8 + FILE_OF(to);
        undo->captured = board->pieces[victim];
        clear_piece(board, victim);
      }
      if (abs(to - from) == 16) board->en_passant = (from + to) / 2;
    }
    clear_piece(board, from);
    add_piece(board, to, promotion != EMPTY ? promotion : piece);
  }
  board->castle_perm &= castle_perm_mask[from] & castle_perm_mask[to];
  if (us == BLACK) ++board->full_move;
  board->side ^= 1;
  hash_state_in(board);
  return 0;
}

int take_move(Board* board) {
  if (board->ply == 0) return 1;
  const Undo* undo = &board->history[--board->ply];
  board->side ^= 1;
  if (undo->from != NO_SQ) {
    const int us = board->side;
    if (undo->castle_rook_from != NO_SQ) {
      const int rank = RANK_OF(undo->from) * 8, king_side = FILE_OF(undo->to) > FILE_OF(undo->from);
      const int king = board->pieces[rank + (king_side ? 6 : 2)];
      board->pieces[rank + (king_side ? 6 : 2)] = EMPTY;
      board->pieces[rank + (king_side ? 5 : 3)] = EMPTY;
      board->pieces[undo->castle_rook_from] = us == WHITE ? WR : BR;
      board->pieces[undo->from] = king;
    } else {
      const int moved =
          undo->promotion != EMPTY ? (us == WHITE ? WP : BP) : board->pieces[undo->to];
      board->pieces[undo->to] = EMPTY;
      board->pieces[undo->from] = moved;
      if (undo->captured != EMPTY) {
        const int en_passant = (moved == WP || moved == BP) &&
                               FILE_OF(undo->from) != FILE_OF(undo->to) &&
                               undo->en_passant == undo->to;
        board->pieces[en_passant ? RANK_OF(undo->from) * 8 + FILE_OF(undo->to) : undo->to] =
            undo->captured;
      }
    }
    if (us == BLACK) --board->full_move;
  }
  board->en_passant = undo->en_passant;
  board->castle_perm = undo->castle_perm;
  board->fifty_move = undo->fifty_move;
  board->key = undo->key;
  board->pawn_key = undo->pawn_key;
  return 0;
}
