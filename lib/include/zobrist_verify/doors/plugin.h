/* The C ABI of a zobrist-verify plugin: a shared library that exports zv_plugin_entry, through
 * which `zobrist-verify check --plugin PATH` checks a third party's Zobrist hashing. Any language
 * with a C ABI can provide one (C, C++, Rust cdylib, Zig, Go with cgo).
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
 * the run); a refused legal move fails the case.
 */
#ifndef ZOBRIST_VERIFY_PLUGIN_H
#define ZOBRIST_VERIFY_PLUGIN_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

#define ZV_PLUGIN_ABI_VERSION 1u

typedef struct zv_state zv_state; /* opaque: owned by the plugin */

typedef struct zv_plugin {
  uint32_t abi_version; /* must equal ZV_PLUGIN_ABI_VERSION */
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

/* The one symbol a plugin exports. */
const zv_plugin* zv_plugin_entry(void);

#ifdef __cplusplus
}
#endif
#endif
