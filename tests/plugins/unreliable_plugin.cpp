// The reference as a plugin that is unreliable in one way, to test what the reports say about it.
// Built as ZV_THROWS_ON_PROMOTION (make_move lets a C++ exception, std::invalid_argument, escape
// through the C ABI on every promotion) and ZV_FLIPS_ONE_KEY (the 1500th key() call of the
// process, past the convention probes, comes back with a bit flipped: a case fails once and
// passes when replayed).
#include <stdexcept>
#include <string>

#include "zobrist_verify/doors/plugin_export.h"

namespace {

#if defined(ZV_THROWS_ON_PROMOTION)
int (*exported_make_move)(zv_state*, const char*) = nullptr;

int make_move_throwing(zv_state* s, const char* uci) {
  if (std::string(uci).size() == 5) throw std::invalid_argument("promotions are not supported");
  return exported_make_move(s, uci);
}
#elif defined(ZV_FLIPS_ONE_KEY)
std::uint64_t (*exported_key)(const zv_state*) = nullptr;

std::uint64_t key_flipping_once(const zv_state* s) {
  static int calls = 0;
  return exported_key(s) ^ (++calls == 1500 ? 1 : 0);
}
#endif

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static zv_plugin table = [] {
    zv_plugin t = *zobrist_verify::export_plugin(
        {"reference, unreliable",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         false});
#if defined(ZV_THROWS_ON_PROMOTION)
    exported_make_move = t.make_move;
    t.make_move = make_move_throwing;
#elif defined(ZV_FLIPS_ONE_KEY)
    exported_key = t.key;
    t.key = key_flipping_once;
#endif
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return t;
  }();
  return &table;
}
