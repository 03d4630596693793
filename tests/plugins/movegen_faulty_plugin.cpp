// The reference as a plugin whose legal_moves crashes (ZV_MOVEGEN_FAULT_CRASH) or hangs
// (ZV_MOVEGEN_FAULT_HANG) where an en-passant capture is legal: `movegen --plugin` must report
// the fault on that position and go on living. The START_ faults strike on the first call (the
// start position): crash, hang or exit(0), which must never end or hang the tool itself.
#include <csignal>
#include <cstdlib>

#include <unistd.h>

#include "zobrist_verify/doors/plugin_export.h"

namespace {

int (*exported_legal_moves)(const zv_state*, char*, std::size_t) = nullptr;

int legal_moves_with_fault(const zv_state* s, char* buf, std::size_t cap) {
#if defined(ZV_MOVEGEN_FAULT_START_CRASH)
  std::raise(SIGSEGV);
#elif defined(ZV_MOVEGEN_FAULT_START_HANG)
  for (;;) ::pause();
#elif defined(ZV_MOVEGEN_FAULT_START_EXIT)
  std::exit(0);
#endif
  const zobrist_verify::Position& pos = s->mirror->position();
  for (zobrist_verify::Move m : zobrist_verify::legal_moves(pos)) {
    if (m.kind() != zobrist_verify::MoveKind::EnPassant) continue;
#if defined(ZV_MOVEGEN_FAULT_CRASH)
    std::raise(SIGSEGV);
#elif defined(ZV_MOVEGEN_FAULT_HANG)
    for (;;) ::pause();
#endif
  }
  return exported_legal_moves(s, buf, cap);
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static zv_plugin table = [] {
    zv_plugin t = *zobrist_verify::export_plugin(
        {"reference with a faulty legal_moves",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    exported_legal_moves = t.legal_moves;
    t.legal_moves = legal_moves_with_fault;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return t;
  }();
  return &table;
}
