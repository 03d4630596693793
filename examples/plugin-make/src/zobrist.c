/* The engine's own Zobrist tables, from a fixed seed (SplitMix64), and the keys from scratch. */
#include "board.h"

uint64_t piece_keys[PIECE_NB][64];
uint64_t side_key;
uint64_t castle_keys[16];
uint64_t en_passant_keys[64];

static uint64_t next_random(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void init_zobrist(void) {
  static int done = 0;
  if (done) return;
  uint64_t state = 0x746F79656E67696EULL; /* "toyengin" */
  for (int piece = WP; piece < PIECE_NB; ++piece)
    for (int sq = 0; sq < 64; ++sq) piece_keys[piece][sq] = next_random(&state);
  side_key = next_random(&state);
  for (int perm = 0; perm < 16; ++perm) castle_keys[perm] = next_random(&state);
  for (int sq = 0; sq < 64; ++sq) en_passant_keys[sq] = next_random(&state);
  done = 1;
}

/* The en-passant square is hashed whenever it is set, as in VICE: after every double push. */
uint64_t generate_key(const Board* board) {
  uint64_t key = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (board->pieces[sq] != EMPTY) key ^= piece_keys[board->pieces[sq]][sq];
  if (board->side == BLACK) key ^= side_key;
  if (board->en_passant != NO_SQ) key ^= en_passant_keys[board->en_passant];
  return key ^ castle_keys[board->castle_perm];
}

uint64_t generate_pawn_key(const Board* board) {
  uint64_t key = 0;
  for (int sq = 0; sq < 64; ++sq)
    if (board->pieces[sq] == WP || board->pieces[sq] == BP)
      key ^= piece_keys[board->pieces[sq]][sq];
  return key;
}
