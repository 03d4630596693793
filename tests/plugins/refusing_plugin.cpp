// The reference as a plugin that refuses some FENs at set_fen, with a message, as a plugin built
// on a stricter library does: `movegen --plugin` must count the refusals and go on. Linked as the
// variants black (every FEN with Black to move: about half of them, so the run fails) and
// en_passant (every FEN with White to move and an en-passant square: a few, so the run passes).
#include <optional>
#include <sstream>
#include <string>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

enum class Refusal { Black, EnPassant };

constexpr zv_test_plugins::Variant<Refusal> Refusals[] = {{"black", Refusal::Black},
                                                          {"en_passant", Refusal::EnPassant}};

Refusal refusal{};  // as linked, set by zv_plugin_entry
int (*exported_set_fen)(zv_state*, const char*) = nullptr;

// Field `index` of the FEN (0: the placement).
std::string fen_field(const char* fen, int index) {
  std::istringstream fields(fen);
  std::string field;
  for (int i = 0; i <= index; ++i) fields >> field;
  return field;
}

int set_fen_refusing(zv_state* s, const char* fen) {
  if (refusal == Refusal::Black && fen_field(fen, 1) == "b")
    return zobrist_verify::plugin_export_detail::refuse(s, "Black to move is not supported");
  if (refusal == Refusal::EnPassant && fen_field(fen, 1) == "w" && fen_field(fen, 3) != "-")
    return zobrist_verify::plugin_export_detail::refuse(s, "en-passant squares are not supported");
  return exported_set_fen(s, fen);
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<Refusal> linked = zv_test_plugins::linked_variant(Refusals);
    if (!linked) return nullptr;
    refusal = *linked;
    static zv_plugin t = *zobrist_verify::export_plugin(
        {"reference refusing some FENs",
         [] { return zobrist_verify::make_reference_hash(zobrist_verify::polyglot_scheme()); },
         true});
    exported_set_fen = t.set_fen;
    t.set_fen = set_fen_refusing;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return &t;
  }();
  return table;
}
