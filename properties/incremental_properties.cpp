// Properties 1 and 2: the incremental keys against the from-scratch keys, and make/unmake.
#include <rapidcheck.h>

#include "property_definitions.h"

namespace zobrist_verify::properties {

PlayedGame generate_game(const PropertyContext& context, int max_plies) {
  const GameRecipe recipe = *gen_game_recipe(max_plies);
  PlayedGame game = play_recipe(recipe, context.limits);
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

Key derived_side_term(Scratch& scratch, const Line& context) {
  const std::string black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
  const Key white_key = scratch.key_of(StartFen, false, context);
  const Key black_key = scratch.key_of(black, false, context);
  if (white_key == black_key) {
    Counterexample c;
    c.start_fen = black;
    c.ply = -1;
    c.what = "the start position has the same key with either side to move (no side term)";
    c.expected = white_key;
    c.actual = black_key;
    fail(std::move(c));
  }
  return white_key ^ black_key;
}

void incremental_equals_full(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  line.start(game.start_fen, game.chess960);
  // Every key of the game is asked for before any is read (a pipelined target answers them in
  // one stream), then the comparisons run in the order of the plies.
  struct Ply {
    PendingKeys incremental, fresh;
    std::string fen;
    TargetKeys exact;
  };
  std::vector<Ply> plies;
  plies.reserve(game.moves.size() + 1);
  auto request = [&] {
    const std::string fen = line.fen();
    PendingKeys incremental = line.request_keys();
    plies.push_back({incremental, scratch.request_keys_of(fen, game.chess960, line), fen,
                     line.exact_keys()});
  };
  request();
  for (const std::string& uci : game.moves) {
    line.play(uci);
    request();
  }
  for (const Ply& p : plies) {
    const TargetKeys incremental = line.collect(p.incremental);
    const TargetKeys fresh = scratch.collect(p.fresh, p.fen, line);
    const int ply = p.incremental.ply;
    // At the start the exact keys are checked first: a wrong start key explains the rest.
    if (ply < 0) line.check_exact(incremental, p.exact, ply);
    const std::string what = ply < 0 ? "after set_position vs a second instance's set_position"
                                     : "after make_move vs a fresh set_position of " + p.fen;
    auto expect = [&](const std::string& which, Key want, Key got) {
      if (want != got) fail(line.counterexample_at(ply, which + what, want, got));
    };
    expect("key: ", fresh.key, incremental.key);
    if (context.caps.pawn_key) expect("pawn key: ", fresh.pawn_key, incremental.pawn_key);
    if (context.caps.material_key)
      expect("material key: ", fresh.material_key, incremental.material_key);
    if (ply >= 0) line.check_exact(incremental, p.exact, ply);
  }
}

void reversibility(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  line.start(game.start_fen, game.chess960);
  std::vector<TargetKeys> before, after;
  for (const std::string& uci : game.moves) {
    const TargetKeys keys = line.keys();
    const std::string fen = line.fen();
    before.push_back(keys);
    line.play(uci);
    const TargetKeys played = line.keys();
    line.unmake();
    // The counterexample shows the move that was made and taken back.
    Counterexample c = line.counterexample("", 0, 0);
    c.moves.push_back(uci);
    c.ply = int(c.moves.size()) - 1;
    const TargetKeys restored = line.keys();
    auto expect = [&](const char* which, Key want, Key got) {
      if (want == got) return;
      c.what = std::string(which) + " after make_move(" + uci + ") and unmake_move vs before";
      c.expected = want;
      c.actual = got;
      fail(c);
    };
    expect("key", keys.key, restored.key);
    if (context.caps.pawn_key) expect("pawn key", keys.pawn_key, restored.pawn_key);
    if (context.caps.material_key) expect("material key", keys.material_key, restored.material_key);
    // The reference restores its whole state; check() recomputes every derived field.
    if (const CheckReport report = line.position().check(); !report.ok() || line.fen() != fen) {
      c.what = "reference after make/unmake: " + report.to_string() + " FEN " + line.fen() +
               " vs " + fen;
      fail(c);
    }
    line.play(uci);
    after.push_back(played);
  }
  // Unwind to the start, then replay: stale state left by unmake shows up in later keys.
  const int plies = int(game.moves.size());
  for (int i = plies - 1; i >= 0; --i) {
    line.unmake();
    const TargetKeys keys = line.keys();
    if (keys.key != before[i].key ||
        (context.caps.pawn_key && keys.pawn_key != before[i].pawn_key) ||
        (context.caps.material_key && keys.material_key != before[i].material_key)) {
      Counterexample c = line.counterexample("", before[i].key, keys.key);
      c.moves = game.moves;
      c.ply = i;
      c.what = "keys after unmaking every move back to ply " + std::to_string(i) +
               " vs the keys seen on the way in";
      fail(c);
    }
  }
  for (int i = 0; i < plies; ++i) {
    line.play(game.moves[i]);
    const TargetKeys keys = line.keys();
    expect_same_keys(line, "replaying the game after unmaking it all vs the first time", after[i],
                     keys);
  }
}

}  // namespace zobrist_verify::properties
