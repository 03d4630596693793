/* A small 0x88 chess board with Polyglot Zobrist keys kept up to date move by move.
 *
 * Squares are 0x88 indices, 16 * rank + file (a1 = 0, h1 = 7, a8 = 112); an index with a bit of
 * 0x88 set is off the board, which makes stepping off an edge a single test. Standard chess only:
 * castling needs the king on e1/e8 and the rook on its corner. */
#ifndef EXAMPLE_PLUGIN_BOARD_H
#define EXAMPLE_PLUGIN_BOARD_H

#include <stddef.h>
#include <stdint.h>

enum { WHITE = 0, BLACK = 1 };
enum { EMPTY = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6 };
/* A piece is its type, plus 8 for Black: 1..6 are White's, 9..14 Black's, 0 is an empty square. */
#define MAKE_PIECE(color, type) ((type) | ((color) << 3))
#define TYPE_OF(piece) ((piece)&7)
#define COLOR_OF(piece) ((piece) >> 3)

#define ON_BOARD(square) (((square)&0x88) == 0)
#define RANK_OF(square) ((square) >> 4)
#define FILE_OF(square) ((square)&7)
#define SQUARE(file, rank) (16 * (rank) + (file))
#define NO_SQUARE (-1)

/* Steps between 0x88 squares: +16 is one rank up, +1 one file right. */
extern const int knight_steps[8];
extern const int king_steps[8]; /* also the queen's directions */
extern const int bishop_steps[4];
extern const int rook_steps[4];

/* Castling rights, one bit each. */
enum { WHITE_KING_SIDE = 1, WHITE_QUEEN_SIDE = 2, BLACK_KING_SIDE = 4, BLACK_QUEEN_SIDE = 8 };

/* Move flags. */
enum { MOVE_CASTLING = 1, MOVE_EN_PASSANT = 2, MOVE_DOUBLE_PUSH = 4, MOVE_NULL = 8 };

typedef struct move {
  uint8_t from, to;  /* 0x88 squares (both 0 for the null move) */
  uint8_t promotion; /* KNIGHT..QUEEN, or EMPTY */
  uint8_t flags;     /* MOVE_* */
} move;

/* What make_move changes and unmake_move cannot work out again: one record a move played. */
typedef struct undo_record {
  move played;
  uint8_t captured; /* the piece taken (the pawn, for en passant), or EMPTY */
  int castling;
  int ep_square;
  int halfmove;
  uint64_t key, pawn_key;
} undo_record;

typedef struct board {
  uint8_t squares[128];
  int side;      /* WHITE or BLACK, the side to move */
  int castling;  /* WHITE_KING_SIDE | ... */
  int ep_square; /* the square behind a pawn that has just made a double push, or NO_SQUARE */
  int halfmove, fullmove;
  int king[2];       /* each side's king square */
  uint64_t key;      /* the Polyglot key */
  uint64_t pawn_key; /* the XOR of the pawns' piece keys */
  undo_record* history;
  size_t history_length, history_capacity;
} board;

#define MAX_MOVES 256 /* no chess position has more than 218 legal moves */

/* Sets up the board from a six-field FEN (castling KQkq or -) and computes the keys from scratch.
 * Returns 0, or -1 with a sentence in `error` saying what is wrong; the board is then unchanged.
 * A board starts zeroed (its history empty). */
int board_set_fen(board* b, const char* fen, char* error, size_t error_size);
/* Frees the history; the board may be set up again afterwards. */
void board_free(board* b);

/* The keys computed from the pieces alone; make_move keeps b->key and b->pawn_key equal to them. */
uint64_t board_compute_key(const board* b);
uint64_t board_compute_pawn_key(const board* b);

/* Whether `square` is attacked by a piece of `by`. */
int board_attacked(const board* b, int square, int by);
int board_in_check(const board* b);

/* Plays a move from generate_legal_moves (or the null move). Returns 0, or -1 when the history
 * cannot grow (out of memory). */
int board_make_move(board* b, move m);
/* Takes back the last move played; there must be one (b->history_length > 0). */
void board_unmake_move(board* b);

/* Writes every legal move into `moves` (room for MAX_MOVES) and returns how many. The board is
 * used to try each move, and restored; returns -1 when out of memory. */
int generate_legal_moves(board* b, move* moves);

#endif
