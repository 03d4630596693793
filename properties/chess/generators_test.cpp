// The generators and transposition classes give what the properties rely on: valid positions,
// legal games, the rare cases, and routes whose equality the reference decides as designed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "chess/generators.h"
#include "chess/position_tools.h"
#include "chess/transpositions.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify::properties {
namespace {

std::string identity_after(const Route& route, EnPassantRule rule) {
  Game game;
  EXPECT_TRUE(replay(game, route)) << route.fen;
  return to_string(position_identity(game.position(), rule));
}

TEST(Corpus, EveryPositionParsesWithItsChess960Flag) {
  for (const CorpusPosition& p : corpus_positions()) {
    Game game;
    EXPECT_TRUE(game.set(p.fen, polyglot_scheme(), FenOptions{p.chess960}).empty()) << p.id;
    EXPECT_EQ(game.position().is_chess960(), p.chess960) << p.id;
  }
}

TEST(Corpus, EveryPositionHasALegalMove) {
  for (const CorpusPosition& p : corpus_positions()) {
    Game game;
    ASSERT_TRUE(game.set(p.fen, polyglot_scheme(), FenOptions{p.chess960}).empty()) << p.id;
    EXPECT_FALSE(legal_moves(game.position()).empty()) << p.id;
  }
}

// Whether the strict reader accepts the FEN: a target is only ever handed such FENs (an engine
// may assert on a check no legal game reaches).
bool strictly_valid(const std::string& fen, bool chess960) {
  Position pos;
  StateInfo state;
  return pos.set(fen, state, polyglot_scheme(), FenOptions{.chess960 = chess960}, nullptr);
}

// Every position of the route, its start included, passes the strict reader.
void expect_strictly_valid_throughout(const Route& route, const std::string& what) {
  ASSERT_TRUE(strictly_valid(route.fen, route.chess960)) << what << ": " << route.fen;
  Game game;
  ASSERT_TRUE(game.set(route.fen, polyglot_scheme(), FenOptions{route.chess960}).empty());
  for (const std::string& m : route.moves) {
    ASSERT_TRUE(game.play_uci(m)) << what << ": " << m;
    const std::string fen = game.position().fen();
    EXPECT_TRUE(strictly_valid(fen, route.chess960)) << what << " reached " << fen;
  }
}

TEST(StrictStarts, EveryDesignedDoublePushPassesTheStrictReaderForBothColours) {
  for (const DesignedDoublePush& push : designed_double_pushes()) {
    std::string mirrored_move = push.move;
    mirrored_move[1] = char('1' + ('8' - mirrored_move[1]));
    mirrored_move[3] = char('1' + ('8' - mirrored_move[3]));
    expect_strictly_valid_throughout({push.fen, false, {push.move}}, push.label);
    expect_strictly_valid_throughout({mirror_fen(push.fen), false, {mirrored_move}}, push.label);
  }
}

TEST(StrictStarts, TenThousandFuzzedFensPassTheStrictReaderManyOfThemInCheck) {
  int in_check = 0;
  for (std::uint64_t seed = 0; seed < 10'000; ++seed) {
    const std::string fen = fuzzed_fen(seed);
    EXPECT_TRUE(strictly_valid(fen, false)) << seed << ": " << fen;
    Game game;
    if (game.set(fen, polyglot_scheme()).empty()) in_check += game.position().checkers() != 0;
  }
  EXPECT_GT(in_check, 500);  // the rule is exercised, not only positions without checks
}

TEST(StrictStarts, EveryPositionOfAThousandGeneratedGamesPassesTheStrictReader) {
  for (int i = 0; i < 1000; ++i) {
    const GameRecipe recipe = gen_game_recipe()(rc::Random(std::uint64_t(i)), 100).value();
    const PlayedGame game = play_recipe(recipe, GenerationLimits{});
    expect_strictly_valid_throughout(game.route, game.start_label);
  }
}

TEST(StrictStarts, EveryRouteOfTheTranspositionClassesPassesTheStrictReader) {
  std::vector<TranspositionClass> classes = designed_classes();
  for (int i = 0; i < 300; ++i) {
    const GameRecipe recipe = gen_game_recipe()(rc::Random(std::uint64_t(i)), 100).value();
    const PlayedGame game = play_recipe(recipe, GenerationLimits{});
    const unsigned seed = unsigned(i) * 7919u;
    for (auto built : {swapped_moves_class(game, seed), double_push_class(game, seed),
                       out_and_back_class(game, seed), en_passant_field_class(game, seed)})
      if (built) classes.push_back(*built);
  }
  EXPECT_GT(classes.size(), 300u);
  for (const TranspositionClass& c : classes)
    for (const Route& route : c.routes) expect_strictly_valid_throughout(route, c.label);
}

TEST(FuzzedFen, ThousandSeedsGiveValidPositions) {
  for (std::uint64_t seed = 0; seed < 1000; ++seed)
    EXPECT_TRUE(fen_is_valid(fuzzed_fen(seed))) << seed << ": " << fuzzed_fen(seed);
}

// Fruit 2.1 keeps 4096 plies of history without a bound check: a halfmove clock past it is among
// the fuzzed starts.
TEST(FuzzedFen, SomeHaveHalfmoveClocksPastFourThousandAndNinetySix) {
  int large = 0, past_history = 0;
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const FenFields f = split_fen(fuzzed_fen(seed));
    large += std::stoll(f.halfmove) >= 100;
    past_history += std::stoll(f.halfmove) > 4096;
    if (std::stoll(f.halfmove) > 0) {
      EXPECT_EQ(f.en_passant, "-") << fuzzed_fen(seed);
    }
  }
  EXPECT_GT(large, 30);
  EXPECT_GT(past_history, 10);
}

TEST(FuzzedFen, SomeHaveEnPassantSquaresAndSomeCastlingRights) {
  int en_passant = 0, castling = 0;
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const FenFields f = split_fen(fuzzed_fen(seed));
    en_passant += f.en_passant != "-";
    castling += f.castling != "-";
  }
  EXPECT_GT(en_passant, 50);
  EXPECT_GT(castling, 5);
}

RC_GTEST_PROP(GameGenerator, EveryGeneratedGameReplaysLegally, ()) {
  const GameRecipe recipe = *gen_game_recipe();
  const PlayedGame played = play_recipe(recipe, GenerationLimits{});
  Game game;
  RC_ASSERT(replay(game, played.route));
  RC_ASSERT(played.route.moves.size() <= recipe.moves.size());
}

RC_GTEST_PROP(GameGenerator, NoNullMovesOrChess960WhenTheTargetCannot, ()) {
  const PlayedGame played = play_recipe(*gen_game_recipe(), GenerationLimits{false, false});
  RC_ASSERT(!played.route.chess960);
  for (const std::string& m : played.route.moves) RC_ASSERT(m != "0000");
}

TEST(GameGenerator, AThousandGamesCoverEveryRareCase) {
  std::uint32_t seen = 0;
  for (int i = 0; i < 1000; ++i)
    seen |= play_recipe(gen_game_recipe()(rc::Random(std::uint64_t(i)), 100).value(),
                        GenerationLimits{})
                .tags;
  for (int bit = 0; bit < GameTagCount; ++bit)
    if (GameTag(1u << bit) != TagLongRoute) {  // lengthen()'s, below
      EXPECT_TRUE(seen & (1u << bit)) << tag_name(GameTag(1u << bit));
    }
}

// Fruit 2.1 keeps 4096 plies of history without a bound check: about one recipe in a thousand is
// played on past it, to 4,100 to 5,000 plies, by legal moves, unless its own moves end the game.
TEST(GameGenerator, AboutOneRecipeInAThousandIsALongRoute) {
  int long_routes = 0, lengthened = 0;
  for (int i = 0; i < 20000; ++i) {
    const GameRecipe recipe = gen_game_recipe()(rc::Random(std::uint64_t(i)), 100).value();
    const std::size_t plies = long_route_plies(recipe);
    if (plies == 0) continue;
    ++long_routes;
    EXPECT_GE(plies, 4100u);
    EXPECT_LE(plies, 5000u);
    PlayedGame game = play_recipe(recipe, GenerationLimits{});
    EXPECT_FALSE(game.tags & TagLongRoute);
    lengthen(game, plies);
    Game replayed;
    ASSERT_TRUE(replay(replayed, game.route)) << game.route.fen;
    if (game.route.moves.size() < plies) {
      EXPECT_FALSE(has_legal_move(replayed.position())) << replayed.position().fen();
      EXPECT_FALSE(game.tags & TagLongRoute);
      continue;
    }
    EXPECT_EQ(game.route.moves.size(), plies);
    EXPECT_TRUE(game.tags & TagLongRoute);
    ++lengthened;
  }
  EXPECT_GE(long_routes, 10);
  EXPECT_LE(long_routes, 35);
  EXPECT_GE(lengthened, long_routes * 3 / 4);
}

TEST(PositionTools, MirrorTwiceIsTheSameFen) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(mirror_fen(mirror_fen(fen)), fen);
  EXPECT_TRUE(fen_is_valid(mirror_fen(fen)));
}

TEST(PositionTools, PinnedEnPassantAppliesUnderPseudoLegalOnly) {
  Game game;
  ASSERT_TRUE(game.set("8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", polyglot_scheme()).empty());
  ASSERT_TRUE(game.play_uci("e2e4"));
  EXPECT_TRUE(en_passant_term_applies(game.position(), EnPassantRule::Always));
  EXPECT_TRUE(en_passant_term_applies(game.position(), EnPassantRule::PseudoLegal));
  EXPECT_FALSE(en_passant_term_applies(game.position(), EnPassantRule::Legal));
}

TEST(PositionTools, CastlingFieldWritesShredderLettersInChess960) {
  Game game;
  ASSERT_TRUE(game.set("r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", polyglot_scheme(),
                       FenOptions{true})
                  .empty());
  EXPECT_EQ(castling_field(game.position(), CastlingRights(WhiteOOO | BlackOO)), "Ah");
  EXPECT_EQ(castling_field(game.position(), NoCastling), "-");
}

TEST(DesignedClasses, EveryRouteIsLegal) {
  for (const TranspositionClass& c : designed_classes())
    for (const std::vector<Route>* routes : {&c.routes, &c.move_forms})
      for (const Route& r : *routes) {
        Game game;
        EXPECT_TRUE(replay(game, r)) << c.label << ": " << r.fen;
      }
}

TEST(DesignedClasses, UnderMoveRoutesOnlyEachKeepsTwoRoutesFromOneFenAndNoOtherFen) {
  for (const TranspositionClass& c : designed_classes()) {
    const std::optional<TranspositionClass> kept = from_start_fens(c);
    ASSERT_TRUE(kept) << c.label;
    for (const Route& r : kept->routes)
      EXPECT_TRUE(std::any_of(c.routes.begin(), c.routes.end(),
                              [&](const Route& s) { return !s.moves.empty() && s.fen == r.fen; }))
          << c.label << ": " << r.fen;
  }
}

TEST(DesignedClasses, TheCornerCapturesHaveAMoveFormThatLosesTheOtherRightsFirst) {
  for (const TranspositionClass& c : designed_classes()) {
    if (c.label != "rooks captured on their corners") continue;
    const std::optional<TranspositionClass> kept = from_start_fens(c);
    ASSERT_TRUE(kept);
    ASSERT_EQ(kept->routes.size(), 3u);  // the captures, the start, the move form; not the FEN
    EXPECT_EQ(moves_text(kept->routes[2].moves), "a1b1 a8b8 b1a1 b8a8 d5a8 d4a1");
    EXPECT_EQ(identity_after(kept->routes[2], EnPassantRule::Always),
              "B3k2r/8/8/8/8/8/8/b3K2R w Kk -");
    EXPECT_EQ(identity_after(kept->routes[0], EnPassantRule::Always),
              "B3k2r/8/8/8/8/8/8/b3K2R w Kk -");
    return;
  }
  FAIL() << "no corner class";
}

TEST(DesignedClasses, SlowPushEqualsDoublePushExceptUnderAlways) {
  const TranspositionClass& c = designed_classes().front();
  EXPECT_NE(identity_after(c.routes[0], EnPassantRule::Always),
            identity_after(c.routes[1], EnPassantRule::Always));
  EXPECT_EQ(identity_after(c.routes[0], EnPassantRule::PseudoLegal),
            identity_after(c.routes[1], EnPassantRule::PseudoLegal));
  EXPECT_EQ(identity_after(c.routes[0], EnPassantRule::Legal),
            identity_after(c.routes[1], EnPassantRule::Legal));
}

TEST(DesignedClasses, PinnedDoublePushEqualsSlowPushUnderLegalOnly) {
  for (const TranspositionClass& c : designed_classes()) {
    if (c.label.find("horizontally pinned") == std::string::npos) continue;
    EXPECT_EQ(identity_after(c.routes[0], EnPassantRule::Legal),
              identity_after(c.routes[1], EnPassantRule::Legal));
    EXPECT_NE(identity_after(c.routes[0], EnPassantRule::PseudoLegal),
              identity_after(c.routes[1], EnPassantRule::PseudoLegal));
    return;
  }
  FAIL() << "no pinned class";
}

TEST(DesignedClasses, KingOutAndBackDiffersFromStayingButEqualsTheFenWithoutRights) {
  for (const TranspositionClass& c : designed_classes()) {
    if (c.label.find("lost by king and rook") == std::string::npos) continue;
    const auto rule = EnPassantRule::Legal;
    const std::string kept = identity_after(c.routes[0], rule);
    const std::string king_trip = identity_after(c.routes[1], rule);
    EXPECT_NE(kept, king_trip);
    EXPECT_EQ(king_trip, identity_after(c.routes[2], rule));  // the other king trip
    EXPECT_EQ(king_trip, identity_after(c.routes[3], rule));  // the FEN with "-"
    return;
  }
  FAIL() << "no castling class";
}

TEST(DesignedClasses, MovesInEitherOrderKeepTheRights) {
  for (const TranspositionClass& c : designed_classes()) {
    if (c.label.find("kept") == std::string::npos) continue;
    for (const Route& r : c.routes)
      EXPECT_EQ(identity_after(r, EnPassantRule::Always),
                identity_after(c.routes[0], EnPassantRule::Always));
    return;
  }
  FAIL() << "no kept class";
}

}  // namespace
}  // namespace zobrist_verify::properties
