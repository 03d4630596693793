// Properties 3 and 4: equal positions get equal keys, unequal positions unequal keys.
#include <deque>
#include <unordered_map>

#include <rapidcheck.h>

#include "position_tools.h"
#include "property_definitions.h"
#include "route_shrinking.h"
#include "transpositions.h"
#include "zobrist_verify/movegen.h"
#include "zobrist_verify/uci.h"

namespace zobrist_verify::properties {

namespace {

std::string describe(const Route& route) {
  std::string text = "FEN " + route.fen;
  if (!route.moves.empty()) {
    text += " moves";
    for (const std::string& m : route.moves) text += ' ' + m;
  }
  return text;
}

// The target's key at the end of `route`, on a fresh instance.
Key route_key(const PropertyContext& context, const Route& route) {
  Line line(context.target, context.caps);
  line.start(route.fen, route.chess960);
  for (const std::string& m : route.moves) line.play(m);
  return line.keys().key;
}

// The identity of the position at the end of `route` (replayed on the reference).
PositionIdentity route_identity(const Route& route, EnPassantRule rule, bool with_clock) {
  Game game;
  (void)replay(game, route);
  return position_identity(game.position(), rule, with_clock);
}

TranspositionClass pick_class(const PropertyContext& context) {
  const int source = *rc::gen::resize(100, rc::gen::inRange(0, 100));
  const unsigned seed = *rc::gen::resize(100, rc::gen::inRange(0, 1 << 16));
  const auto& designed = designed_classes();
  std::vector<const TranspositionClass*> usable;
  for (const TranspositionClass& c : designed)
    if (context.limits.chess960 || !c.routes.front().chess960) usable.push_back(&c);
  const TranspositionClass& fallback = *usable[seed % usable.size()];
  if (source < 30) return fallback;
  const PlayedGame game = generate_game(context);
  std::optional<TranspositionClass> built;
  if (source < 55)
    built = swapped_moves_class(game, seed);
  else if (source < 75)
    built = double_push_class(game, seed);
  else if (source < 90)
    built = out_and_back_class(game, seed);
  else
    built = en_passant_field_class(game, seed);
  return built ? *built : fallback;
}

}  // namespace

void equal_positions_equal_keys(const PropertyContext& context) {
  const TranspositionClass cls = pick_class(context);
  struct Reached {
    PositionIdentity identity;
    Key key;
  };
  std::vector<Reached> reached;
  std::vector<std::unique_ptr<Line>> lines;
  for (const Route& route : cls.routes) {
    auto line = std::make_unique<Line>(context.target, context.caps);
    line->start(route.fen, route.chess960);
    for (const std::string& m : route.moves) line->play(m);
    const TargetKeys keys = line->keys();
    line->check_exact(keys);
    reached.push_back({position_identity(line->position(), context.target.en_passant_rule,
                                         context.target.halfmove_dependent),
                       keys.key});
    lines.push_back(std::move(line));
  }
  bool some_equal = false;
  for (std::size_t i = 0; i < reached.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      // A target keyed by the halfmove clock may give such a pair one key or two.
      if (only_clock_differs(reached[i].identity, reached[j].identity)) continue;
      const bool same_position = reached[i].identity == reached[j].identity;
      some_equal |= same_position;
      const bool same_key = reached[i].key == reached[j].key;
      if (same_position == same_key) continue;
      const std::string other = describe(cls.routes[j]);
      const ComparedPosition there = lines[j]->compared(reached[j].key);
      const ComparedPosition here = lines[i]->compared(reached[i].key);
      if (!same_position)
        fail(lines[i]->different_keys(
            "key equals that of a different position (" + to_string(reached[j].identity) + " vs " +
                to_string(reached[i].identity) + ") reached by " + other + " [" + cls.label + "]",
            there, here));
      Counterexample c = lines[i]->counterexample(
          "key differs from that of the same position (" + to_string(reached[i].identity) + ", " +
              to_string(context.target.en_passant_rule) + " en passant) reached by " + other +
              " [" + cls.label + "]",
          reached[j].key, reached[i].key);
      c.positions = {there, here};
      fail(std::move(c));
    }
  }
  tag_case(some_equal ? "transposition" : "near misses only");
}

void unequal_positions_unequal_keys(const PropertyContext& context) {
  const std::size_t wanted = 100'000 * std::size_t(std::max(1, context.cases / 100));
  // One large case, not shrunk by RapidCheck (each rerun would replay 10^5 positions); a failure
  // is cut down by shortest_tail instead.
  SplitMix rng(*rc::gen::noShrink(rc::gen::resize(100, rc::gen::arbitrary<std::uint64_t>())));
  const EnPassantRule rule = context.target.en_passant_rule;
  const bool clock = context.target.halfmove_dependent;

  // Where each position was first seen: game and ply, to print its route on a failure.
  struct Seen {
    Key key;
    std::uint32_t game;
    std::int32_t ply;
  };
  std::vector<Route> games;
  std::unordered_map<PositionIdentity, Seen, PositionIdentityHash> by_identity;
  std::unordered_map<Key, PositionIdentity> by_key;
  by_identity.reserve(wanted * 2);
  by_key.reserve(wanted * 2);

  std::vector<const CorpusPosition*> corpus;
  for (const CorpusPosition& p : corpus_positions())
    if (context.limits.chess960 || !p.chess960) corpus.push_back(&p);

  Line line(context.target, context.caps);
  auto route_to = [&](const Seen& s) {
    Route r = games[s.game];
    r.moves.resize(std::size_t(s.ply + 1));
    return r;
  };
  // Fails with both routes shrunk while they still show the problem: a collision (equal keys,
  // different positions) or a split (one position, two keys).
  auto fail_with = [&](const Seen& first, bool collision, const Seen& at) {
    Route here = route_to(at);
    Route other = route_to(first);
    const PositionIdentity here_id = route_identity(here, rule, clock);
    const PositionIdentity other_id = route_identity(other, rule, clock);
    // A collision of positions that differ in one field only stays of that kind while shrinking.
    const bool one_field = !only_difference(here_id, other_id).empty();
    auto shows = [&](const Route& a, const Route& b) {
      const PositionIdentity ia = route_identity(a, rule, clock),
                             ib = route_identity(b, rule, clock);
      const bool keys_equal = route_key(context, a) == route_key(context, b);
      if (!collision) return ia == ib && !keys_equal;
      return keys_equal && !(ia == ib) && !only_clock_differs(ia, ib) &&
             !only_difference(ia, ib).empty() == one_field;
    };
    here = shrink_route(here, [&](const Route& r) { return shows(r, other); });
    // Once `here` is a bare FEN, it follows `other` as it shrinks: the FEN where the shorter
    // route ends, with the one field they differ in taken from `here` (none for a split). The
    // pair then shrinks together, as a bug in one route's moves would be found on its own.
    auto partner = [&](const Route& r) -> std::optional<Route> {
      if (!here.moves.empty()) return here;
      Game game;
      if (!replay(game, r)) return std::nullopt;
      FenFields fields = split_fen(game.position().fen());
      const FenFields mine = split_fen(here.fen);
      if (!(route_identity(here, rule, clock) == route_identity(other, rule, clock))) {
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
    if (const std::optional<Route> p = partner(other)) here = *p;
    Line replayed(context.target, context.caps);
    replayed.start(here.fen, here.chess960);
    for (const std::string& m : here.moves) replayed.play(m);
    const ComparedPosition there{other.fen, other.chess960, other.moves, route_key(context, other)};
    const ComparedPosition shown = replayed.compared(replayed.keys().key);
    const PositionIdentity here_shown = route_identity(here, rule, clock);
    if (collision) {
      const PositionIdentity other_shown = route_identity(other, rule, clock);
      const std::string difference = only_difference(here_shown, other_shown);
      const std::string found = " after " + std::to_string(by_identity.size()) +
                                " distinct positions: " + to_string(here_shown) +
                                " has the key of " + to_string(other_shown) + " reached by " +
                                describe(other);
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
  };
  // Each game is played and all its keys asked for first; its keys are read and checked, ply by
  // ply, only once the next game has been asked for, so a pipelined target always has work.
  struct Asked {
    PositionIdentity identity;
    PendingKeys keys;
  };
  struct AskedGame {
    std::uint32_t index;
    std::vector<Asked> plies;
  };
  std::deque<AskedGame> unread;
  auto check_game = [&](const AskedGame& g) {
    for (const Asked& a : g.plies) {
      if (by_identity.size() >= wanted) return;
      const Key key = line.collect(a.keys).key;
      const Seen here{key, g.index, a.keys.ply};
      if (auto it = by_identity.find(a.identity); it != by_identity.end()) {
        if (it->second.key != key) fail_with(it->second, false, here);
        continue;
      }
      if (auto it = by_key.find(key);
          it != by_key.end() && !only_clock_differs(a.identity, it->second)) {
        fail_with(by_identity.at(it->second), true, here);
      }
      by_identity.emplace(a.identity, here);
      by_key.emplace(key, a.identity);
    }
  };
  const std::size_t max_games = wanted;  // far more than needed; stops a target that loops
  while (by_identity.size() < wanted && games.size() < max_games) {
    const unsigned pick = rng.below(100);
    Route start{StartFen, false, {}};
    if (pick >= 30 && pick < 70) {
      const CorpusPosition& p = *corpus[rng.below(unsigned(corpus.size()))];
      start = {p.fen, p.chess960, {}};
    } else if (pick >= 70) {
      start.fen = fuzzed_fen(rng.next());
    }
    if (!line.try_start(start.fen, start.chess960)) continue;  // refused, and counted
    games.push_back({line.start_fen(), line.chess960(), {}});
    AskedGame asked{std::uint32_t(games.size() - 1), {}};
    for (int ply = -1; ply < 80; ++ply) {
      if (ply >= 0) {
        const MoveList legal = legal_moves(line.position());
        if (legal.empty()) break;
        std::string uci;
        if (context.caps.null_move && !line.position().checkers() && rng.chance(3))
          uci = "0000";
        else
          uci = move_to_uci(line.position(), legal[rng.below(unsigned(legal.size()))]);
        line.play(uci);
        games.back().moves.push_back(uci);
      }
      asked.plies.push_back(
          {position_identity(line.position(), rule, clock), line.request_keys()});
    }
    unread.push_back(std::move(asked));
    if (unread.size() > 1) {
      check_game(unread.front());
      unread.pop_front();
    }
  }
  while (!unread.empty() && by_identity.size() < wanted) {
    check_game(unread.front());
    unread.pop_front();
  }
  if (by_identity.size() < wanted) {
    Counterexample c = line.counterexample("only " + std::to_string(by_identity.size()) +
                                               " distinct positions generated, fewer than the " +
                                               std::to_string(wanted) + " wanted",
                                           0, 0);
    c.comparison = Comparison::NoKeys;
    fail(std::move(c));
  }
}

}  // namespace zobrist_verify::properties
