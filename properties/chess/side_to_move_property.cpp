// Property 7: the side-to-move term, derived black-box from the target's own keys of FENs that
// differ in the side to move only, and played as null moves.
#include <optional>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/core/hex.h"

namespace zobrist_verify::properties {

void side_to_move(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const SideTermRequest side_request = request_side_term(scratch, line);
  Line probe(context.target, context.caps);
  line.start(game.route.fen, game.route.chess960);
  const bool chess960 = game.route.chess960;
  // Every key of the game is asked for first (a pipelined target answers them in one stream),
  // then checked ply by ply: the position's key, the same FEN without its en-passant square,
  // with it, and with the other side to move (when that is a legal position). The side term is
  // only ever compared between FENs with one halfmove clock: a null move raises the clock, and
  // a key may fold the clock in (Stockfish's does from 14 on; a black box may at any ply), so a
  // null move is checked against the target's own key of the FEN after it.
  struct Ply {
    std::string fen, no_square, flipped;
    bool in_check = false;
    PendingKeys key, without_square, with_square;
    std::optional<PendingKeys> flipped_key;
  };
  std::vector<Ply> plies;
  for (std::size_t ply = 0;; ++ply) {
    Ply p;
    p.fen = line.fen();
    p.no_square = with_en_passant(p.fen, "-");
    p.flipped = with_side(p.no_square, ~line.position().side_to_move());
    p.in_check = line.position().checkers() != 0;
    p.key = line.request_keys();
    p.without_square = scratch.request_keys_of(p.no_square, chess960, line);
    p.with_square = scratch.request_keys_of(p.fen, chess960, line);
    if (fen_is_valid(p.flipped, chess960))
      p.flipped_key = scratch.request_keys_of(p.flipped, chess960, line);
    plies.push_back(std::move(p));
    if (ply == game.route.moves.size()) break;
    line.play(game.route.moves[ply]);
  }
  const Key side_term = collect_side_term(scratch, line, side_request);
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Ply& p = plies[i];
    const int at = p.key.ply;
    const Key key = line.collect(p.key).key;
    const Key without_square = scratch.collect(p.without_square, p.no_square, line).key;
    const Key fresh = scratch.collect(p.with_square, p.fen, line).key;
    if (i > 0 && game.route.moves[i - 1] == "0000" && key != fresh)
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
    if (context.caps.null_move && !p.in_check) {
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
