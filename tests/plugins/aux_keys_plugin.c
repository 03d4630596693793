/* A version 2 plugin with auxiliary keys: the example plugin's board (examples/plugin, included
 * whole, its entry renamed) with three aux keys read from the board:
 *   pawnKingKey    white and black pawns and kings: Ethereal's pawn key, declared with its real
 *                  content (its pawn_key is left NULL, as plugin.h asks);
 *   nonPawnKey[WHITE]  White's knights, bishops, rooks, queens and king;
 *   stateKey       no pieces; the side to move, castling rights and en-passant term: the
 *                  Polyglot key with every piece's term taken out.
 * Built four ways:
 *   (default)                  the sound plugin;
 *   ZV_AUX_BUG                 pawnKingKey leaves out the black king, which it declares;
 *   ZV_PAWN_KING_AS_PAWN_KEY   version 1 style: the pawn-king key given as pawn_key, no aux keys
 *                              (the pawn key property fails it: it is not a pawn key);
 *   ZV_AUX_FAULT_<F>           a malformed aux table for the loader: COUNT (1000 keys), NULL_NAME,
 *                              NULL_ARRAY, NULL_FUNCTION, REPEATED_NAME, BAD_PIECES, NOTHING. */
#define zv_plugin_entry example_plugin_entry
#include "plugin.c"
#undef zv_plugin_entry

#include "polyglot_keys.h"

/* Polyglot's term of `piece` on a 0x88 square. */
static uint64_t piece_term(int piece, int square) {
  const int kind = 2 * (TYPE_OF(piece) - 1) + (COLOR_OF(piece) == WHITE);
  return polyglot_random64[64 * kind + 8 * RANK_OF(square) + FILE_OF(square)];
}

enum { PAWN_KING_KEY, NON_PAWN_WHITE_KEY, STATE_KEY, AUX_KEY_COUNT };

static uint64_t aux_key(const zv_state* state, uint32_t index) {
  const board* b = &state->board;
  uint64_t pawn_king = 0, non_pawn_white = 0, pieces = 0;
  for (int square = 0; square < 128; ++square) {
    const int piece = ON_BOARD(square) ? b->squares[square] : EMPTY;
    if (piece == EMPTY) continue;
    const uint64_t term = piece_term(piece, square);
    const int type = TYPE_OF(piece);
    pieces ^= term;
#ifdef ZV_AUX_BUG
    if (piece == MAKE_PIECE(BLACK, KING)) continue;
#endif
    if (type == PAWN || type == KING) pawn_king ^= term;
    if (COLOR_OF(piece) == WHITE && type != PAWN) non_pawn_white ^= term;
  }
  switch (index) {
    case PAWN_KING_KEY:
      return pawn_king;
    case NON_PAWN_WHITE_KEY:
      return non_pawn_white;
    default:
      return b->key ^ pieces;
  }
}

static uint64_t pawn_king_key(const zv_state* state) {
  return aux_key(state, PAWN_KING_KEY);
}

static const zv_aux_key aux_keys[] = {
    {"pawnKingKey", {ZV_PIECE_PAWN | ZV_PIECE_KING, ZV_PIECE_PAWN | ZV_PIECE_KING}, 0},
    {"nonPawnKey[WHITE]", {ZV_PIECES_NON_PAWN, 0}, 0},
#if defined(ZV_AUX_FAULT_NULL_NAME)
    {NULL, {0, 0}, ZV_AUX_SIDE_TO_MOVE},
#elif defined(ZV_AUX_FAULT_REPEATED_NAME)
    {"pawnKingKey", {0, 0}, ZV_AUX_SIDE_TO_MOVE},
#elif defined(ZV_AUX_FAULT_BAD_PIECES)
    {"stateKey", {0x40, 0}, ZV_AUX_SIDE_TO_MOVE},
#elif defined(ZV_AUX_FAULT_NOTHING)
    {"stateKey", {0, 0}, 0},
#else
    {"stateKey", {0, 0}, ZV_AUX_SIDE_TO_MOVE | ZV_AUX_CASTLING | ZV_AUX_EN_PASSANT},
#endif
};

static zv_plugin_v2 aux_table;

PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  aux_table.base = *example_plugin_entry();
  aux_table.base.abi_version = ZV_PLUGIN_ABI_VERSION_2;
#ifdef ZV_PAWN_KING_AS_PAWN_KEY
  aux_table.base.name = "pawn-king key as the pawn key (C)";
  aux_table.base.pawn_key = pawn_king_key;
  (void)aux_keys;
#else
  (void)pawn_king_key;
  aux_table.base.name = "aux keys plugin (C, 0x88, Polyglot keys)";
  aux_table.base.pawn_key = NULL;
  aux_table.aux_key_count = AUX_KEY_COUNT;
  aux_table.aux_keys = aux_keys;
  aux_table.aux_key = aux_key;
#endif
#if defined(ZV_AUX_FAULT_COUNT)
  aux_table.aux_key_count = 1000;
#elif defined(ZV_AUX_FAULT_NULL_ARRAY)
  aux_table.aux_keys = NULL;
#elif defined(ZV_AUX_FAULT_NULL_FUNCTION)
  aux_table.aux_key = NULL;
#endif
  return &aux_table.base;
}
