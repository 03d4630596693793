// A complete in-process adapter: an engine's hashing behind the HashUnderTest door, checked by
// the property suite from the engine's own main(). Build it against zobrist_verify's
// `properties` library; run it with an optional case count: ./my_engine_adapter [CASES].
//
// The "engine" is a stand-in: a Game (the reference position) keyed with Polyglot's table under
// the legal-only en-passant rule, a convention several engines follow. Put your own position
// class where `Game` is used; the rest of the file stays as it is.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/properties.h"

namespace {

using namespace zobrist_verify;

// Polyglot's 781 keys with the en-passant square hashed only when a capture is legal. The suite
// compares exact keys against this table (Target::expected_scheme), so it must be the table and
// the rule the engine really uses.
const KeyScheme& engine_scheme() {
  static const KeyScheme scheme = [] {
    KeyScheme s = polyglot_scheme();
    s.name = "polyglot, legal en passant";
    s.en_passant_rule = EnPassantRule::Legal;
    return s;
  }();
  return scheme;
}

class MyEngineHash final : public HashUnderTest {
 public:
  std::string name() const override { return "my-engine"; }

  // Declare only what works: a property that needs a missing capability is skipped and says so.
  Capabilities capabilities() const override {
    Capabilities caps;
    caps.unmake = true;         // unmake_move() below
    caps.null_move = true;      // make_move("0000")
    caps.chess960 = true;       // Chess960 FENs and king-takes-rook castling
    caps.pawn_key = true;       // pawn_key() below
    caps.material_key = false;  // no material key: property 8 checks the pawn key alone
    return caps;
  }

  // `fen` is a valid FEN with all six fields, spelled as the suite's sources spell it: KQkq in
  // standard chess; in Chess960 (`chess960` true) X-FEN letters (K/Q for the outermost rook) or
  // Shredder letters (the rook's file, HAha). The en-passant square may be set where no pawn can
  // capture. Return an Error to refuse: its text appears in the report.
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    if (std::vector<FenError> errors = game_.set(fen, engine_scheme(), FenOptions{chess960});
        !errors.empty())
      return Error{format_errors(errors)};
    return Done{};
  }

  // A legal move in UCI: e2e4, e7e8q; castling e1g1 in standard chess and king-takes-rook
  // (e1h1) in Chess960; "0000" is a null move, sent only when null_move is declared and the side
  // to move is not in check.
  Expected<Done> make_move(std::string_view uci) override {
    if (Expected<Move> played = game_.play_uci(uci); !played) return Error{played.error()};
    return Done{};
  }

  Expected<Done> unmake_move() override {
    if (!game_.undo()) return Error{"no move to take back"};
    return Done{};
  }

  Expected<Key> key() override { return game_.position().key(); }
  Expected<Key> pawn_key() override { return game_.position().pawn_key(); }

 private:
  Game game_;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace zobrist_verify::properties;

  Target target;
  target.name = "my-engine";
  // A fresh instance for every role in every case; instances are never shared.
  target.make = [] { return std::make_unique<MyEngineHash>(); };
  // The rule the engine claims: it decides which positions count as equal (property 3) and when
  // the en-passant term must be present (property 5).
  target.en_passant_rule = EnPassantRule::Legal;
  // Optional: exact keys. Leave it null to check black-box, with no knowledge of the table.
  target.expected_scheme = &engine_scheme();

  SuiteOptions options;
  options.cases = argc > 1 ? std::atoi(argv[1]) : 100;  // RapidCheck cases per property
  options.seed = 0;                                     // 0: the fixed default seed
  // options.only = {"en-passant", "castling"};          // a subset, by name

  const std::vector<PropertyResult> results = run_suite(target, options);
  write_text_report(std::cout, results);  // aligned lines, reproductions, the summary line
  std::ofstream junit("my-engine-junit.xml");
  write_junit_report(junit, results);  // for CI; write_json_report gives JSON

  // 0 when every property holds (skips included), 1 when one fails: the CLI's convention.
  for (const PropertyResult& r : results)
    if (!r.passed) return 1;
  return 0;
}
