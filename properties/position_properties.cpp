// Properties 3 and 4: equal positions get equal keys, unequal positions unequal keys.
#include <unordered_map>

#include <rapidcheck.h>

#include "position_tools.h"
#include "property_definitions.h"
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

// The shortest tail of `route` (started from the FEN the route passes through) for which `holds`
// is still true: a found collision or mismatch shown with as few moves as it needs.
template <class Predicate>
Route shortest_tail(const PropertyContext& context, const Route& route, Predicate holds) {
  std::vector<std::string> fens;
  Game game;
  (void)game.set(route.fen, polyglot_scheme(), FenOptions{route.chess960});
  fens.push_back(game.position().fen());
  for (const std::string& m : route.moves) {
    (void)game.play_uci(m);
    fens.push_back(game.position().fen());
  }
  for (std::size_t k = route.moves.size(); k > 0; --k) {
    Route tail{
        fens[k], route.chess960, {route.moves.begin() + std::ptrdiff_t(k), route.moves.end()}};
    if (holds(route_key(context, tail))) return tail;
  }
  return route;
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
    std::string identity;
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
    reached.push_back(
        {position_identity(line->position(), context.target.en_passant_rule), keys.key});
    lines.push_back(std::move(line));
  }
  bool some_equal = false;
  for (std::size_t i = 0; i < reached.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const bool same_position = reached[i].identity == reached[j].identity;
      some_equal |= same_position;
      const bool same_key = reached[i].key == reached[j].key;
      if (same_position == same_key) continue;
      const std::string other = describe(cls.routes[j]);
      fail(lines[i]->counterexample(
          same_position
              ? "key differs from that of the same position (" + reached[i].identity + ", " +
                    to_string(context.target.en_passant_rule) + " en passant) reached by " + other +
                    " [" + cls.label + "]"
              : "key equals that of a different position (" + reached[j].identity + " vs " +
                    reached[i].identity + ") reached by " + other + " [" + cls.label + "]",
          reached[j].key, reached[i].key));
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

  // Where each position was first seen: game and ply, to print its route on a failure.
  struct Seen {
    Key key;
    std::uint32_t game;
    std::int32_t ply;
  };
  std::vector<Route> games;
  std::unordered_map<std::string, Seen> by_identity;
  std::unordered_map<Key, std::string> by_key;
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
  // Fails with both routes cut to their shortest tails that still show the problem.
  auto fail_with = [&](const Seen& first, const std::string& what, bool keys_equal) {
    const Route here = games.back();
    Route other = route_to(first);
    const Key here_key = route_key(context, here);
    other = shortest_tail(context, other, [&](Key k) { return (k == here_key) == keys_equal; });
    const Key other_key = route_key(context, other);
    const Route shown =
        shortest_tail(context, here, [&](Key k) { return (k == other_key) == keys_equal; });
    Line replayed(context.target, context.caps);
    replayed.start(shown.fen, shown.chess960);
    for (const std::string& m : shown.moves) replayed.play(m);
    fail(replayed.counterexample(what + " reached by " + describe(other), other_key,
                                 replayed.keys().key));
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
    line.start(start.fen, start.chess960);
    games.push_back({line.start_fen(), line.chess960(), {}});
    const auto game_index = std::uint32_t(games.size() - 1);
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
      const std::string identity = position_identity(line.position(), rule);
      const Key key = line.keys().key;
      const Seen here{key, game_index, ply};
      if (auto it = by_identity.find(identity); it != by_identity.end()) {
        if (it->second.key != key)
          fail_with(it->second, "key differs from that of the same position (" + identity + ")",
                    false);
        continue;
      }
      if (auto it = by_key.find(key); it != by_key.end()) {
        fail_with(by_identity.at(it->second),
                  "64-bit key collision after " + std::to_string(by_identity.size()) +
                      " distinct positions: " + identity + " has the key of " + it->second + ",",
                  true);
      }
      by_identity.emplace(identity, here);
      by_key.emplace(key, identity);
      if (by_identity.size() >= wanted) break;
    }
  }
  if (by_identity.size() < wanted)
    fail(line.counterexample("only " + std::to_string(by_identity.size()) +
                                 " distinct positions generated, fewer than the " +
                                 std::to_string(wanted) + " wanted",
                             0, 0));
}

}  // namespace zobrist_verify::properties
