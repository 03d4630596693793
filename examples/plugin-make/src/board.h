/* A small engine in the style of VICE and Weiss: a mailbox board, Zobrist tables of its own,
 * a FEN parser, make and take-back with incremental keys. Like Weiss, it keeps its castling masks
 * in a global that the FEN parser writes: one board at a time is its assumption. */
#ifndef TOY_BOARD_H
#define TOY_BOARD_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { WHITE, BLACK };
enum { EMPTY, WP, WN, WB, WR, WQ, WK, BP, BN, BB, BR, BQ, BK, PIECE_NB };
enum { WKCA = 1, WQCA = 2, BKCA = 4, BQCA = 8 };
enum { NO_SQ = -1, MAX_GAME_MOVES = 2048 };

#define FILE_OF(sq) ((sq)&7)
#define RANK_OF(sq) ((sq) >> 3)
#define COLOUR_OF(piece) ((piece) >= BP ? BLACK : WHITE)

typedef struct {
  int from, to, promotion; /* promotion: a piece of the mover's colour, or EMPTY */
  int captured, castle_rook_from, en_passant, castle_perm, fifty_move;
  uint64_t key, pawn_key;
} Undo;

typedef struct {
  int pieces[64];
  int side, en_passant, castle_perm, fifty_move, full_move;
  uint64_t key, pawn_key;
  int ply;
  Undo history[MAX_GAME_MOVES];
} Board;

/* Rights that survive a move from or to each square: written by parse_fen, read by make_move.
 * Global, as in Weiss (CastlePerm[64]): a second board's parse_fen overwrites the first's. */
extern int castle_perm_mask[64];

extern uint64_t piece_keys[PIECE_NB][64];
extern uint64_t side_key;
extern uint64_t castle_keys[16];
extern uint64_t en_passant_keys[64];

void init_zobrist(void);
uint64_t generate_key(const Board* board);
uint64_t generate_pawn_key(const Board* board);

/* 0 on success; otherwise writes why into error and leaves the board unspecified. */
int parse_fen(Board* board, const char* fen, char* error, int error_size);

/* A move in UCI ("e2e4", "e7e8q"; castling as e1g1, or king-takes-rook e1h1 as Chess960 writes
 * it; a king never takes its own rook otherwise, so both read unambiguously). 0 on success;
 * the move is assumed legal, but one that cannot be read or moves no piece of the side to move
 * is refused with a message. "0000" is the null move. */
int make_uci_move(Board* board, const char* uci, char* error, int error_size);
/* Takes back the last move; 0 on success, nonzero when there is none. */
int take_move(Board* board);

#ifdef __cplusplus
}
#endif
#endif
