// The reference as a plugin picky about Chess960, for the FEN-as-sent and X-FEN probe tests.
// Linked as the variants shredder_only (set_fen refuses X-FEN castling letters in a Chess960
// position, as a Shredder-only reader does) and no_chess960_moves (make_move refuses every move of
// a Chess960 game, its message quoting the FEN set_fen got, byte for byte).
#include <map>
#include <optional>
#include <string>

#include "plugin_variant.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

using namespace zobrist_verify;

enum class Picky { ShredderOnly, NoChess960Moves };

constexpr zv_test_plugins::Variant<Picky> Pickiness[] = {
    {"shredder_only", Picky::ShredderOnly}, {"no_chess960_moves", Picky::NoChess960Moves}};

Picky picky{};  // as linked, set by zv_plugin_entry
int (*exported_set_fen)(zv_state*, const char*) = nullptr;
int (*exported_make_move)(zv_state*, const char*) = nullptr;
std::map<const zv_state*, std::string> last_fen;  // of each instance

bool is_chess960(const char* fen) {
  Position pos;
  StateInfo st;
  return pos.set(fen, st, polyglot_scheme(), FenOptions{.allow_unreachable = true}).empty() &&
         pos.is_chess960();
}

// The castling field (the third) has an X-FEN K, Q, k or q.
bool has_kq_letter(const std::string& fen) {
  const std::size_t castling = fen.find(' ', fen.find(' ') + 1) + 1;
  const std::string field = fen.substr(castling, fen.find(' ', castling) - castling);
  return field.find_first_of("KQkq") != std::string::npos;
}

int set_fen(zv_state* s, const char* fen) {
  last_fen[s] = fen;
  if (picky == Picky::ShredderOnly && is_chess960(fen) && has_kq_letter(fen))
    return plugin_export_detail::refuse(s, "Chess960 castling in Shredder letters only");
  return exported_set_fen(s, fen);
}

int make_move(zv_state* s, const char* uci) {
  if (picky == Picky::NoChess960Moves && is_chess960(last_fen[s].c_str()))
    return plugin_export_detail::refuse(s,
                                        "no moves in Chess960; set_fen got '" + last_fen[s] + "'");
  return exported_make_move(s, uci);
}

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<Picky> linked = zv_test_plugins::linked_variant(Pickiness);
    if (!linked) return nullptr;
    picky = *linked;
    static zv_plugin t =
        *export_plugin({"reference picky about Chess960",
                        [] { return make_reference_hash(polyglot_scheme()); }, false});
    exported_set_fen = t.set_fen;
    exported_make_move = t.make_move;
    t.set_fen = set_fen;
    t.make_move = make_move;
    t.abi_version = ZV_PLUGIN_ABI_VERSION;  // a copy of the base alone: version 1
    return &t;
  }();
  return table;
}
