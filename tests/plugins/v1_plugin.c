/* A version 1 plugin as one built before version 2 existed: its table is a zv_plugin alone, at
 * the end of a readable page followed by an unreadable one, where a zv_plugin_v2's aux fields
 * would be: a loader that reads past a version 1 table crashes on it. The working parts are the
 * example plugin's (examples/plugin, included whole, its entry renamed). */
#include <sys/mman.h>
#include <unistd.h>

#define zv_plugin_entry example_plugin_entry
#include "plugin.c"
#undef zv_plugin_entry

PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static zv_plugin* table = NULL;
  if (table) return table;
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  char* pages = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) return NULL;
  if (mprotect(pages + page, page, PROT_NONE) != 0) return NULL;
  table = (zv_plugin*)(pages + page - sizeof(zv_plugin));
  const zv_plugin* example = example_plugin_entry();
  table->abi_version = ZV_PLUGIN_ABI_VERSION;
  table->name = "version 1 plugin (C, 0x88, Polyglot keys)";
  table->chess960 = example->chess960;
  table->create = example->create;
  table->destroy = example->destroy;
  table->set_fen = example->set_fen;
  table->make_move = example->make_move;
  table->unmake_move = example->unmake_move;
  table->key = example->key;
  table->pawn_key = example->pawn_key;
  table->material_key = example->material_key;
  table->legal_moves = example->legal_moves;
  table->last_error = example->last_error;
  table->null_move = example->null_move;
  return table;
}
