// The inside of a movegen run: a block outcome survives its trip from a worker as bytes (and
// bytes that are not one do not decode), and the Merger puts outcomes together position by
// position as one process running the blocks in order would have counted them.
#include "chess/movegen_blocks.h"

#include <gtest/gtest.h>

#include <random>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/divide_comparison.h"

namespace zobrist_verify::properties::movegen {
namespace {

std::uint16_t event(Event kind, std::uint16_t mix = 0) {
  return std::uint16_t(std::uint16_t(kind) | std::uint16_t(mix << 3));
}

// Mix flags as the runner packs them: en passant 1, pinned 2, castling 4, promotion 8, check 16,
// Chess960 32, no legal move 64.
constexpr std::uint16_t EnPassant = 1, Castling = 4, Check = 16;

Found found_at(const std::string& move) {
  Found f;
  f.whole = Route{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, {move}};
  f.difference.missing = {move};
  f.difference.expected_nodes = 20;
  f.difference.actual_nodes = 19;
  f.sent = Route{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false, {}};
  return f;
}

BlockOutcome full_outcome() {
  BlockOutcome o;
  o.block = 17;
  o.events = {event(Event::Agreed, Check), event(Event::Withheld),
              event(Event::Diverged, EnPassant), event(Event::Refused), event(Event::Fault)};
  o.divergences.emplace_back(2, found_at("e2e4"));
  o.refusals.emplace_back(3, "engine refused 'position fen ...': error");
  o.first_withheld_event = 1;
  o.first_withheld = "8/8/8/8/8/8/8/K6k w - - 0 1";
  o.disagreements = {2};
  o.first_disagreement = "fen ...: 3 moves, 3 nodes in flight, 4 moves, 4 nodes alone";
  o.engine_faults = {0, 3};
  o.engine_fault_examples = {{0, "crashed after 300 positions"}, {3, "out of step"}};
  o.fault = MovegenFault{Route{"8/8/8/8/8/8/8/K6k w - - 0 1", false, {"a1a2"}}, "crashed", true};
  return o;
}

TEST(MovegenBlockCodec, AnOutcomeComesBackWhole) {
  const BlockOutcome o = full_outcome();
  const std::optional<BlockOutcome> back = decode_block(encode_block(o));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->block, 17u);
  EXPECT_EQ(back->events, o.events);
  ASSERT_EQ(back->divergences.size(), 1u);
  EXPECT_EQ(back->divergences[0].first, 2u);
  EXPECT_EQ(back->divergences[0].second.whole.moves, std::vector<std::string>{"e2e4"});
  EXPECT_EQ(back->divergences[0].second.difference.missing, std::vector<std::string>{"e2e4"});
  EXPECT_EQ(back->divergences[0].second.difference.actual_nodes, 19u);
  EXPECT_EQ(back->divergences[0].second.sent.fen, o.divergences[0].second.sent.fen);
  EXPECT_EQ(back->refusals, o.refusals);
  EXPECT_EQ(back->first_withheld_event, 1u);
  EXPECT_EQ(back->first_withheld, o.first_withheld);
  EXPECT_EQ(back->disagreements, o.disagreements);
  EXPECT_EQ(back->first_disagreement, o.first_disagreement);
  EXPECT_EQ(back->engine_faults, (std::vector<std::uint32_t>{0, 3}));
  EXPECT_EQ(back->engine_fault_examples, o.engine_fault_examples);
  ASSERT_TRUE(back->fault);
  EXPECT_EQ(back->fault->message, "crashed");
  EXPECT_TRUE(back->fault->unusable);
  EXPECT_EQ(back->fault->route.moves, std::vector<std::string>{"a1a2"});
}

TEST(MovegenBlockCodec, CutOrLengthenedBytesAndNoiseDoNotDecode) {
  const std::string bytes = encode_block(full_outcome());
  for (std::size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_FALSE(decode_block(bytes.substr(0, cut))) << "cut to " << cut;
  EXPECT_FALSE(decode_block(bytes + '\0'));
  // Noise never crashes the decoder (a plugin in the worker may scribble on the stream).
  std::mt19937_64 random(7);
  for (int i = 0; i < 20000; ++i) {
    std::string noise = bytes;
    noise[random() % noise.size()] = char(random());
    if (i % 3 == 0) noise.resize(random() % noise.size());
    (void)decode_block(noise);
  }
}

TEST(MovegenBlockCodec, AShrunkListComesBackWhole) {
  Shrunk shrunk;
  MovegenDivergence d{Route{"8/8/8/8/8/8/8/K6k w - - 0 1", false, {}}, false, {}, {}};
  d.difference.extra = {"a1b1"};
  PerftDescent descent;
  descent.moves = {"a1a2"};
  descent.depth = 1;
  descent.expected = 3;
  descent.actual = 4;
  descent.children_agree = true;
  descent.stopped = "depth 1";
  d.descent = descent;
  shrunk.divergences.push_back(d);
  shrunk.fault = MovegenFault{{}, "timed out"};
  shrunk.engine_faults = {"crashed while shrinking"};
  const std::string bytes = encode_shrunk(shrunk);
  const std::optional<Shrunk> back = decode_shrunk(bytes);
  ASSERT_TRUE(back);
  ASSERT_EQ(back->divergences.size(), 1u);
  EXPECT_FALSE(back->divergences[0].shrunk);
  EXPECT_EQ(back->divergences[0].difference.extra, std::vector<std::string>{"a1b1"});
  ASSERT_TRUE(back->divergences[0].descent);
  EXPECT_EQ(back->divergences[0].descent->actual, 4u);
  EXPECT_EQ(back->divergences[0].descent->stopped, "depth 1");
  ASSERT_TRUE(back->fault);
  EXPECT_EQ(back->fault->message, "timed out");
  EXPECT_FALSE(back->fault->unusable);
  EXPECT_EQ(back->engine_faults, std::vector<std::string>{"crashed while shrinking"});
  for (std::size_t cut = 0; cut < bytes.size(); ++cut)
    EXPECT_FALSE(decode_shrunk(bytes.substr(0, cut))) << "cut to " << cut;
}

MovegenOptions options_for(int positions) {
  MovegenOptions options;
  options.positions = positions;
  options.shrunk_divergences = 2;
  return options;
}

// Block 0: agreed (check), withheld, diverged (en passant), refused. Block 1: diverged
// (castling), refused, agreed, diverged, agreed.
std::vector<BlockOutcome> two_blocks() {
  BlockOutcome a;
  a.block = 0;
  a.events = {event(Event::Agreed, Check), event(Event::Withheld),
              event(Event::Diverged, EnPassant), event(Event::Refused)};
  a.divergences.emplace_back(2, found_at("a2a3"));
  a.refusals.emplace_back(3, "first refusal");
  a.first_withheld_event = 1;
  a.first_withheld = "withheld FEN";
  BlockOutcome b;
  b.block = 1;
  b.events = {event(Event::Diverged, Castling), event(Event::Refused), event(Event::Agreed),
              event(Event::Diverged), event(Event::Agreed)};
  b.divergences.emplace_back(0, found_at("b2b3"));
  b.divergences.emplace_back(3, found_at("c2c3"));
  b.refusals.emplace_back(1, "second refusal");
  b.disagreements = {2};
  b.first_disagreement = "the first disagreement";
  b.engine_faults = {0, 2};
  b.engine_fault_examples = {{0, "first engine fault"}, {2, "second engine fault"}};
  return {a, b};
}

TEST(MovegenMerger, CountsEveryPositionOfWholeBlocks) {
  const MovegenOptions options = options_for(100);
  MovegenResult result;
  Merger merger(options, result);
  for (const BlockOutcome& o : two_blocks()) merger.take(o);
  EXPECT_FALSE(merger.done());
  EXPECT_EQ(result.given, 8);      // all but the withheld one
  EXPECT_EQ(result.positions, 6);  // compared: given less the refused
  EXPECT_EQ(result.refused, 2);
  EXPECT_EQ(result.divergences, 3);
  EXPECT_EQ(result.withheld, 1);
  EXPECT_EQ(result.first_withheld, "withheld FEN");
  EXPECT_EQ(result.refusal_examples, (std::vector<std::string>{"first refusal", "second refusal"}));
  EXPECT_EQ(result.pipeline_disagreements, 1);
  EXPECT_EQ(result.first_pipeline_disagreement, "the first disagreement");
  EXPECT_EQ(result.engine_faults, 2);
  EXPECT_EQ(result.engine_fault_examples,
            (std::vector<std::string>{"first engine fault", "second engine fault"}));
  EXPECT_EQ(result.mix.check, 1);
  EXPECT_EQ(result.mix.en_passant, 1);
  EXPECT_EQ(result.mix.castling, 1);
  // The first two divergences only (options.shrunk_divergences), in order.
  ASSERT_EQ(merger.found().size(), 2u);
  EXPECT_EQ(merger.found()[0].whole.moves, std::vector<std::string>{"a2a3"});
  EXPECT_EQ(merger.found()[1].whole.moves, std::vector<std::string>{"b2b3"});
  EXPECT_FALSE(result.fault);
}

TEST(MovegenMerger, HandsOnTheResultSoFarAfterEachBlockWithItsDivergencesAsFound) {
  MovegenOptions options = options_for(100);
  std::vector<MovegenResult> so_far;
  options.partial = [&](const MovegenResult& partial) { so_far.push_back(partial); };
  MovegenResult result;
  Merger merger(options, result);
  for (const BlockOutcome& o : two_blocks()) merger.take(o);
  ASSERT_EQ(so_far.size(), 2u);
  EXPECT_EQ(so_far[0].given, 3);
  EXPECT_EQ(so_far[0].divergences, 1);
  ASSERT_EQ(so_far[0].first_divergences.size(), 1u);
  EXPECT_EQ(so_far[0].first_divergences[0].difference.missing, std::vector<std::string>{"a2a3"});
  // As it was sent: the FEN, not the route it was found on.
  EXPECT_EQ(so_far[0].first_divergences[0].route.fen,
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_FALSE(so_far[0].first_divergences[0].shrunk);
  EXPECT_EQ(so_far[1].given, 8);
  EXPECT_EQ(so_far[1].divergences, 3);
  EXPECT_EQ(so_far[1].first_divergences.size(), 2u);  // options.shrunk_divergences
  EXPECT_TRUE(result.first_divergences.empty());      // the run's own result: shrunk later
}

TEST(MovegenMerger, StopsAtThePositionsAskedForInsideABlock) {
  // Five given: the four of block 0 (less the withheld one: three) and two of block 1.
  const MovegenOptions options = options_for(5);
  MovegenResult result;
  Merger merger(options, result);
  for (const BlockOutcome& o : two_blocks()) merger.take(o);
  EXPECT_TRUE(merger.done());
  EXPECT_EQ(result.given, 5);
  EXPECT_EQ(result.refused, 2);
  EXPECT_EQ(result.divergences, 2);
  // The disagreement is on block 1's third event, which the run never reached.
  EXPECT_EQ(result.pipeline_disagreements, 0);
  EXPECT_TRUE(result.first_pipeline_disagreement.empty());
  // Block 1's first engine fault is on a position given; its second is past the run's end.
  EXPECT_EQ(result.engine_faults, 1);
  EXPECT_EQ(result.engine_fault_examples, std::vector<std::string>{"first engine fault"});
  EXPECT_EQ(result.mix.castling, 1);
}

TEST(MovegenMerger, AFaultEndsTheRunAndLaterBlocksAreNotTaken) {
  const MovegenOptions options = options_for(100);
  MovegenResult result;
  Merger merger(options, result);
  std::vector<BlockOutcome> blocks = two_blocks();
  blocks[0].events.push_back(event(Event::Fault));
  blocks[0].fault = MovegenFault{{}, "the fault"};
  for (const BlockOutcome& o : blocks) merger.take(o);
  EXPECT_TRUE(merger.done());
  EXPECT_EQ(result.given, 4);  // three and the fault's position
  ASSERT_TRUE(result.fault);
  EXPECT_EQ(result.fault->message, "the fault");
  EXPECT_EQ(result.refusal_examples, std::vector<std::string>{"first refusal"});
  ASSERT_EQ(merger.found().size(), 1u);

  // A worker that died in a block: its fault, on a position given, after the blocks before it.
  MovegenResult died;
  Merger after(options, died);
  after.take(two_blocks()[0]);
  after.take_fault(MovegenFault{{}, "crashed"});
  EXPECT_TRUE(after.done());
  EXPECT_EQ(died.given, 4);
  EXPECT_EQ(died.fault->message, "crashed");
}

// Whether a route sent to the door holds standard castling written king takes rook.
bool castles_king_takes_rook(const Route& route) {
  for (const std::string& move : route.moves)
    if (move == "e1h1" || move == "e1a1" || move == "e8h8" || move == "e8a8") return true;
  return false;
}

// A door that gives the reference's divide, but diverges (a move left out) on one call only, the
// second whose route holds four moves (a FEN a few plies into a game), so that shrinking cannot
// find it again and it stays as found; or faults on the first route with castling written king
// takes rook (an engine under UCI_Chess960 gets it so in standard chess too).
struct OnceWrongDoor {
  enum class Wrong : std::uint8_t { Diverge, Fault };
  Wrong wrong;
  bool king_takes_rook = false;
  std::vector<Route> calls;
  int four_move_calls = 0;

  bool is_the_wrong_call(const Route& route) {
    if (wrong == Wrong::Fault) return castles_king_takes_rook(route);
    return route.moves.size() == 4 && ++four_move_calls == 2;
  }

  Expected<DivideCounts> divide(const Route& route, int depth) {
    calls.push_back(route);
    Game game;
    if (!game.set(route.fen, polyglot_scheme(),
                  FenOptions{.chess960 = route.chess960, .allow_unreachable = true})
             .empty() ||
        !game.play_uci_sequence(moves_text(route.moves)))
      return Error{"the test door cannot read " + route_text(route), ErrorKind::AnsweredBadly};
    DivideCounts counts = reference_divide(game.position(), depth, king_takes_rook);
    if (!is_the_wrong_call(route)) return counts;
    if (wrong == Wrong::Fault) return Error{"planted fault", ErrorKind::AnsweredBadly};
    counts.nodes -= counts.moves.back().second;
    counts.moves.pop_back();
    return counts;
  }

  MovegenResult run() {
    MovegenDoor door;
    door.name = "once wrong";
    door.king_takes_rook = king_takes_rook;
    door.divide = [this](const Route& route, int depth) { return divide(route, depth); };
    MovegenOptions options;
    options.positions = 400;
    return run_movegen(door, options);
  }

  // The first call the door was wrong on.
  Route wrong_call() const {
    int seen = 0;
    for (const Route& route : calls)
      if (wrong == Wrong::Fault ? castles_king_takes_rook(route)
                                : route.moves.size() == 4 && ++seen == 2)
        return route;
    return {};
  }
};

TEST(MovegenAsSent, ADivergenceThatDoesNotShrinkShowsTheRouteAsTheDoorWasSentIt) {
  OnceWrongDoor door{OnceWrongDoor::Wrong::Diverge, false, {}, 0};
  const MovegenResult result = door.run();
  ASSERT_EQ(result.first_divergences.size(), 1u);
  const MovegenDivergence& found = result.first_divergences[0];
  EXPECT_FALSE(found.shrunk);
  EXPECT_EQ(found.route.fen, door.wrong_call().fen);
  EXPECT_EQ(found.route.moves, door.wrong_call().moves);
  EXPECT_EQ(found.route.moves.size(), 4u);
}

// An engine under UCI_Chess960 gets castling as king takes rook even in standard chess; the fault
// shows the moves as it got them.
TEST(MovegenAsSent, AFaultShowsTheRouteAsTheDoorWasSentIt) {
  OnceWrongDoor door{OnceWrongDoor::Wrong::Fault, /*king_takes_rook=*/true, {}, 0};
  const MovegenResult result = door.run();
  ASSERT_TRUE(result.fault);
  ASSERT_TRUE(castles_king_takes_rook(door.wrong_call()));
  EXPECT_EQ(result.fault->route.fen, door.wrong_call().fen);
  EXPECT_EQ(result.fault->route.moves, door.wrong_call().moves);
}

TEST(MovegenOnly, AsksTheOneRouteWithItsFenAsWrittenAndItsMovesInTheDoorsNotation) {
  OnceWrongDoor door{OnceWrongDoor::Wrong::Diverge, /*king_takes_rook=*/true, {}, 0};
  MovegenDoor movegen_door;
  movegen_door.name = "recording";
  movegen_door.king_takes_rook = true;
  movegen_door.divide = [&door](const Route& route, int depth) {
    return door.divide(route, depth);
  };
  MovegenOptions options;
  // No clocks written: the FEN goes as it is, not as the reference would write it.
  options.only = Route{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq -", false, {"e1g1", "e8c8"}};
  options.positions = 1;
  const MovegenResult result = run_movegen(movegen_door, options);
  EXPECT_EQ(result.given, 1);
  EXPECT_EQ(result.positions, 1);
  ASSERT_EQ(door.calls.size(), 1u);
  EXPECT_EQ(door.calls[0].fen, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
  EXPECT_EQ(door.calls[0].moves, (std::vector<std::string>{"e1h1", "e8a8"}));
}

}  // namespace
}  // namespace zobrist_verify::properties::movegen
