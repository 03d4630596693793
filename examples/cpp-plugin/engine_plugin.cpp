// A C++ plugin with the engine's own legal moves: the engine behind HashUnderTest, exported
// through zobrist_verify/doors/plugin_export.h. `check --plugin` checks its keys and
// `movegen --plugin` compares its legal_moves() (found by the export helper at compile time)
// with the reference's.
//
// The engine here is examples/plugin's small C board (0x88, Polyglot keys, its own generator);
// put your engine's position class where `board` is used. Built with
// -DEXAMPLE_ENGINE_QUEEN_PROMOTIONS_ONLY, its generator forgets under-promotions: a bug that
// `movegen` must catch.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/doors/plugin_export.h"

extern "C" {
#include "board.h"
}

namespace {

using namespace zobrist_verify;

// UCI notation: from and to squares, then the promotion piece in lower case ("e7e8q").
std::string uci_of(const move& m) {
  std::string text{char('a' + FILE_OF(m.from)), char('1' + RANK_OF(m.from)),
                   char('a' + FILE_OF(m.to)), char('1' + RANK_OF(m.to))};
  if (m.promotion != EMPTY) text += " nbrq"[m.promotion - 1];
  return text;
}

// The engine's legal moves; with the planted bug, under-promotions are left out.
std::vector<move> generate(board& b) {
  move moves[MAX_MOVES];
  const int count = generate_legal_moves(&b, moves);
  std::vector<move> legal;
  for (int i = 0; i < count; ++i) {
#ifdef EXAMPLE_ENGINE_QUEEN_PROMOTIONS_ONLY
    if (moves[i].promotion != EMPTY && moves[i].promotion != QUEEN) continue;
#endif
    legal.push_back(moves[i]);
  }
  return legal;
}

class ExampleEngineHash final : public HashUnderTest {
 public:
  ExampleEngineHash() = default;
  ExampleEngineHash(const ExampleEngineHash&) = delete;
  ExampleEngineHash& operator=(const ExampleEngineHash&) = delete;
  ~ExampleEngineHash() override { board_free(&board_); }

  std::string name() const override { return "example engine (C++ plugin)"; }

  // Declare only what works: a property that needs a missing capability is skipped.
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.unmake = true;
    caps.null_move = true;
    caps.pawn_key = true;
    return caps;  // standard chess only (chess960 false): Chess960 FENs are refused for us
  }

  Expected<Done> set_position(std::string_view fen, bool /*chess960*/) override {
    char error[256];
    if (board_set_fen(&board_, std::string(fen).c_str(), error, sizeof error) != 0)
      return Error{error};
    return Done{};
  }

  // A move is played only if it is among the engine's legal moves; anything else is refused.
  Expected<Done> make_move(std::string_view uci) override {
    if (uci == "0000") {
      if (board_in_check(&board_)) return Error{"null move refused: the side to move is in check"};
      if (board_make_move(&board_, move{0, 0, EMPTY, MOVE_NULL}) != 0) return Error{"no memory"};
      return Done{};
    }
    for (const move& m : generate(board_)) {
      if (uci_of(m) != uci) continue;
      if (board_make_move(&board_, m) != 0) return Error{"no memory"};
      return Done{};
    }
    return Error{"move '" + std::string(uci) + "' is not legal here"};
  }

  Expected<Done> unmake_move() override {
    if (board_.history_length == 0) return Error{"no move to take back"};
    board_unmake_move(&board_);
    return Done{};
  }

  Expected<Key> key() override { return board_.key; }
  Expected<Key> pawn_key() override { return board_.pawn_key; }

  // The engine's own legal moves in UCI: what `movegen --plugin` compares with the reference's.
  std::vector<std::string> legal_moves() {
    std::vector<std::string> moves;
    for (const move& m : generate(board_)) moves.push_back(uci_of(m));
    return moves;
  }

 private:
  board board_{};
};

static_assert(HasOwnLegalMoves<ExampleEngineHash>);

}  // namespace

extern "C" ZV_PLUGIN_EXPORT const zv_plugin* zv_plugin_entry(void) {
  static const zv_plugin* table = export_plugin(
      {"example engine (C++ plugin)", [] { return std::make_unique<ExampleEngineHash>(); }});
  return table;
}
