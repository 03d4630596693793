// An adapter over an engine with global board state: the toy engine of examples/plugin-make keeps
// its castling masks in a global that its FEN parser writes (Weiss's CastlePerm), while the suite
// holds several instances at once. `global_state_adapter naive [CASES]` wraps the engine as it is
// and fails; `global_state_adapter fixed [CASES]` saves the global after each instance's
// parse_fen and puts it back before each of its moves, and passes. properties/README.md shows both.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>

#include "../plugin-make/src/board.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/properties.h"

namespace {

using namespace zobrist_verify;

enum class Globals { Shared, PerInstance };

class ToyEngineHash final : public HashUnderTest {
 public:
  explicit ToyEngineHash(Globals globals) : globals_(globals) { init_zobrist(); }

  std::string name() const override {
    return globals_ == Globals::Shared ? "toy-engine-naive" : "toy-engine";
  }

  Capabilities capabilities() const override {
    Capabilities caps;
    caps.unmake = caps.null_move = caps.chess960 = caps.pawn_key = true;
    return caps;
  }

  Expected<Done> set_position(std::string_view fen, bool) override {
    char error[256];
    if (parse_fen(board_.get(), std::string(fen).c_str(), error, sizeof error) != 0)
      return Error{error};
    if (globals_ == Globals::PerInstance)  // the fix: this instance's masks, saved
      std::memcpy(castle_perm_mask_, castle_perm_mask, sizeof castle_perm_mask_);
    return Done{};
  }

  Expected<Done> make_move(std::string_view uci) override {
    if (globals_ == Globals::PerInstance)  // the fix: put this instance's masks back
      std::memcpy(castle_perm_mask, castle_perm_mask_, sizeof castle_perm_mask_);
    char error[256];
    if (make_uci_move(board_.get(), std::string(uci).c_str(), error, sizeof error) != 0)
      return Error{error};
    return Done{};
  }

  Expected<Done> unmake_move() override {
    if (take_move(board_.get()) != 0) return Error{"no move to take back"};
    return Done{};
  }

  Expected<Key> key() override { return board_->key; }
  Expected<Key> pawn_key() override { return board_->pawn_key; }

 private:
  Globals globals_;
  std::unique_ptr<Board> board_ = std::make_unique<Board>();  // 100 KB of history: on the heap
  int castle_perm_mask_[64] = {};
};

}  // namespace

int main(int argc, char** argv) {
  using namespace zobrist_verify::properties;
  const std::string_view mode = argc > 1 ? argv[1] : "";
  if (mode != "naive" && mode != "fixed") {
    std::cerr << "usage: global_state_adapter naive|fixed [CASES]\n";
    return 2;
  }
  const Globals globals = mode == "naive" ? Globals::Shared : Globals::PerInstance;
  Target target;
  target.name = globals == Globals::Shared ? "toy-engine-naive" : "toy-engine";
  target.make = [globals] { return std::make_unique<ToyEngineHash>(globals); };
  target.en_passant_rule = EnPassantRule::Always;  // the engine hashes every en-passant square

  SuiteOptions options;
  options.cases = argc > 2 ? std::atoi(argv[2]) : 100;
  const std::vector<PropertyResult> results = run_suite(target, options);
  write_text_report(std::cout, results);
  for (const PropertyResult& r : results)
    if (!r.passed) return 1;
  return 0;
}
