// Properties 10 and 11: each auxiliary key (Capabilities::aux_keys, plugin.h version 2) is a
// function of exactly what it declares. What it declares of a position is its part of the
// position's identity (the declared pieces, and the side, castling rights and en-passant term when
// declared): two positions whose parts are equal must share the key, and two whose parts differ
// must not (a 64-bit key that ignores a declared difference does so with probability 2^-64).
//
// 10 plays generated games: after every ply the incremental key equals a fresh instance's, a move
// that changes none of the declared part leaves the key alone and one that changes it changes the
// key, and unmaking every move restores each earlier key.
// 11 builds positions from each one of a game: the undeclared pieces scattered, one declared piece
// moved, removed or added, the castling rights, the en-passant square or the side changed.
#include <rapidcheck.h>

#include "chess/built_positions.h"
#include "chess/position_tools.h"
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

namespace {

constexpr int Attempts = 24;

// The part of a position's identity that `aux` declares; everything else blanked.
PositionIdentity declared_part(PositionIdentity id, const AuxKeyDescription& aux) {
  for (Square s = A1; s < SquareCount; ++s) {
    const int shift = 4 * (s % 2);
    const auto pc = Piece((id.board[s / 2] >> shift) & 15);
    if (pc != NoPiece && !aux.depends_on(color_of(pc), type_of(pc)))
      id.board[s / 2] = std::uint8_t(id.board[s / 2] & ~(15 << shift));
  }
  if (!aux.side_to_move) id.side = 0;
  if (!aux.castling) id.castling_rooks.fill(NoSquare);
  if (!aux.en_passant) id.en_passant = NoSquare;
  id.halfmove_clock = 0;
  return id;
}

// The name and declaration, for messages: "minorPieceKey (declares white and black knight,
// bishop)". The name comes first: check_of (core/case_log.h) keeps the words before a '('.
std::string named(const AuxKeyDescription& aux) {
  return "auxiliary key " + aux.name;
}
std::string declaration(const AuxKeyDescription& aux) {
  return "it declares " + describe_declaration(aux);
}

// The identity of the position a bare FEN sets, under the target's FEN rule.
PositionIdentity fen_identity(const Target& target, const std::string& fen, bool chess960) {
  Position pos;
  StateInfo state;
  (void)pos.set(fen, state, polyglot_scheme(), any_position(chess960), nullptr);
  return position_identity(pos, rule_on_route(target, Route{fen, chess960, {}}));
}

std::string move_words(const std::string& uci) {
  return uci == "0000" ? "the null move" : "the move " + uci;
}

// Property 10 at one ply: the keys now against a fresh instance's, and against the keys before
// the move, by whether the move changed the declared part.
void check_ply(const PropertyContext& context, Line& line, Scratch& scratch,
               const std::vector<Key>& before, const std::vector<PositionIdentity>& parts_before,
               const std::vector<Key>& now, const std::vector<PositionIdentity>& parts_now) {
  const std::vector<AuxKeyDescription>& aux = context.caps.aux_keys;
  // Under --move-routes-only a position reached by moves is not compared with its FEN's keys.
  const bool fresh_allowed = !context.move_routes_only || line.moves().empty();
  if (const std::optional<std::string> fresh = fresh_allowed ? line.fresh_fen() : std::nullopt) {
    const std::vector<Key> full =
        scratch.aux_keys_of(*fresh, line.chess960(), line, FenForm::Written);
    const std::string step = line.moves().empty() ? " after set_position vs a second instance's"
                                                  : " after make_move vs a fresh";
    for (std::size_t i = 0; i < aux.size(); ++i)
      expect_same_key(line, named(aux[i]) + step + " set_position of " + *fresh, full[i], now[i]);
  }
  if (line.moves().empty()) return;
  const std::string& move = line.moves().back();
  for (std::size_t i = 0; i < aux.size(); ++i) {
    const bool declared_changed = !(parts_before[i] == parts_now[i]);
    if (!declared_changed && before[i] != now[i])
      fail(line.counterexample(named(aux[i]) + " changed by " + move_words(move) +
                                   ", which changes nothing it declares (" + declaration(aux[i]) +
                                   ")",
                               before[i], now[i]));
    if (declared_changed && before[i] == now[i]) {
      Route before_route = line.route();
      before_route.moves.pop_back();
      fail(line.different_keys(named(aux[i]) + " unchanged by " + move_words(move) +
                                   ", which changes what it declares (" + declaration(aux[i]) + ")",
                               {before_route, before[i]}, line.compared(now[i])));
    }
  }
}

std::vector<PositionIdentity> declared_parts(const PropertyContext& context, const Line& line) {
  const PositionIdentity id =
      position_identity(line.position(), rule_on_route(context.target, line.route()));
  std::vector<PositionIdentity> parts;
  for (const AuxKeyDescription& aux : context.caps.aux_keys)
    parts.push_back(declared_part(id, aux));
  return parts;
}

// The undeclared pieces of `aux` scattered anew (kings included when undeclared; one sometimes
// dropped or added), the declared ones left where they are; the side drawn unless declared.
std::optional<std::string> undeclared_scattered(const Board& original, Color side,
                                                const AuxKeyDescription& aux, Choices& rng) {
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board{};
    std::vector<Piece> others;
    for (Square s = A1; s < SquareCount; ++s) {
      const Piece pc = original[s];
      if (pc == NoPiece) continue;
      if (aux.depends_on(color_of(pc), type_of(pc)))
        board[s] = pc;
      else
        others.push_back(pc);
    }
    if (rng.chance(30)) {
      const Color color = Color(rng.below(2));  // before the type: one draw a statement
      const auto extra = make_piece(color, PieceType(Pawn + rng.below(5)));
      if (!aux.depends_on(color_of(extra), type_of(extra))) others.push_back(extra);
    }
    for (Piece pc : others) {
      if (type_of(pc) != King && rng.chance(10)) continue;
      board[random_empty(board, rng, type_of(pc) == Pawn)] = pc;
    }
    const std::optional<Color> keep = aux.side_to_move ? std::optional<Color>(side) : std::nullopt;
    if (auto fen = some_fen(board, rng, keep)) return fen;
  }
  return std::nullopt;
}

// One piece of a kind `aux` declares moved, removed or (none on the board) added; the same side.
std::optional<std::string> declared_piece_changed(const Board& original, Color side,
                                                  const AuxKeyDescription& aux, Choices& rng) {
  std::vector<Piece> kinds;
  for (Piece pc : EveryPiece)
    if (aux.depends_on(color_of(pc), type_of(pc))) kinds.push_back(pc);
  if (kinds.empty()) return std::nullopt;
  for (int attempt = 0; attempt < Attempts; ++attempt) {
    Board board = original;
    const Piece kind = kinds[rng.below(unsigned(kinds.size()))];
    std::vector<Square> placed;
    for (Square s = A1; s < SquareCount; ++s)
      if (board[s] == kind) placed.push_back(s);
    const bool pawn = type_of(kind) == Pawn;
    if (placed.empty()) {
      if (type_of(kind) == King) continue;
      board[random_empty(board, rng, pawn)] = kind;
    } else {
      const Square from = placed[rng.below(unsigned(placed.size()))];
      board[from] = NoPiece;
      if (type_of(kind) == King || rng.chance(60)) {
        board[from] = kind;  // keeps the piece off the square it came from
        const Square to = random_empty(board, rng, pawn);
        board[from] = NoPiece;
        board[to] = kind;
      }
    }
    if (auto fen = some_fen(board, rng, side)) return fen;
  }
  return std::nullopt;
}

// Property 11 at one position of a game: pairs of positions built from it, each aux key's values
// compared by whether the two declared parts are equal.
void check_built_positions(const PropertyContext& context, const Line& line, Scratch& scratch,
                           Choices& rng) {
  const Target& target = context.target;
  const std::vector<AuxKeyDescription>& aux = context.caps.aux_keys;
  const bool chess960 = line.chess960();
  const Position& pos = line.position();
  const Board board = board_of(pos);
  const Color side = pos.side_to_move();
  const std::string fen = line.fen();

  struct Pair {
    std::string first, second;
    bool chess960;
    std::string how;
  };
  std::vector<Pair> pairs;
  // The board alone: no castling, no en passant. Fails only when the side to move gives check.
  const std::optional<std::string> bare = some_fen(board, rng, side);
  if (bare) {
    pairs.push_back({fen, *bare, chess960, "castling rights and en-passant square dropped"});
    if (auto flipped = some_fen(board, rng, ~side))
      pairs.push_back({*bare, *flipped, false, "the side to move changed"});
    for (const AuxKeyDescription& a : aux) {
      if (auto other = undeclared_scattered(board, side, a, rng))
        pairs.push_back({*bare, *other, false, "what " + a.name + " does not declare moved"});
      if (auto other = declared_piece_changed(board, side, a, rng))
        pairs.push_back({*bare, *other, false, "a piece " + a.name + " declares changed"});
    }
  }
  if (pos.castling_rights() != NoCastling)
    pairs.push_back({fen, with_castling(fen, "-"), chess960, "castling rights dropped"});
  if (pos.ep_square() != NoSquare)
    pairs.push_back({fen, with_en_passant(fen, "-"), chess960, "en-passant square dropped"});

  for (const Pair& p : pairs) {
    if (!fen_is_valid(p.second, p.chess960)) continue;
    const std::vector<Key> first = scratch.aux_keys_of(p.first, p.chess960, line);
    const std::vector<Key> second = scratch.aux_keys_of(p.second, p.chess960, line);
    const PositionIdentity first_id = fen_identity(target, p.first, p.chess960);
    const PositionIdentity second_id = fen_identity(target, p.second, p.chess960);
    for (std::size_t i = 0; i < aux.size(); ++i) {
      const bool must_equal = declared_part(first_id, aux[i]) == declared_part(second_id, aux[i]);
      if ((first[i] == second[i]) == must_equal) continue;
      const std::string what =
          named(aux[i]) + " of " + p.first + " vs " + p.second + " (" + p.how + "; " +
          declaration(aux[i]) + "): must " +
          (must_equal ? "be equal, as they differ only in what it does not declare"
                      : "differ, as they differ in what it declares");
      const ComparedPosition a{{p.first, p.chess960, {}}, first[i]};
      const ComparedPosition b{{p.second, p.chess960, {}}, second[i]};
      if (!must_equal) fail(line.different_keys(what, a, b));
      Counterexample c = line.counterexample(what, first[i], second[i]);
      c.positions = {a, b};
      fail(std::move(c));
    }
  }
}

}  // namespace

void auxiliary_keys(const PropertyContext& context) {
  const PlayedGame game = generate_game(context, 60);
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  line.start(game.route.fen, game.route.chess960);
  std::vector<std::vector<Key>> keys{line.aux_keys()};
  std::vector<PositionIdentity> parts = declared_parts(context, line);
  check_ply(context, line, scratch, {}, {}, keys.back(), parts);
  for (const std::string& uci : game.route.moves) {
    line.play(uci);
    std::vector<Key> now = line.aux_keys();
    std::vector<PositionIdentity> parts_now = declared_parts(context, line);
    check_ply(context, line, scratch, keys.back(), parts, now, parts_now);
    keys.push_back(std::move(now));
    parts = std::move(parts_now);
  }
  if (!context.caps.unmake) return;
  // Unmaking every move restores each key the line had before it.
  while (!line.moves().empty()) {
    const std::string undone = line.moves().back();
    line.unmake();
    keys.pop_back();
    const std::vector<Key> restored = line.aux_keys();
    for (std::size_t i = 0; i < restored.size(); ++i)
      expect_same_key(line,
                      named(context.caps.aux_keys[i]) + " after unmake_move of " + undone +
                          " vs before it was made",
                      keys.back()[i], restored[i]);
  }
}

void auxiliary_key_dependencies(const PropertyContext& context) {
  tag_fen_reader_row(context, "auxiliary-key-dependencies");
  const PlayedGame game = generate_game(context, 40);
  Choices rng;
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  line.start(game.route.fen, game.route.chess960);
  check_built_positions(context, line, scratch, rng);
  for (const std::string& uci : game.route.moves) {
    line.play(uci);
    check_built_positions(context, line, scratch, rng);
  }
}

}  // namespace zobrist_verify::properties
