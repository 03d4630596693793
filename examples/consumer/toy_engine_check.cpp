// A toy engine's hashing, checked with an installed zobrist-verify (find_package). The engine
// keeps its own Zobrist table, drawn from its own generator, and updates the key on every move
// by XOR; zobrist-verify's Game serves as its board only for legality and move decoding.
// Exits 0 when every property holds, 1 otherwise.
#include <array>
#include <cstdint>
#include <iostream>
#include <memory>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/properties.h"

namespace {

using namespace zobrist_verify;

// The toy engine's own table: 12 x 64 piece keys, 4 castling rights, 8 en-passant files, side.
struct ToyKeys {
  std::array<std::array<std::uint64_t, 64>, 16> piece{};
  std::array<std::uint64_t, 4> castling{};
  std::array<std::uint64_t, 8> en_passant_file{};
  std::uint64_t black_to_move = 0;

  ToyKeys() {
    std::uint64_t x = 0x9E3779B97F4A7C15ULL;  // splitmix64, the toy's choice
    auto next = [&x] {
      std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    };
    for (auto& squares : piece)
      for (auto& k : squares) k = next();
    for (auto& k : castling) k = next();
    for (auto& k : en_passant_file) k = next();
    black_to_move = next();
  }
};

const ToyKeys& toy_keys() {
  static const ToyKeys keys;
  return keys;
}

// The part of the key that is not piece placement: rights, en passant (hashed when a pawn of the
// side to move could capture, pins ignored), side.
std::uint64_t state_key(const Position& pos) {
  const ToyKeys& k = toy_keys();
  std::uint64_t key = pos.side_to_move() == Black ? k.black_to_move : 0;
  const CastlingRights rights[] = {WhiteOO, WhiteOOO, BlackOO, BlackOOO};
  for (int i = 0; i < 4; ++i)
    if (pos.can_castle(rights[i])) key ^= k.castling[i];
  if (const Square ep = pos.ep_square(); ep != NoSquare) {
    const Color us = pos.side_to_move();
    const int rank = us == White ? 4 : 3;  // where our capturing pawns stand
    for (int df : {-1, 1}) {
      const int file = int(file_of(ep)) + df;
      if (file >= 0 && file < 8 &&
          pos.piece_on(make_square(File(file), Rank(rank))) == make_piece(us, Pawn)) {
        key ^= k.en_passant_file[file_of(ep)];
        break;
      }
    }
  }
  return key;
}

std::uint64_t placement_key(const Position& pos) {
  std::uint64_t key = 0;
  for (Square s = A1; s < SquareCount; ++s)
    if (pos.piece_on(s) != NoPiece) key ^= toy_keys().piece[pos.piece_on(s)][s];
  return key;
}

class ToyEngineHash final : public HashUnderTest {
 public:
  std::string name() const override { return "toy-engine"; }
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.unmake = true;
    return caps;
  }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (auto errors = game_.set(fen, polyglot_scheme(), FenOptions{chess960}); !errors.empty())
      return Error{format_errors(errors)};
    placement_ = {placement_key(game_.position())};
    return Done{};
  }
  // The placement key is updated by XOR for the squares the move changed.
  Expected<Done> make_move(std::string_view uci) override {
    const Position before = game_.position();
    if (Expected<Move> m = game_.play_uci(uci); !m) return Error{m.error()};
    std::uint64_t key = placement_.back();
    for (Square s = A1; s < SquareCount; ++s) {
      const Piece was = before.piece_on(s), now = game_.position().piece_on(s);
      if (was == now) continue;
      if (was != NoPiece) key ^= toy_keys().piece[was][s];
      if (now != NoPiece) key ^= toy_keys().piece[now][s];
    }
    placement_.push_back(key);
    return Done{};
  }
  Expected<Done> unmake_move() override {
    if (placement_.size() < 2 || !game_.undo()) return Error{"no move to take back"};
    placement_.pop_back();
    return Done{};
  }
  Expected<Key> key() override { return placement_.back() ^ state_key(game_.position()); }

 private:
  Game game_;
  std::vector<std::uint64_t> placement_;  // one entry per ply, for unmake
};

}  // namespace

int main() {
  using namespace zobrist_verify::properties;
  Target target;
  target.name = "toy-engine";
  target.make = [] { return std::make_unique<ToyEngineHash>(); };
  target.en_passant_rule = EnPassantRule::PseudoLegal;
  SuiteOptions options;
  options.cases = 100;
  const auto results = run_suite(target, options);
  write_text_report(std::cout, results);
  for (const PropertyResult& r : results)
    if (!r.passed) return 1;
  return 0;
}
