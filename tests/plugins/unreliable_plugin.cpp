// The reference as a plugin that is unreliable in one way, to test what the reports say about it.
// Linked as the variants throws_on_promotion (make_move lets a C++ exception,
// std::invalid_argument, escape through the C ABI on every promotion) and flips_one_key (the
// 1500th key() call of the process, past the convention probes, comes back with a bit flipped: a
// case fails once and passes when replayed).
#include <optional>
#include <stdexcept>
#include <string>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

enum class Flaw { ThrowsOnPromotion, FlipsOneKey };

constexpr zv_test_plugins::Variant<Flaw> Flaws[] = {
    {"throws_on_promotion", Flaw::ThrowsOnPromotion}, {"flips_one_key", Flaw::FlipsOneKey}};

int (*exported_make_move)(zv_state*, const char*) = nullptr;
std::uint64_t (*exported_key)(const zv_state*) = nullptr;

int make_move_throwing(zv_state* s, const char* uci) {
  if (std::string(uci).size() == 5) throw std::invalid_argument("promotions are not supported");
  return exported_make_move(s, uci);
}

std::uint64_t key_flipping_once(const zv_state* s) {
  static int calls = 0;
  return exported_key(s) ^ (++calls == 1500 ? 1 : 0);
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<Flaw> flaw = zv_test_plugins::linked_variant(Flaws);
    if (!flaw) return nullptr;
    static zv_plugin t = *zobrist_verify::export_plugin(
        {"reference, unreliable",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         false});
    if (flaw == Flaw::ThrowsOnPromotion) {
      exported_make_move = t.make_move;
      t.make_move = make_move_throwing;
    } else {
      exported_key = t.key;
      t.key = key_flipping_once;
    }
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return &t;
  }();
  return table;
}
