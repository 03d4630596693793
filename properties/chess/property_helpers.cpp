// Helpers the chess properties share: the generated game, key comparisons on a Line, the side term.
#include <rapidcheck.h>

#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

PlayedGame generate_game(const PropertyContext& context, int max_plies, bool sometimes_long) {
  const GameRecipe recipe = *gen_game_recipe(max_plies);
  PlayedGame game = play_recipe(recipe, context.limits);
  if (const std::size_t plies = sometimes_long ? long_route_plies(recipe) : 0)
    lengthen(game, plies);
  classify_game(game);
  return game;
}

void expect_same_key(const Line& line, const std::string& what, Key expected, Key actual) {
  if (expected != actual) fail(line.counterexample(what, expected, actual));
}

void expect_same_keys(const Line& line, const std::string& what, const TargetKeys& expected,
                      const TargetKeys& actual) {
  expect_same_key(line, "key: " + what, expected.key, actual.key);
  if (line.capabilities().pawn_key)
    expect_same_key(line, "pawn key: " + what, expected.pawn_key, actual.pawn_key);
  if (line.capabilities().material_key)
    expect_same_key(line, "material key: " + what, expected.material_key, actual.material_key);
}

void expect_fresh_key(Line& line, Scratch& scratch, const std::string& step) {
  const std::optional<std::string> fen = line.fresh_fen();
  if (!fen) return;
  // Both asked before either is read: one round trip to a pipelined target, not two.
  const PendingKeys asked = line.request_keys();
  const PendingKeys fresh = scratch.request_keys_of(*fen, line.chess960(), line, FenForm::Written);
  const Key incremental = line.collect(asked).key;
  expect_same_key(line, step + " vs a fresh set_position of " + *fen,
                  scratch.collect(fresh, *fen, line).key, incremental);
}

namespace {
constexpr const char* BlackToMove = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
}  // namespace

SideTermRequest request_side_term(Scratch& scratch, const Line& context) {
  SideTermRequest request;
  request.white = scratch.request_keys_of(StartFen, false, context);
  request.black = scratch.request_keys_of(BlackToMove, false, context);
  return request;
}

Key collect_side_term(Scratch& scratch, const Line& context, const SideTermRequest& request) {
  const Key white_key = scratch.collect(request.white, StartFen, context).key;
  const Key black_key = scratch.collect(request.black, BlackToMove, context).key;
  if (white_key == black_key) {
    Counterexample c;
    c.route.fen = BlackToMove;
    c.ply = -1;
    c.what = "the start position has the same key with either side to move (no side term)";
    c.expected = white_key;
    c.actual = black_key;
    fail(std::move(c));
  }
  return white_key ^ black_key;
}

}  // namespace zobrist_verify::properties
