// The reference as a plugin whose legal_moves forgets en-passant captures: a move generator bug
// that fuzz_movegen's plugin mode must catch.
#include "zobrist_verify/doors/plugin_export.h"

namespace {

int (*exported_legal_moves)(const zv_state*, char*, std::size_t) = nullptr;

int legal_moves_without_en_passant(const zv_state* s, char* buf, std::size_t cap) {
  const zobrist_verify::Position& pos = s->mirror->position();
  std::string out;
  int count = 0;
  for (zobrist_verify::Move m : zobrist_verify::legal_moves(pos)) {
    if (m.kind() == zobrist_verify::MoveKind::EnPassant) continue;
    out += (count++ ? " " : "") + zobrist_verify::move_to_uci(pos, m);
  }
  if (out.size() + 1 > cap) return -1;
  out.copy(buf, out.size());
  buf[out.size()] = '\0';
  return count;
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static zv_plugin table = [] {
    zv_plugin t = *zobrist_verify::export_plugin(
        {"reference without en-passant moves",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    exported_legal_moves = t.legal_moves;
    t.legal_moves = legal_moves_without_en_passant;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return t;
  }();
  return &table;
}
