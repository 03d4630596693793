// Chess as a game of the generic suite (games/game_suite.h): a session is a Line (the target and
// the reference playing one line) with a Scratch beside it for the from-scratch keys. Properties
// 1 to 4 are the generic shapes run on it; what is chess's own is here: its generators (games of
// move choices, corpus and fuzzed starts), its key parts and exact scheme, its transposition
// classes, the clock fold, and the shrinking of a collision's two routes.
#include <functional>

#include <rapidcheck.h>

#include "chess/position_tools.h"
#include "chess/property_definitions.h"
#include "chess/transpositions.h"
#include "core/game_suite.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

using games::AskedKeys;
using games::KeyParts;
using games::KeyRelation;

std::string describe(const Route& route) {
  std::string text = "FEN " + route.fen;
  if (!route.moves.empty()) text += " moves " + moves_text(route.moves);
  return text;
}

// The identity in bytes: the board, side, castling rooks and en-passant square, then the clock
// (four bytes, low first, zero unless the target is keyed by it) last.
constexpr std::size_t ClockBytes = 4;
std::string identity_bytes(const PositionIdentity& id) {
  std::string out(id.board.begin(), id.board.end());
  out += char(id.side);
  out.append(id.castling_rooks.begin(), id.castling_rooks.end());
  out += char(id.en_passant);
  for (std::size_t i = 0; i < ClockBytes; ++i) out += char(id.halfmove_clock >> (8 * i) & 0xff);
  return out;
}

class ChessSession final : public games::GameSession {
 public:
  explicit ChessSession(const PropertyContext& context)
      : context_(context), line_(context.target, context.caps) {}

  bool begin(const std::string& start, bool chess960) override {
    return line_.try_start(start.empty() ? std::string(StartFen) : start, chess960);
  }

  // A null move one time in 33 when the target has them and the side to move is not in check;
  // else the legal move the choice picks.
  std::optional<std::string> pick(std::uint64_t choice) override {
    picked_.reset();
    const Position& pos = line_.position();
    const MoveList legal = legal_moves(pos);
    if (legal.empty()) return std::nullopt;
    if (context_.caps.null_move && !pos.checkers() && choice % 33 == 0) return "0000";
    const Move move = legal[unsigned((choice / 33) % legal.size())];
    picked_ = Picked{move_to_uci(pos, move), move, pos.key(), line_.route().moves.size()};
    return picked_->uci;
  }
  // The move pick() returned, in the position it was picked in, is played as picked: a sweep
  // plays what it picks at once, and reading the name again generated the legal moves again.
  void play(const std::string& move) override {
    if (picked_ && picked_->uci == move && picked_->key == line_.position().key() &&
        picked_->ply == line_.route().moves.size())
      line_.play(move, picked_->move);
    else
      line_.play(move);
    picked_.reset();
  }
  void unmake() override { line_.unmake(); }

  std::string position() const override { return line_.fen(); }
  std::string identity() const override {
    return identity_bytes(position_identity(line_.position(),
                                            rule_on_route(context_.target, line_.route()),
                                            context_.target.halfmove_dependent));
  }
  // The reference restores its whole state; check() recomputes every derived field.
  std::string consistency() const override {
    const CheckReport report = line_.position().check();
    return report.ok() ? "" : "the reference's check(): " + report.to_string();
  }

  std::vector<std::string> key_parts() const override {
    std::vector<std::string> parts{"key"};
    if (context_.caps.pawn_key) parts.push_back("pawn key");
    if (context_.caps.material_key) parts.push_back("material key");
    return parts;
  }
  AskedKeys ask_keys() override { return from_pending(line_.request_keys()); }
  AskedKeys ask_keys_from_scratch() override {
    const std::optional<std::string> fresh = line_.fresh_fen();
    if (!fresh) {
      AskedKeys none;
      none.ply = line_.ply();
      none.from_scratch = none.nothing_to_compare = true;
      return none;
    }
    const std::string& fen = *fresh;
    AskedKeys asked =
        from_pending(scratch().request_keys_of(fen, line_.chess960(), line_, FenForm::Written));
    asked.from_scratch = true;
    asked.position = fen;
    asked.what = asked.ply < 0 ? "after set_position vs a second instance's set_position"
                               : "after make_move vs a fresh set_position of " + fen;
    return asked;
  }
  KeyParts collect(const AskedKeys& asked) override {
    if (!asked.ticket) return asked.ready;
    const PendingKeys pending{asked.ply, asked.ticket, {}, asked.line, asked.start};
    return parts_of(asked.from_scratch ? scratch().collect(pending, asked.position, line_)
                                       : line_.collect(pending));
  }
  std::optional<KeyParts> collect_if_started(const AskedKeys& asked) override {
    if (!asked.ticket || asked.from_scratch) return collect(asked);
    const PendingKeys pending{asked.ply, asked.ticket, {}, asked.line, asked.start};
    std::optional<TargetKeys> keys = line_.collect_if_started(pending);
    if (!keys) return std::nullopt;
    return parts_of(*keys);
  }
  std::optional<KeyParts> exact_keys() const override {
    if (!context_.target.expected_scheme) return std::nullopt;
    return parts_of(line_.exact_keys());
  }
  void check_exact(const KeyParts& keys, const KeyParts& exact, int ply) override {
    line_.check_exact(target_keys(keys), target_keys(exact), ply);
  }

  // Property 3: a transposition class (designed, or built from the line played), each route on
  // a fresh instance; equal positions must share a key and near misses must not.
  std::vector<KeyRelation> equivalents(std::uint64_t seed) override {
    const TranspositionClass cls = pick_class(seed);
    const Target& target = context_.target;
    struct Reached {
      PositionIdentity identity;
      ComparedPosition compared;
    };
    std::vector<Reached> reached;
    for (const Route& route : cls.routes) {
      Line line(context_.target, context_.caps);
      line.start(route.fen, route.chess960);
      for (const std::string& m : route.moves) line.play(m);
      const TargetKeys keys = line.keys();
      line.check_exact(keys);
      reached.push_back({position_identity(line.position(), rule_on_route(target, route),
                                           target.halfmove_dependent),
                         line.compared(keys.key)});
    }
    std::vector<KeyRelation> relations;
    bool some_equal = false;
    for (std::size_t i = 0; i < reached.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        // Under --move-routes-only two routes are compared only from one FEN.
        if (context_.move_routes_only && (cls.routes[i].fen != cls.routes[j].fen ||
                                          cls.routes[i].chess960 != cls.routes[j].chess960))
          continue;
        const PositionIdentity &here = reached[i].identity, &there = reached[j].identity;
        // A target keyed by the halfmove clock may give such a pair one key or two.
        if (only_clock_differs(here, there)) continue;
        const bool same_position = here == there;
        some_equal |= same_position;
        KeyRelation r;
        r.first = reached[j].compared;
        r.second = reached[i].compared;
        r.route = Route{cls.routes[i].fen, reached[i].compared.route.chess960, cls.routes[i].moves};
        const std::string other = describe(cls.routes[j]) + " [" + cls.label + "]";
        if (same_position) {
          r.comparison = Comparison::SameKey;
          r.expected = r.first.key;
          r.what = "key differs from that of the same position (" + to_string(here) + ", " +
                   convention_name(target) + " en passant) reached by " + other;
        } else {
          r.comparison = Comparison::DifferentKeys;
          r.what = "key equals that of a different position (" + to_string(there) + " vs " +
                   to_string(here) + ") reached by " + other;
          r.difference = only_difference(there, here);
        }
        relations.push_back(std::move(r));
      }
    }
    if (!relations.empty())
      relations.front().tag = some_equal ? "transposition" : "near misses only";
    return relations;
  }

  // Chess makes its positions differ in properties 5 to 8; the sweep adds none here.
  std::vector<games::DifferingPosition> differing(std::uint64_t) override { return {}; }

 private:
  KeyParts parts_of(const TargetKeys& keys) const {
    KeyParts parts{keys.key, 0, 0};
    std::size_t next = 1;
    if (context_.caps.pawn_key) parts[next++] = keys.pawn_key;
    if (context_.caps.material_key) parts[next++] = keys.material_key;
    return parts;
  }
  TargetKeys target_keys(const KeyParts& parts) const {
    TargetKeys keys;
    keys.key = parts[0];
    std::size_t next = 1;
    if (context_.caps.pawn_key) keys.pawn_key = parts[next++];
    if (context_.caps.material_key) keys.material_key = parts[next++];
    return keys;
  }
  AskedKeys from_pending(const PendingKeys& pending) const {
    AskedKeys asked;
    asked.ply = pending.ply;
    asked.ticket = pending.ticket;
    asked.ready = parts_of(pending.keys);
    asked.line = pending.line;
    asked.start = pending.start;
    return asked;
  }
  // The second instance, made when first needed (a door may start a process for it).
  Scratch& scratch() {
    if (!scratch_) scratch_ = std::make_unique<Scratch>(context_.target, context_.caps);
    return *scratch_;
  }

  // A designed class three times in ten, else one built from the line played (falling back on a
  // designed one when the line offers none). Under --move-routes-only, its routes from its own
  // start FENs (from_start_fens), the fallback's too.
  TranspositionClass pick_class(std::uint64_t seed) const {
    if (!context_.move_routes_only) return pick_any_class(seed);
    if (std::optional<TranspositionClass> routes = from_start_fens(pick_any_class(seed)))
      return *routes;
    tag_case("a class of FENs replaced by a designed one");
    return from_start_fens(designed_class(seed)).value_or(TranspositionClass{});
  }
  TranspositionClass pick_any_class(std::uint64_t seed) const {
    const unsigned source = unsigned(seed % 100);
    const unsigned where = unsigned((seed >> 8) & 0xffff);
    const TranspositionClass& fallback = designed_class(seed);
    if (source < 30) return fallback;
    PlayedGame game;
    game.route = line_.route();
    const Route lead = cut_long_route(game.route);
    std::optional<TranspositionClass> built;
    if (source < 55)
      built = swapped_moves_class(game, where);
    else if (source < 75)
      built = double_push_class(game, where);
    else if (source < 90)
      built = out_and_back_class(game, where);
    else
      built = en_passant_field_class(game, where);
    if (!built) return fallback;
    // The routes from the tail's FEN are led to it again by the long route's moves before it.
    for (std::vector<Route>* routes : {&built->routes, &built->move_forms})
      for (Route& r : *routes)
        if (!lead.moves.empty() && r.fen == game.route.fen && r.chess960 == game.route.chess960) {
          r.moves.insert(r.moves.begin(), lead.moves.begin(), lead.moves.end());
          r.fen = lead.fen;
        }
    return *built;
  }
  // A long route (past LongRouteRefusalPly) is cut to its last LongRouteTail plies from the FEN
  // they start at: classes built from every ply of it would replay it once a ply tried. Returns
  // the route that leads to that FEN (no moves when `route` is not long).
  static Route cut_long_route(Route& route) {
    constexpr std::size_t LongRouteTail = 100;
    if (route.moves.size() <= std::size_t(LongRouteRefusalPly)) return {};
    const auto cut = route.moves.end() - std::ptrdiff_t(LongRouteTail);
    Route lead{route.fen, route.chess960, {route.moves.begin(), cut}};
    Game board;
    if (!replay(board, lead)) return {};
    route.fen = board.position().fen();
    route.moves.erase(route.moves.begin(), cut);
    return lead;
  }
  // The designed class `seed` picks among those the run may play.
  const TranspositionClass& designed_class(std::uint64_t seed) const {
    const unsigned where = unsigned((seed >> 8) & 0xffff);
    std::vector<const TranspositionClass*> usable;
    for (const TranspositionClass& c : designed_classes())
      if (context_.limits.chess960 || !c.routes.front().chess960) usable.push_back(&c);
    return *usable[where % usable.size()];
  }

  const PropertyContext& context_;
  Line line_;
  // The last move pick() returned, where it was picked (the reference's key and the ply).
  struct Picked {
    std::string uci;
    Move move;
    Key key;
    std::size_t ply;
  };
  std::optional<Picked> picked_;
  std::unique_ptr<Scratch> scratch_;
};

// The target's key at the end of `route`, on a fresh instance.
Key route_key(const PropertyContext& context, const Route& route) {
  Line line(context.target, context.caps);
  line.start(route.fen, route.chess960);
  for (const std::string& m : route.moves) line.play(m);
  return line.keys().key;
}

// The identity of the position at the end of `route` (replayed on the reference), under the
// rule of that route.
PositionIdentity route_identity(const Route& route, const Target& target) {
  Game game;
  (void)replay(game, route);
  return position_identity(game.position(), rule_on_route(target, route),
                           target.halfmove_dependent);
}

// The two routes of a sweep failure, shrunk while `shows` holds of them.
void shrink_pair(const PropertyContext& context, Route& here, Route& other,
                 const std::function<bool(const Route&, const Route&)>& shows) {
  const Target& target = context.target;
  const Route found_here = here, found_other = other;
  if (context.move_routes_only) {
    // Under --move-routes-only both keep the start FEN: only moves are cut out.
    here = shrink_route(
        here, [&](const Route& r) { return shows(r, other); }, 2000, true);
    other = shrink_route(
        other, [&](const Route& r) { return shows(here, r); }, 2000, true);
  } else {
    here = shrink_route(here, [&](const Route& r) { return shows(r, other); });
    // Once `here` is a bare FEN, it follows `other` as it shrinks: the FEN where the shorter route
    // ends, with the one field they differ in taken from `here` (none for a split). The pair then
    // shrinks together, as a bug in one route's moves would be found on its own.
    auto partner = [&](const Route& r) -> std::optional<Route> {
      if (!here.moves.empty()) return here;
      Game game;
      if (!replay(game, r)) return std::nullopt;
      FenFields fields = split_fen(game.position().fen());
      const FenFields mine = split_fen(here.fen);
      if (!(route_identity(here, target) == route_identity(other, target))) {
        fields.side = mine.side;
        fields.castling = mine.castling;
        fields.en_passant = mine.en_passant;
      }
      const std::string fen = join_fen(fields);
      if (!fen_is_valid(fen, r.chess960)) return std::nullopt;
      return Route{fen, r.chess960, {}};
    };
    other = shrink_route(other, [&](const Route& r) {
      const std::optional<Route> p = partner(r);
      return p && shows(*p, r);
    });
    if (const std::optional<Route> p = partner(other); p && shows(*p, other)) here = *p;
  }
  // The pair shown is a pair that fails: were shrinking to lose the failure, the pair found is.
  if (!shows(here, other)) {
    here = found_here;
    other = found_other;
  }
}

// A collision (equal keys, different positions) or a split (one position, two keys) found by
// the sweep, reported with both routes shrunk while they still show it.
[[noreturn]] void report_sweep_failure(const PropertyContext& context, Route other, Route here,
                                       bool collision, std::size_t distinct) {
  const Target& target = context.target;
  const PositionIdentity here_id = route_identity(here, target);
  const PositionIdentity other_id = route_identity(other, target);
  // A collision of positions that differ in one field only stays of that kind while shrinking.
  const bool one_field = !only_difference(here_id, other_id).empty();
  auto shows = [&](const Route& a, const Route& b) {
    const PositionIdentity ia = route_identity(a, target), ib = route_identity(b, target);
    const bool keys_equal = route_key(context, a) == route_key(context, b);
    if (!collision) return ia == ib && !keys_equal;
    return keys_equal && !(ia == ib) && !only_clock_differs(ia, ib) &&
           !only_difference(ia, ib).empty() == one_field;
  };
  shrink_pair(context, here, other, shows);
  // With --expect, a side whose key is not the scheme's is the failure: the target's key against
  // the scheme's, not one side's key against the other's.
  if (context.target.expected_scheme)
    for (const Route& side : {other, here}) {
      Line line(context.target, context.caps);
      line.start(side.fen, side.chess960);
      for (const std::string& m : side.moves) line.play(m);
      line.check_exact(line.keys());
    }
  Line replayed(context.target, context.caps);
  replayed.start(here.fen, here.chess960);
  for (const std::string& m : here.moves) replayed.play(m);
  const ComparedPosition there{other, route_key(context, other)};
  const ComparedPosition shown = replayed.compared(replayed.keys().key);
  const PositionIdentity here_shown = route_identity(here, target);
  if (collision) {
    const PositionIdentity other_shown = route_identity(other, target);
    const std::string difference = only_difference(here_shown, other_shown);
    const std::string found = " after " + std::to_string(distinct) +
                              " distinct positions: " + to_string(here_shown) + " has the key of " +
                              to_string(other_shown) + " reached by " + describe(other);
    fail(replayed.different_keys(difference.empty()
                                     ? "64-bit key collision" + found
                                     : "these positions differ only in " + difference +
                                           " and have the same key (found" + found + ")",
                                 there, shown));
  }
  Counterexample c =
      replayed.counterexample("key differs from that of the same position (" +
                                  to_string(here_shown) + ") reached by " + describe(other),
                              there.key, shown.key);
  c.positions = {there, shown};
  fail(std::move(c));
}

// Where a sampled line of the sweep starts: the start position three times in ten, a corpus
// position four, a fuzzed FEN three.
Route sweep_start(const PropertyContext& context, SplitMix64& random) {
  const unsigned pick = random.below(100);
  // Under --move-routes-only every line starts there: any two lines then share their start FEN.
  if (pick < 30 || context.move_routes_only) return {StartFen, false, {}};
  if (pick < 70) {
    std::vector<const CorpusPosition*> corpus;
    for (const CorpusPosition& p : corpus_positions())
      if (context.limits.chess960 || !p.chess960) corpus.push_back(&p);
    const CorpusPosition& p = *corpus[random.below(unsigned(corpus.size()))];
    return {p.fen, p.chess960, {}};
  }
  return {fuzzed_fen(random.next()), false, {}};
}

}  // namespace

games::GameTarget chess_game(const PropertyContext& context) {
  games::GameTarget game;
  game.name = context.target.name;
  game.start_description = StartFen;
  game.start = [&context] { return std::make_unique<ChessSession>(context); };
  // Now and then a long route, past engines' history buffers (generators.h).
  game.generate = [&context] { return generate_game(context, 100, true).route; };
  game.sweep_positions = [](int cases) { return 100'000 * std::size_t(std::max(1, cases / 100)); };
  game.sweep_start = [&context](SplitMix64& random) { return sweep_start(context, random); };
  game.sweep_plies = 80;
  // Positions that differ in the clock only, for a clock-keyed target.
  game.may_share_key = [](const std::string& a, const std::string& b) {
    return a.size() == b.size() && a.size() >= ClockBytes &&
           a.compare(0, a.size() - ClockBytes, b, 0, b.size() - ClockBytes) == 0;
  };
  game.report_sweep_failure = [&context](const Route& first, const Route& second, bool collision,
                                         std::size_t distinct) {
    report_sweep_failure(context, first, second, collision, distinct);
  };
  // A worker the sweep is split to talks to an engine of its own (Target::worker_factory); the
  // reference's forked copies need nothing more.
  if (context.target.worker_factory)
    game.sweep_worker_sessions =
        [&context]() -> Expected<std::function<std::unique_ptr<games::GameSession>()>> {
      Expected<HashFactory> factory = context.target.worker_factory();
      if (!factory) return Error{factory.error()};
      // The worker's target and the context the sessions keep a reference to, alive as long as
      // the factory returned.
      struct Own {
        Own(Target t, const PropertyContext& c)
            : target(std::move(t)),
              context{target, c.caps, c.cases, c.limits, c.move_routes_only} {}
        Target target;
        PropertyContext context;
      };
      Target target = context.target;
      target.make = std::move(*factory);
      target.worker_factory = nullptr;
      auto own = std::make_shared<Own>(std::move(target), context);
      return std::function<std::unique_ptr<games::GameSession>()>(
          [own]() -> std::unique_ptr<games::GameSession> {
            return std::make_unique<ChessSession>(own->context);
          });
    };
  return game;
}

}  // namespace zobrist_verify::properties
