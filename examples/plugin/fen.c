/* Reading a FEN into the board. zobrist-verify sends only valid FENs in its normal form, but an
 * engine's reader should still say clearly what it refuses, so every check here names the field. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define FIELD_COUNT 6
#define FIELD_LENGTH 80

static int fail(char* error, size_t error_size, const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(error, error_size, format, arguments);
  va_end(arguments);
  return -1;
}

static int piece_of_letter(char letter) {
  const char* letters = "PNBRQK";
  const char* found = strchr(letters, toupper((unsigned char)letter));
  if (letter == '\0' || !found) return EMPTY;
  return MAKE_PIECE(isupper((unsigned char)letter) ? WHITE : BLACK, (int)(found - letters) + 1);
}

static int read_placement(board* b, const char* field, char* error, size_t error_size) {
  int rank = 7, file = 0;
  for (const char* c = field; *c; ++c) {
    if (*c == '/') {
      if (file != 8)
        return fail(error, error_size, "rank %d has %d squares, not 8", rank + 1, file);
      if (--rank < 0) return fail(error, error_size, "the placement has more than 8 ranks");
      file = 0;
    } else if (*c >= '1' && *c <= '8') {
      file += *c - '0';
    } else {
      const int piece = piece_of_letter(*c);
      if (piece == EMPTY) return fail(error, error_size, "'%c' is not a piece letter", *c);
      if (file > 7) return fail(error, error_size, "rank %d has more than 8 squares", rank + 1);
      if (TYPE_OF(piece) == KING) b->king[COLOR_OF(piece)] = SQUARE(file, rank);
      b->squares[SQUARE(file, rank)] = (uint8_t)piece;
      ++file;
    }
    if (file > 8) return fail(error, error_size, "rank %d has more than 8 squares", rank + 1);
  }
  if (rank != 0 || file != 8)
    return fail(error, error_size, "the placement does not describe 8 ranks of 8 squares");
  for (int color = WHITE; color <= BLACK; ++color) {
    int kings = 0;
    for (int square = 0; square < 128; ++square)
      if (ON_BOARD(square) && b->squares[square] == MAKE_PIECE(color, KING)) ++kings;
    if (kings != 1)
      return fail(error, error_size, "%s has %d kings, not 1", color == WHITE ? "White" : "Black",
                  kings);
  }
  return 0;
}

/* KQkq letters only: this plugin plays standard chess, so each right needs the king on its e-file
 * square and the rook in its corner. */
static int read_castling(board* b, const char* field, char* error, size_t error_size) {
  if (strcmp(field, "-") == 0) return 0;
  for (const char* c = field; *c; ++c) {
    const char* letters = "KQkq";
    const char* found = strchr(letters, *c);
    if (!found)
      return fail(error, error_size,
                  "castling letter '%c' is not one of KQkq (this plugin plays standard chess "
                  "only, so it takes no Chess960 file letters)",
                  *c);
    const int right = 1 << (found - letters);
    const int color = right <= WHITE_QUEEN_SIDE ? WHITE : BLACK;
    const int back_rank = color == WHITE ? 0 : 7;
    const int rook_file = (right == WHITE_KING_SIDE || right == BLACK_KING_SIDE) ? 7 : 0;
    if (b->squares[SQUARE(4, back_rank)] != MAKE_PIECE(color, KING) ||
        b->squares[SQUARE(rook_file, back_rank)] != MAKE_PIECE(color, ROOK))
      return fail(error, error_size,
                  "castling right '%c' needs the king on %c%d and a rook on %c%d", *c, 'e',
                  back_rank + 1, 'a' + rook_file, back_rank + 1);
    if (b->castling & right) return fail(error, error_size, "castling right '%c' is repeated", *c);
    b->castling |= right;
  }
  return 0;
}

static int read_en_passant(board* b, const char* field, char* error, size_t error_size) {
  if (strcmp(field, "-") == 0) return 0;
  const int wanted_rank = b->side == WHITE ? 5 : 2; /* rank 6 with White to move, else rank 3 */
  if (strlen(field) != 2 || field[0] < 'a' || field[0] > 'h' || field[1] - '1' != wanted_rank)
    return fail(error, error_size, "en-passant square '%s' is not a square on rank %d", field,
                wanted_rank + 1);
  const int square = SQUARE(field[0] - 'a', wanted_rank);
  const int pushed = square + (b->side == WHITE ? -16 : 16);
  if (b->squares[pushed] != MAKE_PIECE(!b->side, PAWN))
    return fail(error, error_size,
                "en-passant square '%s' has no pawn in front of it that could "
                "just have made a double push",
                field);
  b->ep_square = square;
  return 0;
}

static int read_number(const char* field, int minimum, int* out) {
  char* end = NULL;
  const long value = strtol(field, &end, 10);
  if (!isdigit((unsigned char)field[0]) || *end != '\0' || value < minimum || value > 100000)
    return -1;
  *out = (int)value;
  return 0;
}

int board_set_fen(board* b, const char* fen, char* error, size_t error_size) {
  char fields[FIELD_COUNT][FIELD_LENGTH];
  int count = 0;
  const char* c = fen;
  while (*c) {
    const size_t length = strcspn(c, " ");
    if (count == FIELD_COUNT)
      return fail(error, error_size, "FEN '%s' has more than 6 fields", fen);
    if (length == 0 || length >= FIELD_LENGTH)
      return fail(error, error_size, "FEN '%s': field %d is empty or too long", fen, count + 1);
    memcpy(fields[count], c, length);
    fields[count++][length] = '\0';
    c += length;
    if (*c == ' ') ++c;
  }
  if (count != FIELD_COUNT)
    return fail(error, error_size, "FEN '%s' has %d fields, not 6", fen, count);

  /* Read into a fresh board, so that a refused FEN leaves the current position as it was. */
  board fresh;
  memset(&fresh, 0, sizeof fresh);
  fresh.ep_square = NO_SQUARE;
  if (read_placement(&fresh, fields[0], error, error_size) != 0) return -1;
  if (strcmp(fields[1], "w") != 0 && strcmp(fields[1], "b") != 0)
    return fail(error, error_size, "side to move '%s' is neither w nor b", fields[1]);
  fresh.side = fields[1][0] == 'w' ? WHITE : BLACK;
  if (read_castling(&fresh, fields[2], error, error_size) != 0) return -1;
  if (read_en_passant(&fresh, fields[3], error, error_size) != 0) return -1;
  if (read_number(fields[4], 0, &fresh.halfmove) != 0)
    return fail(error, error_size, "halfmove clock '%s' is not a number", fields[4]);
  if (read_number(fields[5], 1, &fresh.fullmove) != 0)
    return fail(error, error_size, "fullmove number '%s' is not a positive number", fields[5]);
  if (board_attacked(&fresh, fresh.king[!fresh.side], fresh.side))
    return fail(error, error_size, "the side not to move is in check");
  fresh.key = board_compute_key(&fresh);
  fresh.pawn_key = board_compute_pawn_key(&fresh);

  /* The history is kept (emptied) for reuse: a new game starts with no moves to take back. */
  fresh.history = b->history;
  fresh.history_capacity = b->history_capacity;
  *b = fresh;
  return 0;
}
