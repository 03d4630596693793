// Property 5: the en-passant term is present exactly when the target's rule says so. Under
// --move-routes-only it judges the FEN reader alone: FENs with and without the square.
#include <optional>

#include <rapidcheck.h>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

const char* rule_name(EnPassantRule rule) {
  return to_string(rule);
}

// Checks the position the line stands in (its en-passant square set): the term in a fresh
// instance's key is present exactly when the rule says so, and the incremental key agrees.
void check_en_passant_term(const PropertyContext& context, Line& line, Scratch& scratch,
                           const std::string& label) {
  const Position& pos = line.position();
  const std::string fen = line.fen();
  const std::string fen_without = with_en_passant(fen, "-");
  const std::string square = square_name(pos.ep_square());
  // Every key this check reads is asked for first: one round trip to a pipelined target.
  // Under --move-routes-only the line's key is not compared with a FEN's.
  const std::optional<std::string> fresh =
      context.move_routes_only ? std::nullopt : line.fresh_fen();
  const PendingKeys asked_with = scratch.request_keys_of(fen, line.chess960(), line);
  const PendingKeys asked_without = scratch.request_keys_of(fen_without, line.chess960(), line);
  const std::optional<PendingKeys> asked_line =
      fresh ? std::optional<PendingKeys>(line.request_keys()) : std::nullopt;
  const Key with = scratch.collect(asked_with, fen, line).key;
  const Key without = scratch.collect(asked_without, fen_without, line).key;
  // The two keys are of FENs: judged under the FEN rule (a split target's differs).
  const EnPassantRule rule = rule_on_route(context.target, Route{fen, line.chess960(), {}});
  const bool expected = en_passant_term_applies(pos, rule);
  const bool present = with != without;
  if (present != expected) {
    const std::string pseudo =
        en_passant_term_applies(pos, EnPassantRule::PseudoLegal)
            ? (pos.en_passant_capture_legal() ? "a legal capture" : "only an illegal capture")
            : "no capture";
    const std::string what =
        std::string("en-passant term on ") + square + " is " + (present ? "present" : "absent") +
        " but the " + rule_name(rule) + " rule says it is " + (expected ? "present" : "absent") +
        " (" + pseudo + ", " + label + "; key of " + fen + " vs the same FEN without the square)";
    const ComparedPosition with_square{{fen, line.chess960(), {}}, with};
    const ComparedPosition without_square{{fen_without, line.chess960(), {}}, without};
    if (expected) fail(line.different_keys(what, with_square, without_square));
    Counterexample c = line.counterexample(what, without, with);
    c.positions = {without_square, with_square};
    fail(std::move(c));
  }
  // The line's own key, reached by the push, under the move rule: that of the FEN with the square
  // or without it, whichever the FEN rule keys alike (the FEN itself unless the target splits).
  if (!asked_line) return;
  expect_same_key(line, "after the double push vs a fresh set_position of " + *fresh,
                  *fresh == fen ? with : without, line.collect(*asked_line).key);
}

}  // namespace

void en_passant(const PropertyContext& context) {
  tag_fen_reader_row(context, "en-passant");
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const int source = *rc::gen::resize(100, rc::gen::inRange(0, 100));
  if (source < 40) {
    const std::span<const DesignedDoublePush> pushes = designed_double_pushes();
    const unsigned count = 2 * unsigned(pushes.size());
    const unsigned index = *rc::gen::resize(100, rc::gen::inRange(0u, count));
    const DesignedDoublePush& push = pushes[index / 2];
    const bool mirrored = index % 2;
    std::string move = push.move;
    if (mirrored) {
      move[1] = char('1' + ('8' - move[1]));
      move[3] = char('1' + ('8' - move[3]));
    }
    line.start(mirrored ? mirror_fen(push.fen) : std::string(push.fen), false);
    line.play(move);
    tag_case(push.label);
    check_en_passant_term(context, line, scratch, push.label);
    // The next move (a null move where possible) must drop the term again.
    const MoveList legal = legal_moves(line.position());
    if (legal.empty()) return;
    line.play(context.caps.null_move && !line.position().checkers() ? std::string("0000")
                                                                    : move_to_uci(legal[0], false));
    if (!context.move_routes_only)
      expect_fresh_key(line, scratch, "after the move that follows the double push");
    return;
  }
  const PlayedGame game = generate_game(context);
  line.start(game.route.fen, game.route.chess960);
  bool previous_had_square = line.position().ep_square() != NoSquare;
  if (previous_had_square) check_en_passant_term(context, line, scratch, "from the FEN");
  for (const std::string& uci : game.route.moves) {
    line.play(uci);
    const bool has_square = line.position().ep_square() != NoSquare;
    if (has_square)
      check_en_passant_term(context, line, scratch, "in a generated game");
    else if (previous_had_square && !context.move_routes_only)
      expect_fresh_key(line, scratch, "after the move that follows a double push");
    previous_had_square = has_square;
  }
}

}  // namespace zobrist_verify::properties
