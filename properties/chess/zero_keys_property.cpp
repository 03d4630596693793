// Property 9: no key is 0. A random 64-bit key is 0 with probability 2^-64, and 0 is what an
// empty slot of a zero-initialised table holds, so a position keyed 0 "hits" an empty entry.
// Stockfish's PR #887 (2016) fixed a pawn key that was 0 in every pawnless position: both key
// paths agreed on it, so only a check for the zero itself catches it.
//
// Checked on every ply of a generated game and on positions built for the degenerate cases: bare
// kings, one piece besides the kings, pawnless boards, and a capture or promotion that takes the
// last piece of a kind off the board (from scratch before and after it, and incrementally). The
// main key is never 0. A pawn key of 0 in a pawnless position, or a material key of 0 with bare
// kings, is the convention of many correct engines (Polyglot's and Rustic's tables have no
// no-pawns key): a warning, unless the expected scheme gives that key a non-zero value.
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <rapidcheck.h>

#include "chess/built_positions.h"
#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

constexpr const char* OneIn2To64 = "a random 64-bit key is 0 with probability 2^-64";

// Keys read from one position, and what the checks need to know of it.
struct Reading {
  PendingKeys pending;
  ComparedPosition position;  // how the target reached it; the key is filled in on a failure
  std::string fen;
  int pieces = 0;
  bool pawnless = false;
  TargetKeys exact;  // the expected scheme's keys (zeros without one)
};

Reading reading_of(Line& line, PendingKeys pending) {
  const Position& pos = line.position();
  return {std::move(pending),     line.compared(0),      line.fen(),
          popcount(pos.pieces()), pos.pieces(Pawn) == 0, line.exact_keys()};
}

Counterexample at(const Reading& r, std::string what) {
  Counterexample c;
  c.route = r.position.route;
  c.ply = int(c.route.moves.size()) - 1;
  c.what = std::move(what);
  return c;
}

// A key that is 0 where nothing excuses it: the position, with its route and the key.
[[noreturn]] void fail_zero(const Reading& r, std::string what) {
  Counterexample c = at(r, std::move(what));
  c.comparison = Comparison::NoKeys;
  c.positions = {r.position};
  c.positions.front().key = 0;
  fail(std::move(c));
}

// A key of 0 where the expected scheme has another.
[[noreturn]] void fail_against_scheme(const Reading& r, std::string what, Key expected) {
  Counterexample c = at(r, std::move(what));
  c.expected = expected;
  c.actual = 0;
  fail(std::move(c));
}

// The pawn key and the material key may be 0 by a common convention where they have nothing to
// hash: no pawns; bare kings, for an engine that leaves the kings out of its material key.
struct KeyPart {
  const char* name;  // "pawn key"
  Key TargetKeys::*key;
  const char* contents;  // what a position with something to hash holds: "pawns"
  const char* empty;     // a position with nothing to hash: "a pawnless position"
  const char* harm;      // what a 0 the expected scheme does not have breaks
  FindingKind finding;
  bool Target::*compared;  // whether the expected scheme's is compared (the scheme defines it)
};

constexpr KeyPart PawnKey{
    "pawn key",
    &TargetKeys::pawn_key,
    "pawns",
    "a pawnless position",
    "a pawn table that uses 0 as an empty slot takes every pawnless position for a hit "
    "(Stockfish PR #887)",
    {"the pawn key is 0", "pawnless", "harmful if your pawn table uses 0 as an empty slot"},
    &Target::exact_pawn_key};
constexpr KeyPart MaterialKey{
    "material key",
    &TargetKeys::material_key,
    "pieces besides the kings",
    "bare kings",
    "a material table that uses 0 as an empty slot takes every bare-king position for a hit",
    {"the material key is 0", "bare-king",
     "harmful if your material table uses 0 as an empty slot"},
    &Target::exact_material_key};

// A zero is a failure where the expected scheme's key is not 0, or where there is something to
// hash (2^-64); else it is counted, and a warning if the property passes.
void check_part(const KeyPart& part, const Reading& r, const TargetKeys& keys, bool empty,
                const Target& target) {
  const Key key = keys.*part.key, exact = r.exact.*part.key;
  const std::string zero = std::string("the ") + part.name + " is 0 in " + r.fen;
  if (key == 0 && exact != 0 && target.*part.compared) {
    const std::string where = ", where the " + target.expected_scheme->name + " scheme's is not";
    fail_against_scheme(
        r, empty ? zero + ", " + part.empty + where + ": " + part.harm : zero + where, exact);
  }
  if (key == 0 && !empty) fail_zero(r, zero + ", which has " + part.contents + ": " + OneIn2To64);
  if (empty) count_finding(part.finding, key == 0, r.fen, r.pieces);
}

void check(const PropertyContext& context, const Reading& r, const TargetKeys& keys) {
  if (keys.key == 0)
    fail_zero(r, "the key is 0 in " + r.fen + ": " + OneIn2To64 +
                     ", and 0 is what an empty slot of a zero-initialised transposition table "
                     "holds");
  if (context.caps.pawn_key) check_part(PawnKey, r, keys, r.pawnless, context.target);
  if (context.caps.material_key) check_part(MaterialKey, r, keys, r.pieces == 2, context.target);
}

// Every ply of a generated game; the keys are all asked for before any is read, so that a
// pipelined target answers the line in one stream.
void check_game(const PropertyContext& context, Line& line) {
  const PlayedGame game = generate_game(context, 60);
  line.start(game.route.fen, game.route.chess960);
  std::vector<Reading> readings;
  readings.push_back(reading_of(line, line.request_keys()));
  for (const std::string& uci : game.route.moves) {
    line.play(uci);
    readings.push_back(reading_of(line, line.request_keys()));
  }
  for (const Reading& r : readings) check(context, r, line.collect(r.pending));
}

// Built positions: a few pieces placed at random, kept when the strict FEN reader accepts them.

constexpr int Attempts = 32;
constexpr PieceType Kinds[] = {Pawn, Knight, Bishop, Rook, Queen};
constexpr const char* KindNames[] = {"pawn", "knight", "bishop", "rook", "queen"};

bool pawn_rank(Square s) {
  return rank_of(s) != Rank1 && rank_of(s) != Rank8;
}

Bitboard empty_squares(const Board& board, bool for_pawn) {
  Bitboard squares = 0;
  for (Square s = A1; s < SquareCount; ++s)
    if (board[s] == NoPiece && (!for_pawn || pawn_rank(s))) squares |= square_bb(s);
  return squares;
}

Bitboard occupied(const Board& board) {
  return ~empty_squares(board, false);
}

// A random square of `squares`, or NoSquare when there is none.
Square pick(Bitboard squares, Choices& rng) {
  const int n = popcount(squares);
  if (n == 0) return NoSquare;
  for (unsigned skip = rng.below(unsigned(n)); skip > 0; --skip) pop_lsb(squares);
  return lsb(squares);
}

Piece random_piece(Choices& rng, bool pawns) {
  const PieceType type = pawns ? Kinds[rng.below(5)] : Kinds[1 + rng.below(4)];
  return make_piece(Color(rng.below(2)), type);
}

// Puts `piece` on an empty square of `allowed` (off the back ranks for a pawn); NoSquare when
// there is none.
Square put(Board& board, Piece piece, Bitboard allowed, Choices& rng) {
  const Square s = pick(empty_squares(board, type_of(piece) == Pawn) & allowed, rng);
  if (s != NoSquare) board[s] = piece;
  return s;
}

// Both kings, not next to each other; the king of `first` on a square of `allowed`.
bool put_kings(Board& board, Choices& rng, Color first = White, Bitboard allowed = ~Bitboard(0)) {
  const Square king = put(board, make_piece(first, King), allowed, rng);
  return king != NoSquare &&
         put(board, make_piece(~first, King), ~king_attacks(king), rng) != NoSquare;
}

// Puts up to `count` pieces anywhere (pawns only with `pawns`); false when the board is full.
bool put_others(Board& board, Choices& rng, unsigned count, bool pawns, Piece never = NoPiece) {
  for (; count > 0; --count) {
    Piece piece = random_piece(rng, pawns);
    if (piece == never) piece = make_piece(~color_of(never), type_of(never));
    if (put(board, piece, ~Bitboard(0), rng) == NoSquare) return false;
  }
  return true;
}

// A valid FEN of `board` with `side` to move, or with either side (the other when the first is
// invalid); no castling, no en passant.
std::optional<std::string> valid_fen(const Board& board, Choices& rng,
                                     std::optional<Color> side = std::nullopt) {
  const Color first = side ? *side : Color(rng.below(2));
  for (Color c : {first, ~first}) {
    const std::string fen = join_fen({placement_field(board), c == White ? "w" : "b", "-", "-"});
    if (fen_is_valid(fen)) return fen;
    if (side) break;
  }
  return std::nullopt;
}

// A legal move of `fen` that `wanted` accepts, picked at random.
std::optional<std::string> pick_move(const std::string& fen, Choices& rng,
                                     const std::function<bool(Move)>& wanted) {
  Game game;
  if (!game.set(fen, polyglot_scheme()).empty()) return std::nullopt;
  std::vector<Move> moves;
  for (Move m : legal_moves(game.position()))
    if (wanted(m)) moves.push_back(m);
  if (moves.empty()) return std::nullopt;
  return move_to_uci(game.position(), moves[rng.below(unsigned(moves.size()))]);
}

struct Built {
  std::string label;  // the kind of case, for the run's mix
  std::string fen;
  std::string move;  // the move that takes the last piece of a kind off the board, or none
};

std::optional<Built> bare_kings(Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    if (!put_kings(board, rng)) continue;
    if (auto fen = valid_fen(board, rng)) return Built{"bare kings", *fen, ""};
  }
  return std::nullopt;
}

std::optional<Built> one_piece(Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    if (!put_kings(board, rng) || !put_others(board, rng, 1, true)) continue;
    if (auto fen = valid_fen(board, rng)) return Built{"one piece besides the kings", *fen, ""};
  }
  return std::nullopt;
}

std::optional<Built> pawnless(Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    if (!put_kings(board, rng) || !put_others(board, rng, 2 + rng.below(4), false)) continue;
    if (auto fen = valid_fen(board, rng)) return Built{"pawnless", *fen, ""};
  }
  return std::nullopt;
}

// A capture of the last piece of one kind and colour (the last pawn on the board, for pawns),
// with up to three other pieces about.
std::optional<Built> last_capture(Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    const PieceType kind = Kinds[rng.below(5)];
    const Color victim_side = Color(rng.below(2)), us = ~victim_side;
    // The capturer: a king, or a piece of any kind (not a pawn when the last pawn is taken).
    PieceType capturer = rng.chance(15) ? King : Kinds[rng.below(5)];
    if (kind == Pawn && capturer == Pawn) capturer = Kinds[1 + rng.below(4)];
    Board board{};
    const Piece victim = make_piece(victim_side, kind);
    const Square target = put(board, victim, ~Bitboard(0), rng);
    const bool kings =
        capturer == King ? put_kings(board, rng, us, king_attacks(target)) : put_kings(board, rng);
    // Others: no second piece of the victim's kind and colour, and no pawns with the last pawn.
    if (!kings || !put_others(board, rng, rng.below(4), kind != Pawn, victim)) continue;
    if (capturer != King) {
      // The squares a capturer of this kind attacks the target from.
      const Bitboard from = capturer == Pawn ? pawn_attacks(victim_side, target)
                                             : attacks_bb(capturer, target, occupied(board));
      if (put(board, make_piece(us, capturer), from, rng) == NoSquare) continue;
    }
    const std::optional<std::string> fen = valid_fen(board, rng, us);
    if (!fen) continue;
    const auto move = pick_move(*fen, rng, [&](Move m) { return m.to() == target; });
    if (!move) continue;
    return Built{std::string("last ") + KindNames[kind - Pawn] + " captured", *fen, *move};
  }
  return std::nullopt;
}

// The only pawn on the board promotes, capturing half the time.
std::optional<Built> last_pawn_promotes(Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    const Color us = Color(rng.below(2));
    Board board{};
    const Square pawn = put(board, make_piece(us, Pawn), rank_bb(relative_rank(us, Rank7)), rng);
    const bool capture = rng.chance(50);
    if (capture && put(board, make_piece(~us, Kinds[1 + rng.below(4)]), pawn_attacks(us, pawn),
                       rng) == NoSquare)
      continue;
    if (!put_kings(board, rng) || !put_others(board, rng, rng.below(3), false)) continue;
    const std::optional<std::string> fen = valid_fen(board, rng, us);
    if (!fen) continue;
    const auto move = pick_move(*fen, rng, [&](Move m) {
      return m.from() == pawn && m.kind() == MoveKind::Promotion &&
             (board[m.to()] != NoPiece) == capture;
    });
    if (!move) continue;
    return Built{"last pawn promoted", *fen, *move};
  }
  return std::nullopt;
}

// A built position's keys, asked for: at its start on a Line of its own; after its move,
// incrementally and from scratch. Nothing when there is no position, or its start was refused.
struct BuiltAsked {
  std::unique_ptr<Line> line;
  std::vector<Reading> on_line;
  std::optional<Reading> from_scratch;
};

std::optional<BuiltAsked> ask_built(const PropertyContext& context, Scratch& scratch,
                                    const std::optional<Built>& built) {
  if (!built) return std::nullopt;
  BuiltAsked asked{std::make_unique<Line>(context.target, context.caps), {}, std::nullopt};
  Line& line = *asked.line;
  // A built position is a rare kind a third party may refuse: the case goes on without it.
  if (!line.try_start(built->fen, false)) return std::nullopt;
  tag_case(built->label);
  asked.on_line.push_back(reading_of(line, line.request_keys()));
  if (built->move.empty()) return asked;
  line.play(built->move);
  asked.on_line.push_back(reading_of(line, line.request_keys()));
  // Under --move-routes-only the position the move reached is read as reached, never as a FEN.
  if (context.move_routes_only) return asked;
  Reading r = reading_of(
      line, scratch.request_keys_of(line.fen(), line.chess960(), line, FenForm::Written));
  r.position = {{r.fen, line.chess960(), {}}, 0};
  asked.from_scratch = std::move(r);
  return asked;
}

void check_built(const PropertyContext& context, Scratch& scratch, const BuiltAsked& asked) {
  for (const Reading& r : asked.on_line) {
    // A start the target turned out to refuse (read with its key): as when try_start says so.
    const std::optional<TargetKeys> keys = asked.line->collect_if_started(r.pending);
    if (!keys) return;
    check(context, r, *keys);
  }
  if (asked.from_scratch)
    check(context, *asked.from_scratch,
          scratch.collect(asked.from_scratch->pending, asked.from_scratch->fen, *asked.line));
}

}  // namespace

void zero_keys(const PropertyContext& context) {
  init_bitboards();  // the builders read attack tables before any position is set
  Choices rng;
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  // Every built position's keys are asked for before any is read (one stream for a pipelined
  // target), then checked in order.
  std::vector<BuiltAsked> built;
  for (auto build : {bare_kings, one_piece, pawnless, last_capture, last_pawn_promotes})
    if (std::optional<BuiltAsked> asked = ask_built(context, scratch, build(rng)))
      built.push_back(std::move(*asked));
  for (const BuiltAsked& asked : built) check_built(context, scratch, asked);
  check_game(context, line);
}

}  // namespace zobrist_verify::properties
