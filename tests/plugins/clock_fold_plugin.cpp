// The reference with Stockfish's keys (its auxiliary keys too), keyed as Stockfish's `d` prints
// them: the halfmove clock folded in from 14 on (key ^ make_key((rule50 - 14) / 8)), null moves on.
// A null move raises the clock, so a side-to-move property that compares keys across one without
// the clock fails it. Linked as the variant broken_side (sound: the keys above), the side term is
// dropped on every path, a bug the suite must still catch.
#include <optional>

#include "plugin_variant.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/plugin_export.h"

namespace {

using namespace zobrist_verify;

constexpr zv_test_plugins::Variant<bool> BrokenSide[] = {{"sound", false}, {"broken_side", true}};

class ClockFold final : public HashUnderTest {
 public:
  explicit ClockFold(bool broken_side) : broken_side_(broken_side) {}
  std::string name() const override { return "clock fold (stockfish printed key)"; }
  Capabilities capabilities() const override {
    return {.unmake = true,
            .null_move = true,
            .chess960 = true,
            .pawn_key = true,
            .material_key = true,
            .aux_keys = stockfish_aux_keys()};
  }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (auto errors = game_.set(fen, stockfish_scheme(),
                                FenOptions{.chess960 = chess960, .allow_unreachable = true});
        !errors.empty())
      return Error{format_errors(errors)};
    return Done{};
  }
  Expected<Done> make_move(std::string_view uci) override {
    if (Expected<Move> m = game_.play_uci(uci); !m) return Error{m.error()};
    return Done{};
  }
  Expected<Done> unmake_move() override {
    if (!game_.undo()) return Error{"no move to take back"};
    return Done{};
  }
  Expected<Key> key() override {
    const Position& pos = game_.position();
    Key key = pos.printed_key();
    if (broken_side_ && pos.side_to_move() == Black) key ^= stockfish_scheme().side_black;
    return key;
  }
  Expected<Key> pawn_key() override { return game_.position().pawn_key(); }
  Expected<Key> material_key() override { return game_.position().material_key(); }
  Expected<Key> aux_key(std::size_t i) override {
    if (i >= AuxKeyCount) return Error{"no auxiliary key " + std::to_string(i)};
    return game_.position().aux_key(AuxKeyIndex(i));
  }

 private:
  bool broken_side_;
  Game game_;
};

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = []() -> const zv_plugin* {
    const std::optional<bool> broken_side = zv_test_plugins::linked_variant(BrokenSide);
    if (!broken_side) return nullptr;
    return zobrist_verify::export_plugin(
        {*broken_side ? "clock fold, no side term" : "clock fold",
         [broken = *broken_side] { return std::make_unique<ClockFold>(broken); }, false});
  }();
  return table;
}
