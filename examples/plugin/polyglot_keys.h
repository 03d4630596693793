/* Polyglot's Zobrist keys and where each term of a position's key is found in them.
 *
 * The key of a position is the XOR of:
 *  - for each piece, polyglot_random64[64 * kind + 8 * rank + file], where kind counts black pawn
 *    0, white pawn 1, black knight 2, white knight 3, ... black king 10, white king 11, and rank
 *    and file count from 0 (a1 is rank 0, file 0);
 *  - for each castling right, 768 (White king side), 769 (White queen side), 770 (Black king
 *    side), 771 (Black queen side);
 *  - 772 + file of the en-passant square, only when a pawn of the side to move stands beside the
 *    pawn that just made the double push (whether or not the capture would be legal);
 *  - 780 when White is to move. */
#ifndef EXAMPLE_PLUGIN_POLYGLOT_KEYS_H
#define EXAMPLE_PLUGIN_POLYGLOT_KEYS_H

#include <stdint.h>

#define POLYGLOT_KEY_COUNT 781
#define POLYGLOT_CASTLING_OFFSET 768
#define POLYGLOT_EN_PASSANT_OFFSET 772
#define POLYGLOT_TURN_OFFSET 780

extern const uint64_t polyglot_random64[POLYGLOT_KEY_COUNT];

#endif
