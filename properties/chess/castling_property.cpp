// Property 6: the castling term, derived black-box from the target's own keys of FENs that differ
// in the castling field only.
//
// The game is walked twice: first on the reference alone, asking the target for every key the
// checks will need (a pipelined target answers them in one stream), then check by check in the
// order of the plies, so that the first failure is the one a ply-by-ply walk would have met.
//
// Under --move-routes-only no FEN but the game's is given: each move that lost rights (castling
// aside) is played again after a detour that lost the same rights by other moves, from the same
// FEN, and must reach the same key (castling_by_routes).
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>

#include <rapidcheck.h>

#include "chess/detours.h"
#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "zobrist_verify/chess/uci.h"
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

// A FEN asked about on the scratch instance, with its key once asked.
struct AskedFen {
  std::string fen;
  PendingKeys key;
};

AskedFen ask_fen(Scratch& scratch, const Line& line, std::string fen) {
  PendingKeys key = scratch.request_keys_of(fen, line.chess960(), line);
  return {std::move(fen), std::move(key)};
}

Key read_fen(Scratch& scratch, const Line& line, const AskedFen& asked) {
  return scratch.collect(asked.key, asked.fen, line).key;
}

// Each right the position holds has its own non-zero term, unlike the others' and the side's:
// castling[rights] ^ castling[rights without r], read from the target as the key difference of
// two FENs that differ only in the castling field.
struct SingleRightsCheck {
  int ply = -1;
  AskedFen full;
  std::vector<std::pair<CastlingRights, AskedFen>>
      without;  // per right held, in SingleRights order

  static std::optional<SingleRightsCheck> ask_at(const Line& line, Scratch& scratch) {
    const Position& pos = line.position();
    const CastlingRights rights = pos.castling_rights();
    if (!rights) return std::nullopt;
    SingleRightsCheck check;
    check.ply = line.ply();
    check.full = ask_fen(scratch, line, line.fen());
    for (CastlingRights r : SingleRights) {
      if (!(rights & r)) continue;
      check.without.emplace_back(
          r,
          ask_fen(scratch, line,
                  with_castling(check.full.fen, castling_field(pos, CastlingRights(rights & ~r)))));
    }
    return check;
  }

  void run(const Line& line, Scratch& scratch, Key side_term) const {
    const std::string& fen = full.fen;
    const bool chess960 = line.chess960();
    const Key full_key = read_fen(scratch, line, full);
    struct Term {
      CastlingRights right;
      Key term;
      std::string fen_without;
    };
    std::vector<Term> terms;
    for (const auto& [r, asked] : without) {
      const Key reduced = read_fen(scratch, line, asked);
      const Key term = full_key ^ reduced;
      const std::string name = right_name(r);
      const ComparedPosition with_right{{fen, chess960, {}}, full_key};
      const ComparedPosition without_right{{asked.fen, chess960, {}}, reduced};
      if (term == 0)
        fail(line.different_keys_at(ply,
                                    "dropping the " + name + " right from " + fen +
                                        " leaves the key unchanged (keys must differ)",
                                    with_right, without_right));
      if (term == side_term)
        fail(line.different_keys_at(ply,
                                    "dropping the " + name + " right from " + fen +
                                        " changes the key by the side-to-move term " +
                                        hex_key_literal(side_term) +
                                        " (the castling and side terms must differ)",
                                    with_right, without_right));
      for (const auto& [other, other_term, other_fen] : terms)
        if (other_term == term)
          fail(line.different_keys_at(
              ply,
              "the " + name + " and " + right_name(other) + " castling terms of " + fen +
                  " are equal, so dropping either right gives one key "
                  "(must differ)",
              ComparedPosition{{other_fen, chess960, {}}, full_key ^ other_term}, without_right));
      terms.push_back({r, term, asked.fen});
    }
  }
};

// castling[old] ^ castling[new] at a move that changed the rights, black-box: the position before
// the move with the old rights and with the new ones; then the move played from the reduced rights
// reaches the key the game reached.
struct RightsChange {
  std::string uci, before;
  PendingKeys after;  // the game's key after the move
  AskedFen old_rights, new_rights;
  std::optional<SingleRightsCheck> single;
  std::unique_ptr<Line> reduced_line;  // the move played from the reduced rights (not castling)
  PendingKeys reduced_after;
};

// One ply of the game: the incremental key against a fresh instance's, and what changed.
struct Ply {
  std::string uci;
  std::optional<PendingKeys> incremental;  // with `fresh`: nothing when no FEN can give it
  AskedFen fresh;
  std::optional<RightsChange> change;
};

// A right lost in the game, written back into the final FEN: the key must not return.
struct Restored {
  CastlingRights right;
  AskedFen fen;
};

bool is_castling(const Position& pos, const std::string& uci) {
  if (uci == "0000") return false;
  const Square from = Square((uci[1] - '1') * 8 + (uci[0] - 'a'));
  const Square to = Square((uci[3] - '1') * 8 + (uci[2] - 'a'));
  const Piece pc = pos.piece_on(from);
  return type_of(pc) == King && (pos.piece_on(to) == make_piece(color_of(pc), Rook) ||
                                 std::abs(int(file_of(to)) - int(file_of(from))) == 2);
}

}  // namespace

namespace {

// A move that changed the rights: the keys that judge the change, asked for now, read later.
void ask_rights_change(const PropertyContext& context, Line& line, Scratch& scratch, Ply& p,
                       const std::string& before, CastlingRights new_rights, bool castles,
                       bool chess960) {
  RightsChange& change = p.change.emplace();
  change.uci = p.uci;
  change.before = before;
  change.after = line.request_keys();
  Game replayed;
  (void)replayed.set(before, polyglot_scheme(), FenOptions{chess960});
  change.old_rights = ask_fen(scratch, line, before);
  change.new_rights = ask_fen(
      scratch, line, with_castling(before, castling_field(replayed.position(), new_rights)));
  change.single = SingleRightsCheck::ask_at(line, scratch);
  if (castles) return;  // without the castling right the move itself would be illegal
  change.reduced_line = std::make_unique<Line>(context.target, context.caps);
  change.reduced_line->start(change.new_rights.fen, chess960);
  change.reduced_line->play(p.uci);
  change.reduced_after = change.reduced_line->request_keys();
}

// First walk: the reference plays the game, and every key is asked for. `lost` gathers the
// rights the game lost.
std::vector<Ply> ask_along(const PropertyContext& context, const PlayedGame& game, Line& line,
                           Scratch& scratch, CastlingRights& lost) {
  std::vector<Ply> plies;
  for (const std::string& uci : game.route.moves) {
    const CastlingRights old_rights = line.position().castling_rights();
    const std::string before = line.fen();
    const bool castles = is_castling(line.position(), uci);
    line.play(uci);
    const CastlingRights new_rights = line.position().castling_rights();
    if (new_rights & ~old_rights)
      fail(line.counterexample("reference: castling rights reappeared", 0, 0));
    Ply& p = plies.emplace_back();
    p.uci = uci;
    if (const std::optional<std::string> fresh = line.fresh_fen()) {
      p.incremental = line.request_keys();
      p.fresh = ask_fen(scratch, line, *fresh);
    }
    if (new_rights == old_rights) continue;
    lost = CastlingRights(lost | (old_rights & ~new_rights));
    tag_case("castling rights changed");
    ask_rights_change(context, line, scratch, p, before, new_rights, castles, game.route.chess960);
  }
  return plies;
}

// Lost rights never come back, even where king and rook stand on their squares again: the final
// FEN with each lost right written back, where that is a valid FEN of the same kind of game.
std::vector<Restored> ask_restored(Line& line, Scratch& scratch, CastlingRights lost,
                                   bool chess960) {
  std::vector<Restored> restored;
  const Position& pos = line.position();
  for (CastlingRights r : SingleRights) {
    if (!(lost & r)) continue;
    std::string fen =
        with_castling(line.fen(), castling_field(pos, CastlingRights(pos.castling_rights() | r)));
    // Kept only when valid, and in the same kind of game: an X-FEN letter for a rook that left
    // its corner would make a standard game Chess960, which a standard-only target never gets.
    Game restored_game;
    if (!restored_game.set(fen, polyglot_scheme(), FenOptions{chess960}).empty() ||
        restored_game.position().is_chess960() != chess960)
      continue;
    tag_case("lost right could be restored");
    restored.push_back({r, ask_fen(scratch, line, std::move(fen))});
  }
  return restored;
}

// The checks of one move that changed the rights.
void check_rights_change(Line& line, Scratch& scratch, const RightsChange& change, int ply,
                         Key side_term, bool chess960) {
  const Key after = line.collect(change.after).key;
  const Key old_key = read_fen(scratch, line, change.old_rights);
  const Key new_key = read_fen(scratch, line, change.new_rights);
  if (old_key == new_key)
    fail(line.different_keys_at(ply,
                                "castling[old] ^ castling[new] is 0: " + change.before + " and " +
                                    change.new_rights.fen + " have the same key (keys must differ)",
                                {{change.before, chess960, {}}, old_key},
                                {{change.new_rights.fen, chess960, {}}, new_key}));
  if (change.single) change.single->run(line, scratch, side_term);
  if (!change.reduced_line) return;
  // The move changes the castling term by exactly that difference: played from the position
  // that never had the lost rights, it reaches the same key.
  const Key reduced_after = change.reduced_line->collect(change.reduced_after).key;
  if (reduced_after != after)
    fail(line.counterexample_at(ply,
                                "after " + change.uci + " from the rights of " + change.before +
                                    " vs from " + change.new_rights.fen +
                                    " (the castling term did not change by castling[old] ^ "
                                    "castling[new])",
                                reduced_after, after));
}

// Second walk: the checks, in the order of the plies.
void check_along(Line& line, Scratch& scratch, const std::vector<Ply>& plies, Key side_term,
                 bool chess960) {
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Ply& p = plies[i];
    const int ply = int(i);
    if (p.incremental) {
      const Key incremental = line.collect(*p.incremental).key;
      const Key fresh = read_fen(scratch, line, p.fresh);
      if (fresh != incremental)
        fail(line.counterexample_at(ply, "after a move vs a fresh set_position of " + p.fresh.fen,
                                    fresh, incremental));
    }
    if (p.change) check_rights_change(line, scratch, *p.change, ply, side_term, chess960);
  }
}

}  // namespace

namespace {

// What a move that lost castling rights did: "captures the rook on a8", "moves the king from e1".
std::string loss_words(const Position& pos, Move move) {
  std::vector<std::string> words;
  const Piece moved = pos.moved_piece(move);
  if (type_of(moved) == King) words.push_back("moves the king from " + square_name(move.from()));
  if (type_of(moved) == Rook && pos.castling_rights_mask(move.from()))
    words.push_back("moves the rook from " + square_name(move.from()));
  if (type_of(pos.piece_on(move.to())) == Rook && pos.castling_rights_mask(move.to()))
    words.push_back("captures the rook on " + square_name(move.to()));
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " and ") + w;
  return out.empty() ? "loses castling rights" : out;
}

// Under --move-routes-only: a move of the game that lost castling rights, played again on a line of
// its own from the game's FEN after a detour that lost the same rights by other moves (detours.h).
// Before the move the two keys must differ (castling[old] ^ castling[new] is not 0); after it they
// must be equal, unless the halfmove clock, four plies a trip longer, differs and may be keyed.
struct DetourCheck {
  int ply = 0;  // the move's, in the game
  std::string uci, what, how;
  std::vector<std::string> detour;
  PendingKeys before, after;  // the game's keys before and after the move
  std::unique_ptr<Line> detoured;
  PendingKeys detoured_before, detoured_after;
  bool compare_after = true;
};

// The check of the game's next move `uci` when it loses rights other than by castling and a
// detour loses them too; the game's key before it asked for. `reference` stands before the move.
std::optional<DetourCheck> ask_detour(const PropertyContext& context, Line& line, Game& reference,
                                      const std::string& uci) {
  if (uci == "0000" || is_castling(reference.position(), uci)) return std::nullopt;
  const Expected<Move> move = parse_uci_move(reference.position(), uci);
  if (!move) return std::nullopt;
  const CastlingRights old_rights = reference.position().castling_rights();
  reference.play(*move);
  const auto lost = CastlingRights(old_rights & ~reference.position().castling_rights());
  (void)reference.undo();
  if (!lost) return std::nullopt;
  const std::optional<RightsDetour> detour = rights_detour(reference, lost, *move);
  if (!detour) {
    tag_case("no detour loses the same castling rights");
    return std::nullopt;
  }
  tag_case("castling rights lost by a detour too");
  DetourCheck check;
  check.ply = line.ply() + 1;
  check.uci = uci;
  check.what = loss_words(reference.position(), *move);
  check.how = detour->how;
  check.detour = detour->moves;
  check.before = line.request_keys();
  check.detoured = std::make_unique<Line>(context.target, context.caps);
  Line& detoured = *check.detoured;
  detoured.start(line.start_fen(), line.chess960());
  for (const std::string& m : line.moves()) detoured.play(m);
  for (const std::string& m : detour->moves) detoured.play(m);
  check.detoured_before = detoured.request_keys();
  detoured.play(uci);
  check.detoured_after = detoured.request_keys();
  return check;
}

// The checks of one detour, the game's line standing after the move.
void check_detour(Line& line, const DetourCheck& c) {
  const Key before = line.collect(c.before).key;
  const Key after = line.collect(c.after).key;
  Line& detoured = *c.detoured;
  const Key detoured_before = detoured.collect(c.detoured_before).key;
  const Key detoured_after = detoured.collect(c.detoured_after).key;
  const Route& game = line.route();
  const Route played{game.fen, game.chess960, {game.moves.begin(), game.moves.begin() + c.ply + 1}};
  Route reduced = detoured.route();
  reduced.moves.pop_back();
  const std::string detour = c.how + " (" + moves_text(c.detour) + ")";
  if (before == detoured_before) {
    Route unreduced = played;
    unreduced.moves.pop_back();
    fail(detoured.different_keys_at(
        int(reduced.moves.size()) - 1,
        "the position before " + c.uci + ", which " + c.what + ", and the same after " + detour +
            " have the same key, though the detour lost castling rights (castling[old] ^ "
            "castling[new] is 0; keys must differ)",
        {unreduced, before}, {reduced, detoured_before}));
  }
  if (!c.compare_after || after == detoured_after) return;
  Counterexample x = line.counterexample_at(
      c.ply,
      "after " + c.uci + ", which " + c.what + ", vs after " + detour + " then " + c.uci +
          " from the same FEN (the castling term did not change by castling[old] ^ "
          "castling[new])",
      detoured_after, after);
  x.positions = {detoured.compared(detoured_after), {played, after}};
  fail(std::move(x));
}

void castling_by_routes(const PropertyContext& context) {
  const PlayedGame game = generate_game(context);
  const bool chess960 = game.route.chess960;
  Line line(context.target, context.caps);
  line.start(game.route.fen, chess960);
  Game reference;  // the game's position before each move, for the detours
  (void)reference.set(game.route.fen, polyglot_scheme(), any_position(chess960));
  std::vector<DetourCheck> checks;
  for (const std::string& uci : game.route.moves) {
    std::optional<DetourCheck> check = ask_detour(context, line, reference, uci);
    line.play(uci);
    (void)reference.play_uci(uci);
    if (!check) continue;
    check->after = line.request_keys();
    const Position& reached = check->detoured->position();
    const EnPassantRule rule = context.target.en_passant_rule;
    if (!(position_identity(reached, rule) == position_identity(line.position(), rule)))
      throw std::logic_error("the detour of " + uci + " reached another position");
    check->compare_after =
        !context.target.halfmove_dependent || reached.rule50() == line.position().rule50();
    if (!check->compare_after) tag_case("detour's clock differs: only the rights compared");
    checks.push_back(std::move(*check));
  }
  for (const DetourCheck& c : checks) check_detour(line, c);
}

}  // namespace

void castling(const PropertyContext& context) {
  if (context.move_routes_only) return castling_by_routes(context);
  const PlayedGame game = generate_game(context);
  const bool chess960 = game.route.chess960;
  Line line(context.target, context.caps);
  Scratch scratch(context.target, context.caps);
  const SideTermRequest side_request = request_side_term(scratch, line);
  line.start(game.route.fen, chess960);

  const std::optional<SingleRightsCheck> at_start = SingleRightsCheck::ask_at(line, scratch);
  CastlingRights lost = NoCastling;
  const std::vector<Ply> plies = ask_along(context, game, line, scratch, lost);
  std::vector<Restored> restored;
  std::optional<PendingKeys> final_key;
  if (lost) restored = ask_restored(line, scratch, lost, chess960);
  if (!restored.empty()) final_key = line.request_keys();

  const Key side_term = collect_side_term(scratch, line, side_request);
  if (at_start) at_start->run(line, scratch, side_term);
  check_along(line, scratch, plies, side_term, chess960);
  if (!final_key) return;
  const Key key = line.collect(*final_key).key;
  for (const Restored& r : restored) {
    const Key with_right = read_fen(scratch, line, r.fen);
    if (with_right == key)
      fail(line.different_keys("the lost " + std::string(right_name(r.right)) +
                                   " right reappeared: the key equals that of " + r.fen.fen +
                                   " (keys must differ)",
                               line.compared(key), {{r.fen.fen, chess960, {}}, with_right}));
  }
}

}  // namespace zobrist_verify::properties
