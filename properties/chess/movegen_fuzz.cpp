#include "zobrist_verify/movegen_fuzz.h"

#include <algorithm>
#include <chrono>

#include "chess/generators.h"
#include "chess/position_tools.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/position_gate.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

namespace {

// Games drawn per seed are independent of one another: game k uses its own RapidCheck random.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t x = seed + 0x9E3779B97F4A7C15ULL * (k + 1);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// The features of one position, as a mix of one.
MovegenMix features_of(const Position& pos) {
  const MoveList moves = legal_moves(pos);
  MovegenMix one;
  for (Move m : moves) {
    one.en_passant |= m.kind() == MoveKind::EnPassant;
    one.castling |= m.kind() == MoveKind::Castling;
    one.promotion |= m.kind() == MoveKind::Promotion;
  }
  // An en-passant capture some pawn could make but for a pin (or a check it leaves open).
  one.en_passant_pinned =
      en_passant_term_applies(pos, EnPassantRule::PseudoLegal) && !pos.en_passant_capture_legal();
  one.check = pos.checkers() != 0;
  one.chess960 = pos.is_chess960();
  one.no_moves = moves.empty();
  return one;
}

// Whether a position has one of the moves engines get wrong most (or none at all).
bool is_rare(const MovegenMix& one) {
  return one.en_passant || one.en_passant_pinned || one.castling || one.promotion || one.check ||
         one.no_moves;
}

void add(MovegenMix& mix, const MovegenMix& one) {
  mix.en_passant += one.en_passant;
  mix.en_passant_pinned += one.en_passant_pinned;
  mix.castling += one.castling;
  mix.promotion += one.promotion;
  mix.check += one.check;
  mix.chess960 += one.chess960;
  mix.no_moves += one.no_moves;
}

class MovegenRun {
 public:
  MovegenRun(const MovegenDoor& door, const MovegenOptions& options)
      : door_(door), options_(options) {
    result_.target = door.name;
    result_.seed = options.seed ? options.seed : DefaultSeed;
    result_.depth = options.depth;
    result_.totals_only = !door.divide;
  }

  // Positions waiting for a batch count as given already: the run stops generating at the same
  // position as when each is asked alone.
  bool done() const {
    return result_.fault || result_.given + int(batch_.size()) >= options_.positions;
  }

  // Asks the door for the positions waiting for a batch and records their answers in order.
  void finish_batch() {
    if (batch_.empty()) return;
    std::vector<Route> routes;
    for (const Waiting& w : batch_) routes.push_back(w.sent);
    std::vector<Expected<DivideCounts>> answers = door_.ask_many(routes, options_.depth);
    std::vector<Waiting> batch = std::move(batch_);
    batch_.clear();
    for (std::size_t i = 0; i < batch.size() && !result_.fault; ++i) {
      Waiting& w = batch[i];
      Expected<DivideCounts> answer =
          i < answers.size() ? std::move(answers[i]) : Error{"no answer", ErrorKind::AnsweredBadly};
      Expected<DivideDifference> difference = against(w.expected, answer);
      if (!difference || !difference->empty()) {
        // Only an agreeing answer is taken from a batch; anything else is asked again alone.
        Expected<DivideCounts> alone = ask_alone(w.sent);
        difference = against(w.expected, alone);
        // A complete answer in the batch that the same question alone does not repeat: the
        // target answers differently with requests in flight; the rest is asked alone.
        if (answer && alone && !same_answer(*answer, *alone)) {
          if (result_.pipeline_disagreements++ == 0)
            result_.first_pipeline_disagreement = route_text(w.sent) + ": " + counts_text(*answer) +
                                                  " in flight, " + counts_text(*alone) + " alone";
          one_at_a_time_ = true;
        }
      }
      ++result_.given;
      record(w.one, difference, w.sent, w.played);
    }
  }

  // Compares every position of the route from its start, each sent as the FEN a few plies
  // back and the moves since.
  void compare_game(const Route& whole) {
    Game game;
    if (!game.set(whole.fen, polyglot_scheme(), any_position(whole.chess960)).empty()) return;
    // X-FEN castling rights make a position Chess960 by themselves.
    const bool chess960 = game.position().is_chess960();
    if (chess960 && !options_.chess960) return;
    std::vector<std::string> fens{game.position().fen()};
    std::vector<std::string> door_moves;
    Route played{fens.front(), chess960, {}};
    for (std::size_t ply = 0; ply <= whole.moves.size() && !done(); ++ply) {
      if (ply > 0) {
        auto move = game.play_uci(whole.moves[ply - 1]);
        if (!move) return;  // the generators play legal games; nothing to compare past this
        door_moves.push_back(door_notation(*move, game.position()));
        fens.push_back(game.position().fen());
        played.moves.push_back(whole.moves[ply - 1]);
      }
      const std::size_t tail_start =
          ply > std::size_t(options_.tail_plies) ? ply - std::size_t(options_.tail_plies) : 0;
      Route sent{fens[tail_start],
                 chess960,
                 {door_moves.begin() + std::ptrdiff_t(tail_start), door_moves.end()}};
      compare(game.position(), sent, played);
    }
  }

  MovegenResult finish(double seconds) {
    result_.seconds = seconds;
    return std::move(result_);
  }

 private:
  std::string door_notation(Move m, const Position& pos) const {
    return move_to_uci(m, door_.king_takes_rook || pos.is_chess960());
  }

  // Whether the FEN of `sent` may go to the door; a position no legal game reaches is counted
  // and withheld (the moves after a reachable FEN are legal, so they keep it reachable).
  bool passes_gate(const Route& sent) {
    if (options_.allow_unreachable || !unreachable_reason(sent.fen, sent.chess960)) return true;
    if (result_.withheld++ == 0) result_.first_withheld = sent.fen;
    return false;
  }

  // The door's divide against the reference's at `pos`, the end of `sent`.
  Expected<DivideDifference> difference_at(Position& pos, const Route& sent) {
    if (!door_.divide) {
      auto total = door_.total(sent, options_.depth);
      if (!total) return total.failure();
      DivideDifference difference;
      difference.expected_nodes = perft(pos, options_.depth);
      difference.actual_nodes = *total;
      return difference;
    }
    auto theirs = door_.divide(sent, options_.depth);
    if (!theirs) return theirs.failure();
    return compare_divides(reference_divide(pos, options_.depth, door_.king_takes_rook), *theirs);
  }

  // A position asked with others, and what the reference says of it.
  struct Waiting {
    Route sent, played;
    MovegenMix one;
    DivideCounts expected;  // a totals door's: the nodes only
  };

  Expected<DivideCounts> ask_alone(const Route& sent) {
    if (door_.divide) return door_.divide(sent, options_.depth);
    auto total = door_.total(sent, options_.depth);
    if (!total) return total.failure();
    DivideCounts counts;
    counts.nodes = *total;
    return counts;
  }

  Expected<DivideDifference> against(const DivideCounts& expected,
                                     const Expected<DivideCounts>& answer) const {
    if (!answer) return answer.failure();
    if (door_.divide) return compare_divides(expected, *answer);
    DivideDifference difference;
    difference.expected_nodes = expected.nodes;
    difference.actual_nodes = answer->nodes;
    return difference;
  }

  static bool same_answer(const DivideCounts& a, const DivideCounts& b) {
    if (a.nodes != b.nodes || a.moves.size() != b.moves.size()) return false;
    auto x = a.moves, y = b.moves;
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return x == y;
  }

  static std::string counts_text(const DivideCounts& counts) {
    return std::to_string(counts.moves.size()) + " moves, " + std::to_string(counts.nodes) +
           " nodes";
  }

  void compare(Position& pos, const Route& sent, const Route& whole) {
    // Weighted toward rare moves: every position that has one, one in PlainShare of the others
    // (the corpus positions, at the start of their route, always).
    const MovegenMix one = features_of(pos);
    if (!is_rare(one) && !whole.moves.empty() && plain_seen_++ % PlainShare != 0) return;
    if (!passes_gate(sent)) return;
    if (door_.ask_many && !one_at_a_time_) {
      DivideCounts expected;
      if (door_.divide)
        expected = reference_divide(pos, options_.depth, door_.king_takes_rook);
      else
        expected.nodes = perft(pos, options_.depth);
      batch_.push_back(Waiting{sent, whole, one, std::move(expected)});
      if (int(batch_.size()) >= std::max(door_.batch, 1) || done()) finish_batch();
      return;
    }
    ++result_.given;
    record(one, difference_at(pos, sent), sent, whole);
  }

  // One position's outcome: a refusal, a fault (the run stops), or a comparison.
  void record(const MovegenMix& one, const Expected<DivideDifference>& difference,
              const Route& sent, const Route& whole) {
    if (!difference && difference.error_kind() == ErrorKind::Refused) {
      count_refusal(difference.error());
    } else if (!difference) {
      result_.fault = MovegenFault{in_reference_notation(sent), difference.error()};
      return;
    } else {
      add_comparison(one, *difference, whole);
    }
    if (options_.progress && result_.given % 64 == 0)
      options_.progress(result_.given, options_.positions);
  }

  // The door's message names the position: the plugin's FEN and route, the engine's command.
  void count_refusal(const std::string& message) {
    ++result_.refused;
    if (result_.refusal_examples.size() < RefusalExamples)
      result_.refusal_examples.push_back(message);
  }

  void add_comparison(const MovegenMix& one, const DivideDifference& difference,
                      const Route& whole) {
    ++result_.positions;
    add(result_.mix, one);
    if (!difference.empty()) {
      ++result_.divergences;
      if (int(result_.first_divergences.size()) < options_.shrunk_divergences)
        result_.first_divergences.push_back(shrink(whole, difference));
    }
  }

  // The route with its moves back in the reference's notation (the route's own).
  Route in_reference_notation(const Route& sent) const {
    Game game;
    Route route{sent.fen, sent.chess960, {}};
    if (!game.set(sent.fen, polyglot_scheme(), any_position(sent.chess960)).empty()) return sent;
    for (const std::string& text : sent.moves) {
      auto move = game.play_uci(text);
      if (!move) return sent;
      route.moves.push_back(move_to_uci(*move, game.position().is_chess960()));
    }
    return route;
  }

  // The difference at the end of `route` (reference notation), or nothing when the reference
  // cannot replay it or the door refuses it. A fault of the door is kept as the run's fault.
  std::optional<DivideDifference> evaluate(const Route& route) {
    Game game;
    if (!game.set(route.fen, polyglot_scheme(), any_position(route.chess960)).empty()) return {};
    Route sent{game.position().fen(), route.chess960, {}};
    for (const std::string& text : route.moves) {
      auto move = game.play_uci(text);
      if (!move) return {};
      sent.moves.push_back(door_notation(*move, game.position()));
    }
    if (!options_.allow_unreachable && unreachable_reason(sent.fen, sent.chess960)) return {};
    auto difference = difference_at(game.position(), sent);
    if (!difference) {
      if (!result_.fault && difference.error_kind() != ErrorKind::Refused)
        result_.fault = MovegenFault{route, difference.error()};
      return {};
    }
    return *difference;
  }

  MovegenDivergence shrink(const Route& whole, const DivideDifference& found) {
    const Route shortest = shrink_route(
        whole,
        [&](const Route& candidate) {
          if (result_.fault) return false;
          const auto difference = evaluate(candidate);
          return difference && !difference->empty();
        },
        options_.shrink_budget, /*keep_start=*/true);
    MovegenDivergence divergence{shortest, found, {}};
    if (auto difference = evaluate(shortest); difference && !difference->empty())
      divergence.difference = *difference;
    else
      divergence.route = whole;  // the target no longer diverges there: keep what was found
    if (!door_.divide) divergence.descent = descend(divergence.route, divergence.difference);
    return divergence;
  }

  // A totals door's divergence at the end of `route`, located by descent; nothing when the
  // reference cannot replay the route or the door faults (kept as the run's fault).
  std::optional<PerftDescent> descend(const Route& route, const DivideDifference& difference) {
    Game game;
    if (!game.set(route.fen, polyglot_scheme(), any_position(route.chess960)).empty()) return {};
    Route sent{game.position().fen(), route.chess960, {}};
    for (const std::string& text : route.moves) {
      auto move = game.play_uci(text);
      if (!move) return {};
      sent.moves.push_back(door_notation(*move, game.position()));
    }
    const std::size_t route_plies = sent.moves.size();
    Expected<PerftDescent> descent = descend_perft_totals(
        game.position(), options_.depth, difference.actual_nodes,
        [&](const std::vector<std::string>& door_moves, int depth) {
          sent.moves.resize(route_plies);
          sent.moves.insert(sent.moves.end(), door_moves.begin(), door_moves.end());
          return door_.total(sent, depth);
        },
        door_.king_takes_rook);
    if (!descent) {
      if (!result_.fault) result_.fault = MovegenFault{route, descent.error()};
      return {};
    }
    return *descent;
  }

  const MovegenDoor& door_;
  const MovegenOptions& options_;
  MovegenResult result_;
  static constexpr std::uint64_t PlainShare = 4;
  static constexpr std::size_t RefusalExamples = 5;
  std::uint64_t plain_seen_ = 0;
  std::vector<Waiting> batch_;  // positions waiting to be asked together (door_.ask_many)
  bool one_at_a_time_ = false;  // the target's answers in a batch proved unreliable
};

}  // namespace

MovegenResult run_movegen(const MovegenDoor& door, const MovegenOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  MovegenRun run(door, options);
  // The compiled-in corpus first (every tricky perft position among them), then games.
  for (const CorpusPosition& p : corpus_positions()) {
    if (run.done()) break;
    if (p.chess960 && !options.chess960) continue;
    run.compare_game(Route{p.fen, p.chess960, {}});
  }
  const GenerationLimits limits{options.chess960, false};
  const std::uint64_t seed = options.seed ? options.seed : DefaultSeed;
  for (std::uint64_t k = 0; !run.done(); ++k) {
    const GameRecipe recipe = gen_game_recipe()(rc::Random(game_seed(seed, k)), 100).value();
    const PlayedGame game = play_recipe(recipe, limits);
    if (game.route.chess960 && !options.chess960) continue;
    run.compare_game(game.route);
  }
  run.finish_batch();
  return run.finish(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

}  // namespace zobrist_verify::properties
