// The reference hashing as a plugin: Polyglot's keys, every capability, legal_moves when built with
// ZV_WITH_LEGAL_MOVES. The plugin door's tests and its speed benchmark load it.
//
// Built for the benchmark (ZV_BENCH_SAME_CODE), it also hands out the same reference as a C++
// object, so that the benchmark can call the very machine code behind the door directly: the
// ratio of the two is then the door's cost alone, not the difference between two copies of the
// reference laid out differently in the executable and in the library.
#include "zobrist_verify/doors/plugin_export.h"

#ifndef ZV_WITH_LEGAL_MOVES
#define ZV_WITH_LEGAL_MOVES 1
#endif

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = zobrist_verify::export_plugin(
      {"zobrist-verify reference (polyglot)",
       [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
       ZV_WITH_LEGAL_MOVES != 0});
  return table;
}

#if ZV_BENCH_SAME_CODE
extern "C" ZV_PLUGIN_EXPORT zobrist_verify::HashUnderTest* zv_bench_reference_in_process(void) {
  return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()).release();
}
#endif
