/* The FEN parser: placement, side, castling (KQkq, Shredder's rook files HAha, X-FEN), en passant
 * and the clocks. It also fills the global castle_perm_mask, as Weiss's parser fills CastlePerm. */
#include <stdio.h>
#include <string.h>

#include "board.h"

int castle_perm_mask[64];

static int fail(char* error, int error_size, const char* what, const char* fen) {
  snprintf(error, (size_t)error_size, "FEN '%.100s': %s", fen, what);
  return 1;
}

static int king_square(const Board* board, int colour) {
  for (int sq = 0; sq < 64; ++sq)
    if (board->pieces[sq] == (colour == WHITE ? WK : BK)) return sq;
  return NO_SQ;
}

/* Grants the castling right with the rook on `rook_file`: the right is king side when the rook
 * stands beyond the king. Both the rook's square and the king's lose rights when left. */
static int add_castling(Board* board, int colour, int rook_file, char* error, int error_size,
                        const char* fen) {
  const int rank = colour == WHITE ? 0 : 7, king = king_square(board, colour);
  const int rook = rank * 8 + rook_file;
  if (king == NO_SQ || RANK_OF(king) != rank)
    return fail(error, error_size, "a castling right for a king off its first rank", fen);
  if (board->pieces[rook] != (colour == WHITE ? WR : BR))
    return fail(error, error_size, "a castling right for a rook that is not there", fen);
  const int right =
      rook_file > FILE_OF(king) ? (colour == WHITE ? WKCA : BKCA) : (colour == WHITE ? WQCA : BQCA);
  board->castle_perm |= right;
  castle_perm_mask[rook] &= ~right;
  castle_perm_mask[king] &= ~(colour == WHITE ? WKCA | WQCA : BKCA | BQCA);
  return 0;
}

/* K and Q (X-FEN): the outermost rook on that wing of the king. */
static int outermost_rook_file(const Board* board, int colour, int king_side) {
  const int rank = colour == WHITE ? 0 : 7, king = king_square(board, colour);
  const int rook = colour == WHITE ? WR : BR;
  if (king == NO_SQ) return -1;
  if (king_side) {
    for (int file = 7; file > FILE_OF(king); --file)
      if (board->pieces[rank * 8 + file] == rook) return file;
  } else {
    for (int file = 0; file < FILE_OF(king); ++file)
      if (board->pieces[rank * 8 + file] == rook) return file;
  }
  return -1;
}

int parse_fen(Board* board, const char* fen, char* error, int error_size) {
  memset(board->pieces, 0, sizeof board->pieces);
  board->side = WHITE;
  board->en_passant = NO_SQ;
  board->castle_perm = 0;
  board->ply = 0;
  for (int sq = 0; sq < 64; ++sq) castle_perm_mask[sq] = 15;

  const char* p = fen;
  int rank = 7, file = 0, kings[2] = {0, 0};
  for (; *p && *p != ' '; ++p) {
    if (*p == '/') {
      if (file != 8 || rank == 0) return fail(error, error_size, "a rank without 8 squares", fen);
      --rank;
      file = 0;
    } else if (*p >= '1' && *p <= '8') {
      file += *p - '0';
      if (file > 8) return fail(error, error_size, "a rank of more than 8 squares", fen);
    } else {
      const char* letters = " PNBRQKpnbrqk";
      const char* found = strchr(letters + 1, *p);
      if (!found) return fail(error, error_size, "an unknown piece letter", fen);
      if (file > 7) return fail(error, error_size, "a rank of more than 8 squares", fen);
      const int piece = (int)(found - letters);
      if (piece == WK || piece == BK) ++kings[COLOUR_OF(piece)];
      board->pieces[rank * 8 + file++] = piece;
    }
  }
  if (rank != 0 || file != 8) return fail(error, error_size, "not 8 ranks of 8 squares", fen);
  if (kings[WHITE] != 1 || kings[BLACK] != 1)
    return fail(error, error_size, "not exactly one king of each colour", fen);

  if (*p++ != ' ' || (*p != 'w' && *p != 'b'))
    return fail(error, error_size, "the side to move is not 'w' or 'b'", fen);
  board->side = *p++ == 'w' ? WHITE : BLACK;

  if (*p++ != ' ' || !*p) return fail(error, error_size, "no castling field", fen);
  if (*p == '-') {
    ++p;
  } else {
    for (; *p && *p != ' '; ++p) {
      const int colour = (*p >= 'a' && *p <= 'z') ? BLACK : WHITE;
      const char letter = colour == BLACK ? (char)(*p - 'a' + 'A') : *p;
      int rook_file = -1;
      if (letter == 'K' || letter == 'Q')
        rook_file = outermost_rook_file(board, colour, letter == 'K');
      else if (letter >= 'A' && letter <= 'H')
        rook_file = letter - 'A';
      else
        return fail(error, error_size, "an unknown castling letter", fen);
      if (rook_file < 0) return fail(error, error_size, "a castling right without its rook", fen);
      if (add_castling(board, colour, rook_file, error, error_size, fen) != 0) return 1;
    }
  }

  if (*p++ != ' ' || !*p) return fail(error, error_size, "no en-passant field", fen);
  if (*p == '-') {
    ++p;
  } else {
    if (p[0] < 'a' || p[0] > 'h' || (p[1] != (board->side == WHITE ? '6' : '3')))
      return fail(error, error_size, "an en-passant square off the third or sixth rank", fen);
    board->en_passant = (p[1] - '1') * 8 + (p[0] - 'a');
    p += 2;
  }

  board->fifty_move = 0;
  board->full_move = 1;
  if (sscanf(p, " %d %d", &board->fifty_move, &board->full_move) < 0 || board->fifty_move < 0)
    return fail(error, error_size, "clocks that are not numbers", fen);

  board->key = generate_key(board);
  board->pawn_key = generate_pawn_key(board);
  return 0;
}
