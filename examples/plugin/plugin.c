/* The zv_plugin table: zobrist-verify's C ABI (zobrist_verify/plugin.h) over the board. Copy
 * this file into an engine and replace the board calls with the engine's own. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "zobrist_verify/plugin.h"

/* Only zv_plugin_entry leaves the shared object (the build uses -fvisibility=hidden). */
#define PLUGIN_EXPORT __attribute__((visibility("default")))

/* One game: the board and the message of the last call that failed. */
struct zv_state {
  board board;
  char error[256];
};

static int refuse(zv_state* state, const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(state->error, sizeof state->error, format, arguments);
  va_end(arguments);
  return 1;
}

static zv_state* create(void) {
  return calloc(1, sizeof(zv_state)); /* a zeroed board has an empty history */
}

static void destroy(zv_state* state) {
  if (!state) return;
  board_free(&state->board);
  free(state);
}

static int set_fen(zv_state* state, const char* fen) {
  if (board_set_fen(&state->board, fen, state->error, sizeof state->error) != 0) return 1;
  return 0;
}

/* UCI notation: from and to squares, then the promotion piece in lower case ("e7e8q"). */
static void write_uci(move m, char* out) {
  out[0] = (char)('a' + FILE_OF(m.from));
  out[1] = (char)('1' + RANK_OF(m.from));
  out[2] = (char)('a' + FILE_OF(m.to));
  out[3] = (char)('1' + RANK_OF(m.to));
  out[4] = m.promotion != EMPTY ? " nbrq"[m.promotion - 1] : '\0';
  out[5] = '\0';
}

/* Finds `uci` among the legal moves, so that anything else is refused rather than played. */
static int make_move(zv_state* state, const char* uci) {
  board* b = &state->board;
  if (strcmp(uci, "0000") == 0) {
    if (board_in_check(b)) return refuse(state, "null move refused: the side to move is in check");
    move null_move = {0, 0, EMPTY, MOVE_NULL};
    if (board_make_move(b, null_move) != 0) return refuse(state, "out of memory");
    return 0;
  }
  move moves[MAX_MOVES];
  const int count = generate_legal_moves(b, moves);
  if (count < 0) return refuse(state, "out of memory");
  for (int i = 0; i < count; ++i) {
    char text[6];
    write_uci(moves[i], text);
    if (strcmp(text, uci) != 0) continue;
    if (board_make_move(b, moves[i]) != 0) return refuse(state, "out of memory");
    return 0;
  }
  return refuse(state, "move '%.16s' is not legal here (%d legal moves)", uci, count);
}

static int unmake_move(zv_state* state) {
  if (state->board.history_length == 0) return refuse(state, "no move to take back");
  board_unmake_move(&state->board);
  return 0;
}

static uint64_t key(const zv_state* state) {
  return state->board.key;
}

static uint64_t pawn_key(const zv_state* state) {
  return state->board.pawn_key;
}

static int legal_moves(const zv_state* state, char* buf, size_t cap) {
  /* The generator tries each move on a board and takes it back, so it gets a copy. It plays one
   * move at a time: one history record is all the copy needs. */
  undo_record one_record;
  board scratch = state->board;
  scratch.history = &one_record;
  scratch.history_length = 0;
  scratch.history_capacity = 1;
  move moves[MAX_MOVES];
  const int count = generate_legal_moves(&scratch, moves);
  size_t used = 0;
  for (int i = 0; i < count; ++i) {
    char text[6];
    write_uci(moves[i], text);
    const size_t separator = i > 0 ? 1 : 0, length = strlen(text);
    if (used + separator + length >= cap) return -1; /* no room for the move and a NUL */
    if (separator) buf[used++] = ' ';
    memcpy(buf + used, text, length);
    used += length;
  }
  if (used >= cap) return -1;
  buf[used] = '\0';
  return count;
}

static const char* last_error(const zv_state* state) {
  return state->error[0] ? state->error : NULL;
}

static const zv_plugin table = {
    ZV_PLUGIN_ABI_VERSION,
    "zobrist-verify example plugin (C, 0x88, Polyglot keys)",
    0, /* chess960: standard chess only */
    create,
    destroy,
    set_fen,
    make_move,
    unmake_move,
    key,
    pawn_key,
    NULL, /* material_key: this engine keeps none */
    legal_moves,
    last_error,
    1, /* null_move: "0000" passes the turn */
};

PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  return &table;
}
