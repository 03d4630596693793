// The reference position behind the HashUnderTest door, with Stockfish's auxiliary keys.
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/hash_under_test.h"

namespace zobrist_verify {

namespace {

class ReferenceHash final : public HashUnderTest {
 public:
  explicit ReferenceHash(const KeyScheme& scheme) : scheme_(scheme) {}

  std::string name() const override { return "reference:" + scheme_.name; }
  Capabilities capabilities() const override {
    Capabilities caps{true, true, true, true, true};
    caps.aux_keys = stockfish_aux_keys();
    return caps;
  }

  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    // Every consistent position: whether a position may be sent is the gate's call
    // (position_gate.h), and the reference answers whatever the suite derives.
    const auto errors =
        game_.set(fen, scheme_, FenOptions{.chess960 = chess960, .allow_unreachable = true});
    if (!errors.empty()) return Error{format_errors(errors)};
    return Done{};
  }
  Expected<Done> make_move(std::string_view uci) override {
    Expected<Move> m = game_.play_uci(uci);
    if (!m) return Error{m.error()};
    return Done{};
  }
  Expected<Done> unmake_move() override {
    if (!game_.undo()) return Error{"unmake_move: no move to take back"};
    return Done{};
  }
  Expected<Key> key() override { return game_.position().key(); }
  Expected<Key> pawn_key() override { return game_.position().pawn_key(); }
  Expected<Key> material_key() override { return game_.position().material_key(); }
  Expected<Key> aux_key(std::size_t index) override {
    if (index >= AuxKeyCount)
      return Error{name() + " has no auxiliary key " + std::to_string(index)};
    return game_.position().aux_key(AuxKeyIndex(index));
  }

 private:
  const KeyScheme& scheme_;
  Game game_;
};

}  // namespace

std::unique_ptr<HashUnderTest> make_reference_hash(const KeyScheme& scheme) {
  return std::make_unique<ReferenceHash>(scheme);
}

}  // namespace zobrist_verify
