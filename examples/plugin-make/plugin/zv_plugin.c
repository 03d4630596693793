/* The engine behind zobrist-verify's plugin ABI (zobrist_verify/plugin.h). The suite holds
 * several states at once, and the engine keeps its castling masks in a global that parse_fen
 * writes: each state keeps its own copy, saved after its parse_fen and put back before each of
 * its moves. Without that, one state's moves would use the masks of whichever FEN came last. */
#include <stdlib.h>
#include <string.h>

#include "../src/board.h"
#include "zobrist_verify/plugin.h"

#define PLUGIN_EXPORT __attribute__((visibility("default")))

struct zv_state {
  Board board;
  int castle_perm_mask[64]; /* this state's copy of the engine's global */
  char error[256];
};

static void save_globals(zv_state* state) {
  memcpy(state->castle_perm_mask, castle_perm_mask, sizeof castle_perm_mask);
}

static void restore_globals(const zv_state* state) {
  memcpy(castle_perm_mask, state->castle_perm_mask, sizeof castle_perm_mask);
}

static zv_state* create(void) {
  init_zobrist();
  return calloc(1, sizeof(zv_state));
}

static void destroy(zv_state* state) {
  free(state);
}

static int set_fen(zv_state* state, const char* fen) {
  state->error[0] = '\0';
  const int refused = parse_fen(&state->board, fen, state->error, (int)sizeof state->error);
  save_globals(state);
  return refused;
}

static int make_move(zv_state* state, const char* uci) {
  state->error[0] = '\0';
  restore_globals(state);
  return make_uci_move(&state->board, uci, state->error, (int)sizeof state->error);
}

static int unmake_move(zv_state* state) {
  state->error[0] = '\0';
  if (take_move(&state->board) == 0) return 0;
  strcpy(state->error, "no move to take back");
  return 1;
}

static uint64_t key(const zv_state* state) {
  return state->board.key;
}

static uint64_t pawn_key(const zv_state* state) {
  return state->board.pawn_key;
}

static const char* last_error(const zv_state* state) {
  return state->error[0] ? state->error : NULL;
}

static const zv_plugin table = {
    ZV_PLUGIN_ABI_VERSION,
    "toy engine (C, Makefile)",
    1, /* chess960: Shredder and X-FEN castling letters, king-takes-rook castling */
    create,
    destroy,
    set_fen,
    make_move,
    unmake_move,
    key,
    pawn_key,
    NULL, /* material_key: none */
    NULL, /* legal_moves: no move generator in this plugin */
    last_error,
    1, /* null_move: "0000" */
};

PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  return &table;
}
