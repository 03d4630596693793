/* The C ABI of a zobrist-verify plugin: a shared library that exports zv_plugin_entry, through
 * which `zobrist-verify check --plugin PATH` checks a third party's Zobrist hashing. Any language
 * with a C ABI can provide one (C, C++, Rust cdylib, Zig, Go with cgo).
 *
 * Path. #include "zobrist_verify/plugin.h" is this header's permanent path (plugins include it).
 * It belongs to lib's doors area; zobrist_verify/doors/plugin.h includes it, so either path works.
 *
 * The ABI is stable: names, field order and meanings change only with a new ABI version.
 *
 * Calls. The suite may hold several states at once and calls the plugin from one thread at a
 * time. It sends "0000" only to a plugin that sets null_move; without it, the side-to-move
 * property works from FEN pairs that differ only in the side to move.
 *
 * FENs. set_fen receives exactly what the project's FEN writer produces: six fields; castling as
 * KQkq letters in standard chess and as Shredder letters (the rook's file: HAha) in Chess960
 * (chess960 set only; `--xfen` sends X-FEN KQkq letters where they name the outermost rook); the
 * en-passant square written after every double push, whether or not a capture is possible, so
 * that the plugin's own en-passant rule decides whether it is hashed.
 *
 * Moves. UCI: e2e4, e7e8q; castling e1g1 in standard chess and king-takes-rook (e1h1) in
 * Chess960. Only legal moves are sent.
 *
 * Errors. A nonzero return refuses the FEN or move; last_error's text, when given, goes into the
 * report beside it (its first 4096 bytes: a longer text, or one without its NUL, is cut). A
 * refused FEN is reported, not counted against a hashing property (more than 5% refused fails
 * the run); a refused legal move fails the case, except from ply 256 of a line on, which only the
 * long routes the suite sends now and then reach (past 4096 plies, beyond a bounded history):
 * such a refusal is counted as a refused FEN's is.
 *
 * Versions. A version 1 plugin fills a zv_plugin with abi_version ZV_PLUGIN_ABI_VERSION (1). A
 * version 2 plugin fills a zv_plugin_v2, a zv_plugin (`base`, abi_version ZV_PLUGIN_ABI_VERSION_2)
 * followed by the auxiliary keys, and returns &table.base. zobrist-verify reads abi_version first
 * and looks past `base` only when it is 2, so version 1 plugins load unchanged, binaries and
 * sources alike (zv_plugin and ZV_PLUGIN_ABI_VERSION are what they were).
 *
 * Auxiliary keys (version 2). Any number of extra named keys, such as the keys modern engines
 * keep for correction history: Stockfish's nonPawnKey[WHITE] and nonPawnKey[BLACK], its
 * minorPieceKey, Ethereal's pawn-king key. Each zv_aux_key declares what its key is a function
 * of: a set of (colour, piece type) pairs, and optionally the side to move, the castling rights
 * and the en-passant term. The suite checks each one after any position, as it checks the key:
 * incremental equals from scratch, unmake restores it, positions (and moves) that differ only in
 * undeclared parts leave it equal, and a difference in a declared part changes it. A pawn key that
 * hashes more than the pawns (Ethereal's includes the kings) belongs here, with its real content,
 * and pawn_key stays NULL: the pawn key property holds pawn_key to the pawns alone.
 *
 *   static const zv_aux_key aux[] = {
 *       {"nonPawnKey[WHITE]", {ZV_PIECES_NON_PAWN, 0}, 0},
 *       {"nonPawnKey[BLACK]", {0, ZV_PIECES_NON_PAWN}, 0},
 *       {"pawnKingKey", {ZV_PIECE_PAWN | ZV_PIECE_KING, ZV_PIECE_PAWN | ZV_PIECE_KING}, 0},
 *   };
 *   static const zv_plugin_v2 table = {
 *       .base = {.abi_version = ZV_PLUGIN_ABI_VERSION_2, .name = "my-engine", ...},
 *       .aux_key_count = 3, .aux_keys = aux, .aux_key = my_aux_key};
 *   const zv_plugin* zv_plugin_entry(void) { return &table.base; }
 *
 * The loader refuses a version 2 table whose aux_key_count exceeds ZV_AUX_KEY_LIMIT, whose
 * aux_keys or aux_key is NULL while the count is not 0, or whose descriptors have a NULL, empty,
 * over-long or repeated name, unknown piece or flag bits, or declare nothing at all.
 */
#ifndef ZOBRIST_VERIFY_PLUGIN_H
#define ZOBRIST_VERIFY_PLUGIN_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* The version of a zv_plugin table alone (version 1; unchanged, so version 1 sources build as
 * they did). */
#define ZV_PLUGIN_ABI_VERSION 1u
/* The version of a zv_plugin_v2 table: auxiliary keys. */
#define ZV_PLUGIN_ABI_VERSION_2 2u
/* The newest version; zobrist-verify loads every version from 1 to this one. */
#define ZV_PLUGIN_ABI_LATEST ZV_PLUGIN_ABI_VERSION_2

typedef struct zv_state zv_state; /* opaque: owned by the plugin */

/* Version 2: the colours that index zv_aux_key.pieces. */
#define ZV_WHITE 0
#define ZV_BLACK 1

/* Version 2: the piece-type bits of zv_aux_key.pieces[colour]. */
#define ZV_PIECE_PAWN 0x01u
#define ZV_PIECE_KNIGHT 0x02u
#define ZV_PIECE_BISHOP 0x04u
#define ZV_PIECE_ROOK 0x08u
#define ZV_PIECE_QUEEN 0x10u
#define ZV_PIECE_KING 0x20u
#define ZV_PIECES_ALL 0x3fu      /* every piece type */
#define ZV_PIECES_NON_PAWN 0x3eu /* knight to king */

/* Version 2: the bits of zv_aux_key.flags, the parts besides pieces a key may depend on. */
#define ZV_AUX_SIDE_TO_MOVE 0x1u /* the side to move */
#define ZV_AUX_CASTLING 0x2u     /* the castling rights */
#define ZV_AUX_EN_PASSANT 0x4u   /* the en-passant term, under the plugin's en-passant rule */

/* Version 2: at most this many auxiliary keys, and names of at most this many bytes. */
#define ZV_AUX_KEY_LIMIT 64u
#define ZV_AUX_NAME_LIMIT 64u

/* Version 2: one auxiliary key's declaration. 16 bytes on LP64, no padding. */
typedef struct zv_aux_key {
  /* Unique, non-empty, printable, at most ZV_AUX_NAME_LIMIT bytes: "minorPieceKey". It names the
   * key in every report. Static storage: read for as long as the plugin is loaded. */
  const char* name;
  /* pieces[ZV_WHITE] and pieces[ZV_BLACK]: ZV_PIECE_* bits of the pieces whose placement the key
   * hashes (a piece of a type not set there must not change it). */
  uint16_t pieces[2];
  /* ZV_AUX_* bits; 0: pieces only. */
  uint32_t flags;
} zv_aux_key;

typedef struct zv_plugin {
  uint32_t abi_version; /* ZV_PLUGIN_ABI_VERSION, or ZV_PLUGIN_ABI_VERSION_2 in a zv_plugin_v2 */
  const char* name;     /* human-readable, e.g. "myengine 1.2" */
  uint32_t chess960;    /* nonzero: the plugin accepts Chess960 FENs and king-takes-rook castling */

  zv_state* (*create)(void);
  void (*destroy)(zv_state*);
  /* 0 on success; nonzero when the plugin rejects the FEN. */
  int (*set_fen)(zv_state*, const char* fen);
  /* Plays one legal move given in UCI notation (e1g1, e7e8q; king-takes-rook in Chess960). 0 on
   * success. */
  int (*make_move)(zv_state*, const char* uci);
  /* Takes back the last move played. 0 on success. NULL when the plugin has no unmake. */
  int (*unmake_move)(zv_state*);
  uint64_t (*key)(const zv_state*);

  /* Optional: NULL when absent. */
  uint64_t (*pawn_key)(const zv_state*);
  uint64_t (*material_key)(const zv_state*);
  /* Writes the legal moves as space-separated UCI into buf (NUL-terminated) and returns their
   * count, or -1 when cap is too small. */
  int (*legal_moves)(const zv_state*, char* buf, size_t cap);
  /* Optional: the message for the last nonzero return, owned by the plugin; NULL when absent. */
  const char* (*last_error)(const zv_state*);
  /* Nonzero: make_move accepts the null move "0000" (passes the turn, clears en passant). */
  uint32_t null_move;
} zv_plugin;

/* Version 2: a zv_plugin with base.abi_version = ZV_PLUGIN_ABI_VERSION_2, then the auxiliary keys.
 * zv_plugin_entry returns &table.base. */
typedef struct zv_plugin_v2 {
  zv_plugin base;
  /* The number of auxiliary keys, 0 to ZV_AUX_KEY_LIMIT; 0: none (the other two may be NULL). */
  uint32_t aux_key_count;
  /* aux_key_count declarations, static storage. */
  const zv_aux_key* aux_keys;
  /* The value of auxiliary key `index` (0 <= index < aux_key_count) in the current position. */
  uint64_t (*aux_key)(const zv_state*, uint32_t index);
} zv_plugin_v2;

/* The one symbol a plugin exports. */
const zv_plugin* zv_plugin_entry(void);

#ifdef __cplusplus
}
#endif
#endif
