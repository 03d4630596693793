// Property 6: the castling term, derived black-box from the target's own keys of FENs that differ
// in the castling field only.
#include <cstdlib>
#include <optional>

#include <rapidcheck.h>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/core/hex.h"

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
                                   " changes the key by the side-to-move term " +
                                   hex_key_literal(side_term) +
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
    expect_fresh_key(line, scratch, "after a move");
    if (new_rights == old_rights) continue;
    const Key after = line.keys().key;
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

}  // namespace zobrist_verify::properties
