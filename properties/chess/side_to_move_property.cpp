// Property 7: the side-to-move term, derived black-box from the target's own keys of FENs that
// differ in the side to move only, and played as null moves. Under --move-routes-only the FENs
// judge the FEN reader, and the game's null moves the key along the game, by the term a null move
// at the start gives.
#include <optional>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/core/hex.h"

namespace zobrist_verify::properties {

namespace {

// Under --move-routes-only: the side term as a null move at the game's start gives it, on an
// instance of its own (key after ^ key before), for the null moves of the game to be judged by.
// Nothing when the target has no null move, its key may depend on the clock a null move raises,
// or the start gives check or has an en-passant term, which the null move would drop too.
std::optional<Key> null_move_term(const PropertyContext& context, Line& probe, const Line& line) {
  const Position& start = line.position();
  if (!context.move_routes_only || !context.caps.null_move || context.target.halfmove_dependent ||
      start.checkers() ||
      en_passant_term_applies(start, rule_on_route(context.target, line.route())))
    return std::nullopt;
  probe.start(line.start_fen(), line.chess960());
  const Key before = probe.keys().key;
  probe.play("0000");
  const Key after = probe.keys().key;
  if (before == after)
    fail(probe.different_keys(
        "a null move at the start leaves the key unchanged (keys must differ)",
        {{line.start_fen(), line.chess960(), {}}, before}, probe.compared(after)));
  tag_case("null moves judged by the side term of a null move at the start");
  return before ^ after;
}

// One position of the game, with every key its checks read asked for.
struct Ply {
  std::string fen, no_square, flipped;
  bool in_check = false;
  bool en_passant_term = false;  // as reached: the null move after it would drop it too
  PendingKeys key, without_square, with_square;
  std::optional<PendingKeys> flipped_key;
};

// Every key of the game is asked for first (a pipelined target answers them in one stream),
// then checked ply by ply: the position's key, the same FEN without its en-passant square,
// with it, and with the other side to move (when that is a legal position). The side term is
// only ever compared between FENs with one halfmove clock: a null move raises the clock, and
// a key may fold the clock in (Stockfish's does from 14 on; a black box may at any ply), so a
// null move is checked against the target's own key of the FEN after it.
std::vector<Ply> ask_plies(const PropertyContext& context, const PlayedGame& game, Line& line,
                           Scratch& scratch) {
  const bool chess960 = game.route.chess960;
  std::vector<Ply> plies;
  for (std::size_t ply = 0;; ++ply) {
    Ply p;
    p.fen = line.fen();
    p.no_square = with_en_passant(p.fen, "-");
    p.flipped = with_side(p.no_square, ~line.position().side_to_move());
    p.in_check = line.position().checkers() != 0;
    p.en_passant_term =
        en_passant_term_applies(line.position(), rule_on_route(context.target, line.route()));
    p.key = line.request_keys();
    p.without_square = scratch.request_keys_of(p.no_square, chess960, line);
    p.with_square = scratch.request_keys_of(p.fen, chess960, line);
    if (fen_is_valid(p.flipped, chess960))
      p.flipped_key = scratch.request_keys_of(p.flipped, chess960, line);
    plies.push_back(std::move(p));
    if (ply == game.route.moves.size()) break;
    line.play(game.route.moves[ply]);
  }
  return plies;
}

}  // namespace

void side_to_move(const PropertyContext& context) {
  tag_fen_reader_row(context, "side-to-move");
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const SideTermRequest side_request = request_side_term(scratch, line);
  Line probe(context.target, context.caps);
  line.start(game.route.fen, game.route.chess960);
  const bool chess960 = game.route.chess960;
  // Under --move-routes-only the game's null moves are judged by the term a null move at the start
  // gives (null_move_term), not against FENs; the FENs with either side judge the FEN reader.
  const std::optional<Key> null_term = null_move_term(context, probe, line);
  const std::vector<Ply> plies = ask_plies(context, game, line, scratch);
  const Key side_term = collect_side_term(scratch, line, side_request);
  Key previous = 0;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Ply& p = plies[i];
    const int at = p.key.ply;
    const Key key = line.collect(p.key).key;
    const Key without_square = scratch.collect(p.without_square, p.no_square, line).key;
    const Key fresh = scratch.collect(p.with_square, p.fen, line).key;
    const bool after_null = i > 0 && game.route.moves[i - 1] == "0000";
    if (after_null && null_term && !plies[i - 1].en_passant_term && (key ^ previous) != *null_term)
      fail(line.counterexample_at(at,
                                  "a null move in the game changes the key by " +
                                      hex_key_literal(key ^ previous) +
                                      ", not by the side term a null move at the start gives",
                                  previous ^ *null_term, key));
    previous = key;
    if (after_null && !context.move_routes_only && key != fresh)
      fail(line.counterexample_at(at,
                                  "after a null move in the game vs a fresh set_position of " +
                                      p.fen + " (side flipped, en passant cleared, clock + 1)",
                                  fresh, key));
    if (p.flipped_key) {
      const Key difference = without_square ^ scratch.collect(*p.flipped_key, p.flipped, line).key;
      if (difference != side_term)
        fail(line.counterexample_at(at,
                                    "flipping the side to move in " + p.no_square +
                                        " changes the key by " + hex_key_literal(difference) +
                                        ", not by the side term",
                                    side_term, difference));
    }
    // A null move from a second instance set to this position.
    if (context.caps.null_move && !p.in_check && !context.move_routes_only) {
      probe.start(p.fen, chess960);
      probe.play("0000");
      const std::string after = probe.fen();
      expect_same_key(probe,
                      "after a null move vs a fresh set_position of " + after +
                          " (side flipped, en passant cleared, clock + 1)",
                      scratch.key_of(after, chess960, probe), probe.keys().key);
    }
  }
}

}  // namespace zobrist_verify::properties
