// The reference as a plugin whose legal_moves crashes (variant crash) or hangs (variant hang)
// where an en-passant capture is legal: `movegen --plugin` must report the fault on that position
// and go on living. The start_ variants strike on the first call (the start position): crash,
// hang or exit(0), which must never end or hang the tool itself.
#include <csignal>
#include <cstdlib>
#include <optional>

#include <unistd.h>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

enum class MovegenFault { Crash, Hang, StartCrash, StartHang, StartExit };

constexpr zv_test_plugins::Variant<MovegenFault> MovegenFaults[] = {
    {"crash", MovegenFault::Crash},
    {"hang", MovegenFault::Hang},
    {"start_crash", MovegenFault::StartCrash},
    {"start_hang", MovegenFault::StartHang},
    {"start_exit", MovegenFault::StartExit}};

MovegenFault fault{};  // as linked, set by zv_plugin_entry
int (*exported_legal_moves)(const zv_state*, char*, std::size_t) = nullptr;

// The fault itself: exit(0), SIGSEGV or a hang.
void strike() {
  if (fault == MovegenFault::StartExit) std::exit(0);
  if (fault == MovegenFault::Crash || fault == MovegenFault::StartCrash) std::raise(SIGSEGV);
  if (fault == MovegenFault::Hang || fault == MovegenFault::StartHang)
    for (;;) ::pause();
}

int legal_moves_with_fault(const zv_state* s, char* buf, std::size_t cap) {
  if (fault != MovegenFault::Crash && fault != MovegenFault::Hang) strike();
  const zobrist_verify::Position& pos = s->mirror->position();
  for (zobrist_verify::Move m : zobrist_verify::legal_moves(pos))
    if (m.kind() == zobrist_verify::MoveKind::EnPassant) strike();
  return exported_legal_moves(s, buf, cap);
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<MovegenFault> linked = zv_test_plugins::linked_variant(MovegenFaults);
    if (!linked) return nullptr;
    fault = *linked;
    static zv_plugin t = *zobrist_verify::export_plugin(
        {"reference with a faulty legal_moves",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    exported_legal_moves = t.legal_moves;
    t.legal_moves = legal_moves_with_fault;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return &t;
  }();
  return table;
}
