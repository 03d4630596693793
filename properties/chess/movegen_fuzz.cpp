#include "zobrist_verify/movegen_fuzz.h"

#include <algorithm>
#include <chrono>
#include <deque>

#include "chess/generators.h"
#include "chess/movegen_blocks.h"
#include "chess/position_tools.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/position_gate.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

namespace movegen {

std::uint64_t block_count(const MovegenOptions& options) {
  return options.only ? 1 : NoBlock;
}

std::string door_notation(const MovegenDoor& door, Move m, const Position& pos) {
  return move_to_uci(m, door.king_takes_rook || pos.is_chess960());
}

Expected<DivideCounts> ask_alone(const MovegenDoor& door, const Route& sent, int depth) {
  if (door.divide) return door.divide(sent, depth);
  auto total = door.total(sent, depth);
  if (!total) return total.failure();
  DivideCounts counts;
  counts.nodes = *total;
  return counts;
}

Expected<DivideDifference> against(const MovegenDoor& door, const DivideCounts& expected,
                                   const Expected<DivideCounts>& answer) {
  if (!answer) return answer.failure();
  if (door.divide) return compare_divides(expected, *answer);
  DivideDifference difference;
  difference.expected_nodes = expected.nodes;
  difference.actual_nodes = answer->nodes;
  return difference;
}

DivideCounts reference_counts(const MovegenDoor& door, Position& pos, int depth) {
  if (door.divide) return reference_divide(pos, depth, door.king_takes_rook);
  DivideCounts counts;
  counts.nodes = perft(pos, depth);
  return counts;
}

namespace {

// Games drawn per seed are independent of one another: game k uses its own RapidCheck random.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t x = seed + 0x9E3779B97F4A7C15ULL * (k + 1);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Corpus positions in one block; every block after them is one generated game.
constexpr std::size_t CorpusPerBlock = 8;
// Of the positions without a rare move, one in PlainShare is compared (the first of each game's).
constexpr std::uint64_t PlainShare = 4;
// An event not yet answered (a position waiting in a batch).
constexpr std::uint16_t Pending = 0xFFFF;
// A target whose faults a fresh target does not repeat, each within SoonAfterStart positions of
// its last fresh start, UnusableStreak times in a row, cannot be used.
constexpr int SoonAfterStart = 50;
constexpr int UnusableStreak = 3;

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

std::uint16_t mix_bits(const MovegenMix& one) {
  return std::uint16_t((one.en_passant ? 1 : 0) | (one.en_passant_pinned ? 2 : 0) |
                       (one.castling ? 4 : 0) | (one.promotion ? 8 : 0) | (one.check ? 16 : 0) |
                       (one.chess960 ? 32 : 0) | (one.no_moves ? 64 : 0));
}

std::uint16_t event_of(Event kind, std::uint16_t mix = 0) {
  return std::uint16_t(std::uint16_t(kind) | std::uint16_t(mix << 3));
}

std::size_t corpus_blocks() {
  return (corpus_positions().size() + CorpusPerBlock - 1) / CorpusPerBlock;
}

bool same_answer(const DivideCounts& a, const DivideCounts& b) {
  if (a.nodes != b.nodes || a.moves.size() != b.moves.size()) return false;
  auto x = a.moves, y = b.moves;
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  return x == y;
}

std::string counts_text(const DivideCounts& counts) {
  return std::to_string(counts.moves.size()) + " moves, " + std::to_string(counts.nodes) + " nodes";
}

// "1004 nodes where the reference counts 1064 (missing e5d6, extra e1h1)".
std::string difference_text(const DivideDifference& d) {
  std::string text = std::to_string(d.actual_nodes) + " nodes where the reference counts " +
                     std::to_string(d.expected_nodes);
  const auto some = [](const std::vector<std::string>& moves) {
    std::string listed;
    for (std::size_t i = 0; i < moves.size() && i < 4; ++i) listed += (i ? " " : "") + moves[i];
    return moves.size() > 4 ? listed + " ..." : listed;
  };
  std::string moves;
  if (!d.missing.empty()) moves += "missing " + some(d.missing);
  if (!d.extra.empty())
    moves += (moves.empty() ? "" : ", ") + std::string("extra ") + some(d.extra);
  return moves.empty() ? text : text + " (" + moves + ")";
}

// A divergence in the run's flow that a fresh target asked alone did not repeat.
std::string out_of_step_text(const Route& sent, const DivideDifference& found,
                             const PerftConfirmation& again) {
  std::string text = "out of step at " + route_text(sent) + ": it answered " +
                     difference_text(found) +
                     ", and asked alone on a fresh engine it agreed with the reference";
  if (!again.late_lines.empty())
    text += "; after that reply it printed " + again.late_lines_text() +
            ", lines of a reply that came late";
  return text + " (it had been sent " + again.history + " since it started)";
}

// Phase 1 against one door: blocks taken one after the other, their positions asked as they are
// met (or gathered for ask_many), each block handed on once all of it is answered.
class BlockRun {
 public:
  BlockRun(const MovegenDoor& door, const MovegenOptions& options, const BlockHooks& hooks)
      : door_(door), options_(options), hooks_(hooks) {}

  void run() {
    while (!stopped_) {
      const std::optional<std::uint64_t> block = hooks_.take();
      if (!block) break;
      held_.push_back(Held{});
      held_.back().outcome.block = *block;
      generate(*block);
      if (stopped_) break;
      if (Held* held = find(*block)) held->generated = true;
      commit_ready();
    }
    if (stopped_) return;
    finish_batch();
    commit_ready();
  }

 private:
  struct Held {
    BlockOutcome outcome;
    std::size_t unanswered = 0;
    bool generated = false;
  };
  // A position asked with others, and what the reference says of it.
  struct Waiting {
    std::uint64_t block;
    std::uint32_t event;
    Route sent, played;
    std::uint16_t mix;
    DivideCounts expected;
  };

  Held* find(std::uint64_t block) {
    for (Held& held : held_)
      if (held.outcome.block == block) return &held;
    return nullptr;
  }

  void commit_ready() {
    while (!held_.empty() && held_.front().generated && held_.front().unanswered == 0) {
      hooks_.commit(std::move(held_.front().outcome));
      held_.pop_front();
    }
  }

  void generate(std::uint64_t block) {
    if (options_.only) {
      if (block == 0) compare_only(block, *options_.only);
      return;
    }
    const std::span<const CorpusPosition> corpus = corpus_positions();
    if (block < corpus_blocks()) {
      for (std::size_t i = block * CorpusPerBlock;
           i < std::min(corpus.size(), (block + 1) * CorpusPerBlock) && !stopped_; ++i) {
        if (corpus[i].chess960 && !options_.chess960) continue;
        compare_game(block, Route{corpus[i].fen, corpus[i].chess960, {}});
      }
      return;
    }
    const std::uint64_t seed = options_.seed ? options_.seed : DefaultSeed;
    const GameRecipe recipe =
        gen_game_recipe()(rc::Random(game_seed(seed, block - corpus_blocks())), 100).value();
    const PlayedGame game = play_recipe(recipe, GenerationLimits{options_.chess960, false});
    if (game.route.chess960 && !options_.chess960) return;
    compare_game(block, game.route);
  }

  // Compares every position of the route from its start, each sent as the FEN a few plies
  // back and the moves since.
  void compare_game(std::uint64_t block, const Route& whole) {
    Game game;
    if (!game.set(whole.fen, polyglot_scheme(), any_position(whole.chess960)).empty()) return;
    // X-FEN castling rights make a position Chess960 by themselves.
    const bool chess960 = game.position().is_chess960();
    if (chess960 && !options_.chess960) return;
    std::vector<std::string> fens{game.position().fen()};
    std::vector<std::string> door_moves;
    Route played{fens.front(), chess960, {}};
    std::uint64_t plain_seen = 0;
    for (std::size_t ply = 0; ply <= whole.moves.size() && !stopped_; ++ply) {
      if (ply > 0) {
        auto move = game.play_uci(whole.moves[ply - 1]);
        if (!move) return;  // the generators play legal games; nothing to compare past this
        door_moves.push_back(door_notation(door_, *move, game.position()));
        fens.push_back(game.position().fen());
        played.moves.push_back(whole.moves[ply - 1]);
      }
      const std::size_t tail_start =
          ply > std::size_t(options_.tail_plies) ? ply - std::size_t(options_.tail_plies) : 0;
      Route sent{fens[tail_start],
                 chess960,
                 {door_moves.begin() + std::ptrdiff_t(tail_start), door_moves.end()}};
      compare(block, game.position(), sent, played, plain_seen);
    }
  }

  // The one route of a run that asks one: its FEN sent as written, its moves in the door's
  // notation (the reference's in the route played, which shrinking starts from).
  void compare_only(std::uint64_t block, const Route& only) {
    Game game;
    if (!game.set(only.fen, polyglot_scheme(), any_position(only.chess960)).empty()) return;
    Route sent{only.fen, only.chess960, {}}, played{only.fen, only.chess960, {}};
    for (const std::string& text : only.moves) {
      auto move = game.play_uci(text);
      if (!move) return;  // the command checked the moves
      sent.moves.push_back(door_notation(door_, *move, game.position()));
      played.moves.push_back(move_to_uci(*move, game.position().is_chess960()));
    }
    std::uint64_t plain_seen = 0;  // the first position is always compared
    compare(block, game.position(), sent, played, plain_seen);
  }

  void compare(std::uint64_t block, Position& pos, const Route& sent, const Route& played,
               std::uint64_t& plain_seen) {
    if (hooks_.abandon && !held_.empty() && hooks_.abandon(held_.front().outcome.block)) {
      stopped_ = true;
      held_.clear();
      batch_.clear();
      return;
    }
    // Weighted toward rare moves: every position that has one, one in PlainShare of the others
    // (the corpus positions, at the start of their route, always).
    const MovegenMix one = features_of(pos);
    if (!is_rare(one) && !played.moves.empty() && plain_seen++ % PlainShare != 0) return;
    Held* held = find(block);
    if (held == nullptr) return;
    BlockOutcome& outcome = held->outcome;
    const auto event = std::uint32_t(outcome.events.size());
    // A position no legal game reaches is counted and withheld (the moves after a reachable FEN
    // are legal, so they keep it reachable).
    if (!options_.allow_unreachable && unreachable_reason(sent.fen, sent.chess960)) {
      if (outcome.first_withheld.empty()) {
        outcome.first_withheld_event = event;
        outcome.first_withheld = sent.fen;
      }
      outcome.events.push_back(event_of(Event::Withheld));
      return;
    }
    outcome.events.push_back(Pending);
    if (door_.ask_many && !one_at_a_time_) {
      ++held->unanswered;
      batch_.push_back(Waiting{block, event, sent, played, mix_bits(one),
                               reference_counts(door_, pos, options_.depth)});
      if (int(batch_.size()) >= std::max(door_.batch, 1)) {
        finish_batch();
        commit_ready();
      }
      return;
    }
    const DivideCounts expected = reference_counts(door_, pos, options_.depth);
    Expected<DivideDifference> difference =
        against(door_, expected, ask_alone(door_, sent, options_.depth));
    record(block, event, mix_bits(one), confirmed(block, event, expected, difference, sent), sent,
           played);
  }

  // A fault or a divergence met in the run's flow, asked again alone on a fresh target
  // (MovegenDoor::confirm_alone): one that recurs stands. One that does not is a fault of the
  // target as a program, kept with the block, and the fresh target's answer counts; after
  // UnusableStreak of them in a row, each soon after a fresh start, the target cannot be used (an
  // error of kind GaveUp, as when no fresh target can be started).
  Expected<DivideDifference> confirmed(std::uint64_t block, std::uint32_t event,
                                       const DivideCounts& expected,
                                       const Expected<DivideDifference>& found, const Route& sent) {
    ++since_fresh_;
    const auto is_fault = [](const Expected<DivideDifference>& d) {
      return !d && d.error_kind() != ErrorKind::Refused;
    };
    const bool fault = is_fault(found);
    if (!door_.confirm_alone || (!fault && (!found || found->empty()))) return found;
    const int answered = since_fresh_;
    since_fresh_ = 0;
    const PerftConfirmation again = door_.confirm_alone(sent, options_.depth);
    if (!again.answer && again.answer.error_kind() == ErrorKind::GaveUp)
      return again.answer.failure();
    Expected<DivideDifference> alone = against(door_, expected, again.answer);
    if (is_fault(alone) || (!fault && alone && !alone->empty())) {
      streak_ = 0;
      if (!fault) return alone;
      return Error{found.error() + "; asked again alone on a fresh engine: " + alone.error(),
                   alone.error_kind()};
    }
    const std::string what =
        fault ? history_fault_text(found.error(), again) : out_of_step_text(sent, *found, again);
    note_engine_fault(block, event, what);
    streak_ = answered <= SoonAfterStart ? streak_ + 1 : 1;
    if (streak_ >= UnusableStreak)
      return Error{"it cannot be used: its faults were not repeated by a fresh engine, each " +
                       std::string("within ") + std::to_string(SoonAfterStart) +
                       " positions of its last start, " + std::to_string(UnusableStreak) +
                       " times in a row; the last: " + what,
                   ErrorKind::GaveUp};
    return alone;
  }

  void note_engine_fault(std::uint64_t block, std::uint32_t event, std::string message) {
    Held* held = find(block);
    if (held == nullptr) return;
    held->outcome.engine_faults.push_back(event);
    if (held->outcome.engine_fault_examples.size() < EngineFaultExamples)
      held->outcome.engine_fault_examples.emplace_back(event, std::move(message));
  }

  // Asks the door for the positions waiting for a batch and records their answers in order.
  void finish_batch() {
    if (batch_.empty()) return;
    std::vector<Route> routes;
    for (const Waiting& w : batch_) routes.push_back(w.sent);
    std::vector<Expected<DivideCounts>> answers = door_.ask_many(routes, options_.depth);
    std::vector<Waiting> batch = std::move(batch_);
    batch_.clear();
    std::optional<std::pair<Waiting, std::string>> death;  // where the pipeline died, and how
    for (std::size_t i = 0; i < batch.size() && !stopped_; ++i) {
      Waiting& w = batch[i];
      Expected<DivideCounts> answer =
          i < answers.size() ? std::move(answers[i]) : Error{"no answer", ErrorKind::AnsweredBadly};
      Expected<DivideDifference> difference = against(door_, w.expected, answer);
      Held* held = find(w.block);
      if (held == nullptr) continue;
      if (!difference || !difference->empty()) {
        // Only an agreeing answer is taken from a batch; anything else is asked again alone.
        Expected<DivideCounts> alone = ask_alone(door_, w.sent, options_.depth);
        difference = against(door_, w.expected, alone);
        // The engine died or went silent with this position's reply first unread. Any position
        // still in flight may have caused it: it is the engine's fault as a program only if
        // none of them faults alone.
        if (!answer && (answer.error_kind() == ErrorKind::Crashed ||
                        answer.error_kind() == ErrorKind::TimedOut))
          death = std::pair{w, answer.error()};
        // A complete answer in the batch that the same question alone does not repeat: the
        // target answers differently with requests in flight; the rest is asked alone.
        if (answer && alone && !same_answer(*answer, *alone)) {
          if (held->outcome.disagreements.empty())
            held->outcome.first_disagreement = route_text(w.sent) + ": " + counts_text(*answer) +
                                               " in flight, " + counts_text(*alone) + " alone";
          held->outcome.disagreements.push_back(w.event);
          one_at_a_time_ = true;
        }
      }
      --held->unanswered;
      record(w.block, w.event, w.mix, confirmed(w.block, w.event, w.expected, difference, w.sent),
             w.sent, w.played);
    }
    if (death && !stopped_ && door_.confirm_alone)
      note_engine_fault(death->first.block, death->first.event,
                        death->second + "; asked alone on a fresh engine, the positions in " +
                            "flight were answered: the fault depends on what the engine had " +
                            "been sent before");
  }

  // One position's outcome: a refusal, a fault (the run stops), or a comparison.
  void record(std::uint64_t block, std::uint32_t event, std::uint16_t mix,
              const Expected<DivideDifference>& difference, const Route& sent,
              const Route& played) {
    Held* held = find(block);
    if (held == nullptr) return;
    BlockOutcome& outcome = held->outcome;
    if (!difference && difference.error_kind() == ErrorKind::Refused) {
      outcome.events[event] = event_of(Event::Refused, mix);
      if (outcome.refusals.size() < RefusalExamples)
        outcome.refusals.emplace_back(event, difference.error());
    } else if (!difference) {
      fault_at(
          *held, event,
          MovegenFault{sent, difference.error(), difference.error_kind() == ErrorKind::GaveUp});
    } else if (difference->empty()) {
      outcome.events[event] = event_of(Event::Agreed, mix);
    } else {
      outcome.events[event] = event_of(Event::Diverged, mix);
      if (int(outcome.divergences.size()) < options_.shrunk_divergences)
        outcome.divergences.emplace_back(event, Found{played, *difference, sent});
    }
  }

  // The block ends at its fault; the blocks after it are dropped, those before it are whole.
  void fault_at(Held& held, std::uint32_t event, MovegenFault fault) {
    BlockOutcome& outcome = held.outcome;
    outcome.events.resize(event + 1);
    outcome.events[event] = event_of(Event::Fault);
    std::erase_if(outcome.divergences, [&](const auto& d) { return d.first > event; });
    std::erase_if(outcome.refusals, [&](const auto& r) { return r.first > event; });
    std::erase_if(outcome.disagreements, [&](std::uint32_t d) { return d > event; });
    std::erase_if(outcome.engine_faults, [&](std::uint32_t f) { return f > event; });
    std::erase_if(outcome.engine_fault_examples, [&](const auto& f) { return f.first > event; });
    if (outcome.disagreements.empty()) outcome.first_disagreement.clear();
    if (outcome.first_withheld_event > event) outcome.first_withheld.clear();
    outcome.fault = std::move(fault);
    held.unanswered = 0;
    held.generated = true;
    const std::uint64_t block = outcome.block;
    std::erase_if(held_, [&](const Held& h) { return h.outcome.block > block; });
    batch_.clear();
    commit_ready();
    stopped_ = true;
  }

  const MovegenDoor& door_;
  const MovegenOptions& options_;
  const BlockHooks& hooks_;
  std::deque<Held> held_;       // blocks taken and not yet committed, in order
  std::vector<Waiting> batch_;  // positions waiting to be asked together (door_.ask_many)
  bool one_at_a_time_ = false;  // the target's answers in a batch proved unreliable
  int since_fresh_ = 0;         // positions answered since the last confirm_alone
  int streak_ = 0;              // faults in a row a fresh target did not repeat, each soon after
  bool stopped_ = false;        // a fault, or the hooks said to abandon
};

}  // namespace

// A fault in the run's flow that the same position asked alone on a fresh target did not repeat.
std::string history_fault_text(const std::string& fault, const PerftConfirmation& again) {
  std::string text = fault +
                     "; asked alone on a fresh engine, the same position was answered: the fault "
                     "depends on what the engine had been sent before (it had been sent " +
                     again.history + " since it started, this position included)";
  if (!again.late_lines.empty())
    text += "; after its last reply it had printed " + again.late_lines_text();
  return text;
}

void run_blocks(const MovegenDoor& door, const MovegenOptions& options, const BlockHooks& hooks) {
  BlockRun(door, options, hooks).run();
}

}  // namespace movegen

MovegenResult run_movegen(const MovegenDoor& door, const MovegenOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  MovegenResult result = movegen::empty_result(door, options);
  movegen::Merger merger(options, result);
  if (options.jobs > 1) {
    movegen::run_blocks_in_workers(
        options, options.jobs, NoCallTimeout, door.name,
        [&](CallWatch&) -> Expected<MovegenDoor> {
          return door.open_in_worker ? door.open_in_worker() : Expected<MovegenDoor>(door);
        },
        merger);
  } else {
    std::uint64_t next = 0;
    const movegen::BlockHooks hooks{[&]() -> std::optional<std::uint64_t> {
                                      if (merger.done() || next >= movegen::block_count(options))
                                        return std::nullopt;
                                      return next++;
                                    },
                                    [&](movegen::BlockOutcome&& outcome) { merger.take(outcome); },
                                    [&](std::uint64_t) { return merger.done(); }};
    movegen::run_blocks(door, options, hooks);
  }
  movegen::Shrunk shrunk = movegen::shrink_found(door, options, merger.found());
  movegen::take_shrunk(result, std::move(shrunk));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace zobrist_verify::properties
