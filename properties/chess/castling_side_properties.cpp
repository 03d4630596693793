// Properties 6 and 7: the castling term and the side-to-move term, both derived black-box from the
// target's own keys of FENs that differ in that field only.
#include <cstdlib>
#include <optional>

#include <rapidcheck.h>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

namespace {

constexpr CastlingRights SingleRights[] = {WhiteOO, WhiteOOO, BlackOO, BlackOOO};

const char* right_name(CastlingRights cr) {
  switch (cr) {
    case WhiteOO:
      return "White O-O";
    case WhiteOOO:
      return "White O-O-O";
    case BlackOO:
      return "Black O-O";
    case BlackOOO:
      return "Black O-O-O";
    default:
      return "?";
  }
}

// Each right the position holds has its own non-zero term, unlike the others' and the side's:
// castling[rights] ^ castling[rights without r], read from the target as the key difference of
// two FENs that differ only in the castling field.
void check_single_rights(const Line& line, Scratch& scratch, Key side_term) {
  const Position& pos = line.position();
  const CastlingRights rights = pos.castling_rights();
  if (!rights) return;
  const std::string fen = line.fen();
  const Key full = scratch.key_of(fen, line.chess960(), line);
  struct Term {
    CastlingRights right;
    Key term;
    std::string fen_without;
  };
  std::vector<Term> terms;
  for (CastlingRights r : SingleRights) {
    if (!(rights & r)) continue;
    const std::string without =
        with_castling(fen, castling_field(pos, CastlingRights(rights & ~r)));
    const Key reduced = scratch.key_of(without, line.chess960(), line);
    const Key term = full ^ reduced;
    const std::string name = right_name(r);
    const ComparedPosition with_right{{fen, line.chess960(), {}}, full};
    const ComparedPosition without_right{{without, line.chess960(), {}}, reduced};
    if (term == 0)
      fail(line.different_keys("dropping the " + name + " right from " + fen +
                                   " leaves the key unchanged (keys must differ)",
                               with_right, without_right));
    if (term == side_term)
      fail(line.different_keys("dropping the " + name + " right from " + fen +
                                   " changes the key by the side-to-move term " + hex(side_term) +
                                   " (the castling and side terms must differ)",
                               with_right, without_right));
    for (const auto& [other, other_term, other_fen] : terms)
      if (other_term == term)
        fail(line.different_keys(
            "the " + name + " and " + right_name(other) + " castling terms of " + fen +
                " are equal, so dropping either right gives one key "
                "(must differ)",
            ComparedPosition{{other_fen, line.chess960(), {}}, full ^ other_term}, without_right));
    terms.push_back({r, term, without});
  }
}

}  // namespace

void castling(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const Key side_term = derived_side_term(scratch, line);
  line.start(game.route.fen, game.route.chess960);
  check_single_rights(line, scratch, side_term);
  Line reduced_line(context.target, context.caps);  // replays single moves from reduced rights
  CastlingRights lost = NoCastling;
  for (const std::string& uci : game.route.moves) {
    const CastlingRights old_rights = line.position().castling_rights();
    const std::string before = line.fen();
    const bool castles = uci != "0000" && [&] {
      const Square from = Square((uci[1] - '1') * 8 + (uci[0] - 'a'));
      const Square to = Square((uci[3] - '1') * 8 + (uci[2] - 'a'));
      const Piece pc = line.position().piece_on(from);
      return type_of(pc) == King &&
             (line.position().piece_on(to) == make_piece(color_of(pc), Rook) ||
              std::abs(int(file_of(to)) - int(file_of(from))) == 2);
    }();
    line.play(uci);
    const CastlingRights new_rights = line.position().castling_rights();
    if (new_rights & ~old_rights)
      fail(line.counterexample("reference: castling rights reappeared", 0, 0));
    const Key after = line.keys().key;
    expect_same_key(line, "after a move vs a fresh set_position of " + line.fen(),
                    scratch.key_of(line.fen(), game.route.chess960, line), after);
    if (new_rights == old_rights) continue;
    lost = CastlingRights(lost | (old_rights & ~new_rights));
    tag_case("castling rights changed");

    // castling[old] ^ castling[new], black-box: the same position before the move with the old
    // rights and with the new ones.
    Game replayed;
    (void)replayed.set(before, polyglot_scheme(), FenOptions{game.route.chess960});
    const std::string reduced =
        with_castling(before, castling_field(replayed.position(), new_rights));
    const Key old_key = scratch.key_of(before, game.route.chess960, line);
    const Key new_key = scratch.key_of(reduced, game.route.chess960, line);
    if (old_key == new_key)
      fail(line.different_keys("castling[old] ^ castling[new] is 0: " + before + " and " + reduced +
                                   " have the same key (keys must differ)",
                               {{before, game.route.chess960, {}}, old_key},
                               {{reduced, game.route.chess960, {}}, new_key}));
    check_single_rights(line, scratch, side_term);
    if (castles) continue;  // without the castling right the move itself would be illegal
    // The move changes the castling term by exactly that difference: played from the position
    // that never had the lost rights, it reaches the same key.
    reduced_line.start(reduced, game.route.chess960);
    reduced_line.play(uci);
    expect_same_key(line,
                    "after " + uci + " from the rights of " + before + " vs from " + reduced +
                        " (the castling term did not change by castling[old] ^ castling[new])",
                    reduced_line.keys().key, after);
  }
  if (!lost) return;
  // Lost rights never come back, even where king and rook stand on their squares again.
  const Position& pos = line.position();
  for (CastlingRights r : SingleRights) {
    if (!(lost & r)) continue;
    const std::string restored =
        with_castling(line.fen(), castling_field(pos, CastlingRights(pos.castling_rights() | r)));
    // Kept only when valid, and in the same kind of game: an X-FEN letter for a rook that left
    // its corner would make a standard game Chess960, which a standard-only target never gets.
    Game restored_game;
    if (!restored_game.set(restored, polyglot_scheme(), FenOptions{game.route.chess960}).empty() ||
        restored_game.position().is_chess960() != game.route.chess960)
      continue;
    tag_case("lost right could be restored");
    const Key with_right = scratch.key_of(restored, game.route.chess960, line);
    if (with_right == line.keys().key)
      fail(line.different_keys(
          "the lost " + std::string(right_name(r)) + " right reappeared: the key equals that of " +
              restored + " (keys must differ)",
          line.compared(line.keys().key), {{restored, game.route.chess960, {}}, with_right}));
  }
}

void side_to_move(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const Key side_term = derived_side_term(scratch, line);
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
                                        " changes the key by " + hex(difference) +
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
