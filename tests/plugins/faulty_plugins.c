/* Plugins with one fault each, built once per FAULT_* definition, for the loader's tests. The
 * working parts are a toy: a key that counts set_fen calls, enough to get past loading. */
#include <stdlib.h>
#include <string.h>

#include "zobrist_verify/plugin.h"

#define EXPORT __attribute__((visibility("default")))

struct zv_state {
  uint64_t key;
};

static zv_state* create(void) {
  return calloc(1, sizeof(zv_state));
}
static void destroy(zv_state* s) {
  free(s);
}
static int set_fen(zv_state* s, const char* fen) {
#ifdef FAULT_REFUSE_START
  if (strncmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 43) == 0) return 1;
#endif
#ifdef FAULT_EXIT_ON_START
  /* Ends the process, as a plugin that thinks it owns it might: the call it happened in and the
   * exit status must be reported. */
  if (strncmp(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 43) == 0) exit(0);
#endif
  s->key = strlen(fen);
  return 0;
}
static int make_move(zv_state* s, const char* uci) {
  s->key ^= (uint64_t)strlen(uci) << 7;
  return 0;
}
static uint64_t key(const zv_state* s) {
#ifdef FAULT_CRASH_ON_KEY
  if (s) abort();
#endif
  return s->key;
}
static const char* last_error(const zv_state* s) {
  (void)s;
  return "this plugin plays only from other positions";
}

static zv_plugin table = {ZV_PLUGIN_ABI_VERSION,
                          "faulty",
                          0,
                          create,
                          destroy,
                          set_fen,
                          make_move,
                          NULL,
                          key,
                          NULL,
                          NULL,
                          NULL,
                          last_error,
                          0};

#ifdef FAULT_NO_ENTRY
/* The entry under another name: the loader must say that zv_plugin_entry is missing. */
EXPORT const zv_plugin* zv_plugin_entry_v0(void) {
  return &table;
}
#else
EXPORT const zv_plugin* zv_plugin_entry(void) {
#ifdef FAULT_NULL_ENTRY
  return table.abi_version == 0 ? &table : NULL; /* always NULL; keeps the table in use */
#else
#ifdef FAULT_WRONG_ABI
  table.abi_version = 7;
#endif
#ifdef FAULT_NULL_CREATE
  table.create = NULL;
#endif
#ifdef FAULT_NULL_KEY
  table.key = NULL;
  table.set_fen = NULL;
#endif
  return &table;
#endif
}
#endif

#ifdef FAULT_CRASH_ON_LOAD
/* A static initialiser that aborts: loading the library is the fault. */
__attribute__((constructor)) static void crash_on_load(void) {
  abort();
}
#endif
