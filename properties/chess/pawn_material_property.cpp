// Property 8: the pawn key depends on the pawns only; the material key on the piece counts only.
// Each position of a generated game is rebuilt with the same pawns (or counts) and everything
// else moved, and with one pawn (or one count) changed. Under --move-routes-only those FENs judge
// the FEN reader, and the keys along the game are judged across each move instead of against a
// fresh set_position: unchanged by a move that leaves the pawns (the counts) as they were,
// changed by one that does not.
#include <array>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "chess/built_positions.h"
#include "chess/position_tools.h"
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

namespace {

constexpr int Attempts = 24;

// Keeps the pawns where they are and scatters every other piece (kings included) anew, sometimes
// dropping or adding one.
std::optional<std::string> same_pawns(const Board& original, Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    std::vector<Piece> others;
    for (Square s = A1; s < SquareCount; ++s) {
      if (type_of(original[s]) == Pawn)
        board[s] = original[s];
      else if (original[s] != NoPiece)
        others.push_back(original[s]);
    }
    if (rng.chance(30)) {
      // One draw a statement: the order of a call's arguments is the compiler's choice, and a
      // case must draw the same position whichever compiler built the tool.
      const Color color = Color(rng.below(2));
      others.push_back(make_piece(color, PieceType(Knight + rng.below(4))));
    }
    for (Piece pc : others) {
      if (type_of(pc) != King && rng.chance(10)) continue;
      board[random_empty(board, rng, false)] = pc;
    }
    if (auto fen = some_fen(board, rng)) return fen;
  }
  return std::nullopt;
}

// Moves one pawn to another square, removes it, or adds one when there are none.
std::optional<std::string> one_pawn_changed(const Board& original, Choices& rng) {
  std::vector<Square> pawns;
  for (Square s = A1; s < SquareCount; ++s)
    if (type_of(original[s]) == Pawn) pawns.push_back(s);
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board = original;
    if (pawns.empty()) {
      board[random_empty(board, rng, true)] = make_piece(Color(rng.below(2)), Pawn);
    } else {
      const Square from = pawns[rng.below(unsigned(pawns.size()))];
      const Piece pawn = board[from];
      board[from] = NoPiece;
      if (rng.chance(70)) {
        board[from] = WhiteKing;  // keeps the pawn off the square it came from
        board[random_empty(board, rng, true)] = pawn;
        board[from] = NoPiece;
      }
    }
    if (auto fen = some_fen(board, rng)) return fen;
  }
  return std::nullopt;
}

// Every piece on a new square (pawns off the back ranks): the same counts.
std::optional<std::string> same_counts(const Board& original, Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    for (Square s = A1; s < SquareCount; ++s)
      if (original[s] != NoPiece)
        board[random_empty(board, rng, type_of(original[s]) == Pawn)] = original[s];
    if (auto fen = some_fen(board, rng)) return fen;
  }
  return std::nullopt;
}

// One piece other than a king removed, or turned into another type: different counts.
std::optional<std::string> one_count_changed(const Board& original, Choices& rng) {
  std::vector<Square> pieces;
  for (Square s = A1; s < SquareCount; ++s)
    if (original[s] != NoPiece && type_of(original[s]) != King) pieces.push_back(s);
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board = original;
    if (pieces.empty() || rng.chance(20)) {
      board[random_empty(board, rng, false)] = make_piece(Color(rng.below(2)), Queen);
    } else {
      const Square s = pieces[rng.below(unsigned(pieces.size()))];
      const Piece pc = board[s];
      if (rng.chance(50)) {
        board[s] = NoPiece;
      } else {
        // Another piece type, never a pawn (which could not stand on a back rank).
        PieceType type;
        do type = PieceType(Knight + rng.below(4));
        while (type == type_of(pc));
        board[s] = make_piece(color_of(pc), type);
      }
    }
    if (auto fen = some_fen(board, rng)) return fen;
  }
  return std::nullopt;
}

// `fen` is the line's position as the reference wrote it, and `keys` a fresh instance's keys of it.
void check_position(const PropertyContext& context, const Line& line, const std::string& fen,
                    const TargetKeys& keys, Scratch& scratch, Choices& rng) {
  const Board board = board_of(line.position());
  auto compare = [&](const std::optional<std::string>& variant, Key TargetKeys::*which,
                     bool must_equal, const std::string& how) {
    if (!variant) return;
    const Key other = scratch.keys_of(*variant, false, line).*which;
    if ((other == keys.*which) == must_equal) return;
    const std::string name = which == &TargetKeys::pawn_key ? "pawn key" : "material key";
    const std::string what = name + " of " + fen + " vs " + *variant + " (" + how + "): must " +
                             (must_equal ? "be equal" : "differ");
    const ComparedPosition first{{fen, line.chess960(), {}}, keys.*which};
    const ComparedPosition second{{*variant, false, {}}, other};
    if (!must_equal) fail(line.different_keys(what, first, second));
    Counterexample c = line.counterexample(what, keys.*which, other);
    c.positions = {first, second};
    fail(std::move(c));
  };
  if (context.caps.pawn_key) {
    compare(same_pawns(board, rng), &TargetKeys::pawn_key, true, "same pawns, other pieces moved");
    compare(one_pawn_changed(board, rng), &TargetKeys::pawn_key, false, "one pawn changed");
  }
  if (context.caps.material_key) {
    compare(same_counts(board, rng), &TargetKeys::material_key, true,
            "same piece counts, every piece moved");
    compare(one_count_changed(board, rng), &TargetKeys::material_key, false,
            "one piece count changed");
  }
}

// What the two keys are functions of: where the pawns stand, and how many of each piece.
struct Composition {
  Bitboard pawns[2] = {};
  std::array<int, 16> counts{};  // by piece code
};

Composition composition_of(const Position& pos) {
  Composition c;
  c.pawns[White] = pos.pieces(White, Pawn);
  c.pawns[Black] = pos.pieces(Black, Pawn);
  for (Piece pc : EveryPiece) c.counts[pc] = popcount(pos.pieces(color_of(pc), type_of(pc)));
  return c;
}

// Under --move-routes-only: a key across the line's last move, against the one before it: equal
// when the move changed nothing it depends on, different when it did.
void check_across_move(const Line& line, Key TargetKeys::*which, const TargetKeys& before,
                       const TargetKeys& now, bool changed) {
  if ((before.*which == now.*which) != changed) return;
  const std::string name = which == &TargetKeys::pawn_key ? "pawn key" : "material key";
  const std::string& move = line.moves().back();
  const std::string moved = which == &TargetKeys::pawn_key ? "the pawns" : "the piece counts";
  if (!changed)
    fail(line.counterexample(name + " changed by the move " + move + ", which changes neither " +
                                 moved + " nor anything else the key depends on",
                             before.*which, now.*which));
  Route before_route = line.route();
  before_route.moves.pop_back();
  fail(line.different_keys(name + " unchanged by the move " + move + ", which changes " + moved,
                           {before_route, before.*which}, line.compared(now.*which)));
}

}  // namespace

void pawn_and_material_keys(const PropertyContext& context) {
  tag_fen_reader_row(context, "pawn-and-material-keys");
  const PlayedGame game = generate_game(context, 60);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  // First the line's own keys, which draw nothing: a bug in make_move then fails the case before
  // any variant is drawn, and its counterexample shrinks over the game alone (shrinking a case
  // replays it once per drawn value; 60 positions' variants are thousands of values).
  line.start(game.route.fen, game.route.chess960);
  std::vector<std::string> fens{line.fen()};
  std::vector<TargetKeys> fresh{
      scratch.keys_of(fens.back(), line.chess960(), line, FenForm::Written)};
  // Under --move-routes-only the keys along the line are judged move by move instead.
  TargetKeys previous = context.move_routes_only ? line.keys() : TargetKeys{};
  for (const std::string& uci : game.route.moves) {
    const Composition before = composition_of(line.position());
    line.play(uci);
    // The incremental pawn and material keys follow the from-scratch ones (promotions, captures).
    // The position is written once, and its fresh keys serve the variants' comparisons too.
    const TargetKeys incremental = line.keys();
    fens.push_back(line.fen());
    const std::string& fen = fens.back();
    const TargetKeys& full =
        fresh.emplace_back(scratch.keys_of(fen, line.chess960(), line, FenForm::Written));
    if (context.move_routes_only) {
      const Composition now = composition_of(line.position());
      if (context.caps.pawn_key)
        check_across_move(
            line, &TargetKeys::pawn_key, previous, incremental,
            before.pawns[White] != now.pawns[White] || before.pawns[Black] != now.pawns[Black]);
      if (context.caps.material_key)
        check_across_move(line, &TargetKeys::material_key, previous, incremental,
                          before.counts != now.counts);
      previous = incremental;
    } else {
      if (context.caps.pawn_key && full.pawn_key != incremental.pawn_key)
        expect_same_key(line, "pawn key after make_move vs a fresh set_position of " + fen,
                        full.pawn_key, incremental.pawn_key);
      if (context.caps.material_key && full.material_key != incremental.material_key)
        expect_same_key(line, "material key after make_move vs a fresh set_position of " + fen,
                        full.material_key, incremental.material_key);
    }
  }
  // Then each position of the line against its drawn variants, the line played again to it.
  Choices rng;
  line.start(game.route.fen, game.route.chess960);
  check_position(context, line, fens[0], fresh[0], scratch, rng);
  for (std::size_t i = 0; i < game.route.moves.size(); ++i) {
    line.play(game.route.moves[i]);
    check_position(context, line, fens[i + 1], fresh[i + 1], scratch, rng);
  }
}

}  // namespace zobrist_verify::properties
