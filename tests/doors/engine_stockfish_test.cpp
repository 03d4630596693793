// The `stockfish` key scheme against the real Stockfish 15.1: for every position of a fixed
// sample of random games (and for hand-picked edge cases) the key Stockfish prints with `d` must
// equal our printed_key(), and its FEN must agree with ours on every field but en passant.
// Needs /usr/games/stockfish (ci/setup installs it) or ZV_STOCKFISH=<path>; skips without it.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/uci_engine.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {
namespace {

constexpr const char* DefaultStockfishPath = "/usr/games/stockfish";
constexpr const char* ExpectedEngineName = "Stockfish 15.1";

constexpr std::uint64_t SampleSeed = 0x2f0b5e1d9c3a7781ULL;
constexpr int SamplePositions = 40000;
constexpr int MaxGameLength = 200;  // plies
// Each kind of position or move the sample must hold at least this often (rarer kinds a
// fraction of it).
constexpr int CoverageFloor = 100;

// Starting points: the initial position, and positions where castling, en passant, promotions
// (to every piece, with and without capture, onto rook corners) and long quiet phases are near.
const char* const StartFens[] = {
    StartFen,
    // Kiwipete: both sides can castle both ways; en passant and promotions come soon.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // Pawns on the fifth and fourth ranks beside unmoved enemy pawns: en passant on every file.
    "r3k2r/p1p1p1p1/8/1P1P1P1P/1p1p1p1p/8/P1P1P1P1/R3K2R w KQkq - 0 1",
    "r3k2r/1p1p1p1p/8/P1P1P1P1/p1p1p1p1/8/1P1P1P1P/R3K2R b KQkq - 0 1",
    // Pawns one step from promoting, next to the rooks that still give castling rights.
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
    "4k3/PPP5/8/8/8/8/5ppp/K7 b - - 0 1",
    // An en-passant square set by the FEN, capturable.
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    // A king on the rank of a double push, a rook behind: the en-passant capture that follows is
    // pseudo-legal but illegal, and Stockfish 15.1 hashes its square anyway.
    "7k/2p5/8/KP5r/8/8/8/8 b - - 0 1",
    "8/8/8/8/kp5R/8/2P5/7K w - - 0 1",
    "4k3/6K1/8/3pP3/8/2b5/8/8 w - d6 0 2",  // the capturer is pinned along a diagonal
    // Castling with attacked and blocked paths.
    "r3k2r/8/B7/8/8/7b/8/R3K2R w KQkq - 0 1",
    // Sparse endgames: the halfmove clock climbs past 14, 22, 30, ... and the fold changes.
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 10 40",
    "8/2k5/3r4/8/8/4N3/5K2/6Q1 b - - 13 70",
    "6k1/5p2/8/8/8/8/2P5/1K2R3 w - - 0 50",
};

// How often the sample exercises each key feature of the scheme.
struct Coverage {
  int positions = 0;
  int en_passant_square_set = 0;  // after any double push
  int en_passant_hashed = 0;      // ... when a pawn of the side to move attacks the square
  int en_passant_pinned = 0;      // ... although no en-passant capture is legal
  int en_passant_captures = 0;
  int castlings = 0;
  int queenside_castlings = 0;
  int promotions = 0;
  int under_promotions = 0;
  int castling_rights_lost_to_captures = 0;
  int rule50_at_least_14 = 0;  // printed key folds make_key((rule50 - 14) / 8)
  int rule50_at_least_22 = 0;  // ... with a fold value other than make_key(0)
};

struct SampleGame {
  std::string start_fen;
  std::vector<Move> moves;
};

struct Sample {
  std::vector<SampleGame> games;
  Coverage coverage;
  std::string error;  // a start FEN our parser rejected
};

// Moves that change the key in an unusual way are picked far more often than quiet ones.
int move_weight(const Position& pos, Move m) {
  switch (m.kind()) {
    case MoveKind::EnPassant:
      return 80;
    case MoveKind::Castling:
      return 40;
    case MoveKind::Promotion:
      return 40;
    case MoveKind::Normal:
      break;
  }
  if (!pos.empty(m.to())) {
    // Taking a rook on its corner removes a castling right.
    return (pos.castling_rights() & pos.castling_rights_mask(m.to())) != 0 ? 40 : 6;
  }
  if (type_of(pos.moved_piece(m)) == Pawn) {
    return (int(m.to()) ^ int(m.from())) == 16 ? 12 : 3;  // double pushes set en passant
  }
  return 1;
}

// A weighted choice drawn straight from mt19937_64 (whose output the standard fixes), so the
// sample is the same with every standard library.
Move pick_move(const Position& pos, const MoveList& moves, std::mt19937_64& rng) {
  std::vector<int> weights;
  std::uint64_t total = 0;
  for (Move m : moves) {
    weights.push_back(move_weight(pos, m));
    total += std::uint64_t(weights.back());
  }
  std::uint64_t ticket = rng() % total;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (ticket < std::uint64_t(weights[i])) return moves[i];
    ticket -= std::uint64_t(weights[i]);
  }
  return moves[moves.size() - 1];
}

void count_position(const Position& pos, Coverage& coverage) {
  ++coverage.positions;
  if (pos.ep_square() != NoSquare) ++coverage.en_passant_square_set;
  if (pos.state()->ep_hashed) {
    ++coverage.en_passant_hashed;
    if (!pos.en_passant_capture_legal()) ++coverage.en_passant_pinned;
  }
  if (pos.rule50() >= 14) ++coverage.rule50_at_least_14;
  if (pos.rule50() >= 22) ++coverage.rule50_at_least_22;
}

void count_move(const Position& pos, Move m, Coverage& coverage) {
  if (m.kind() == MoveKind::EnPassant) ++coverage.en_passant_captures;
  if (m.kind() == MoveKind::Castling) {
    ++coverage.castlings;
    if (m.to() < m.from()) ++coverage.queenside_castlings;  // king takes the a- or h-rook
  }
  if (m.kind() == MoveKind::Promotion) {
    ++coverage.promotions;
    if (m.promotion_type() != Queen) ++coverage.under_promotions;
  }
  if (m.kind() != MoveKind::Castling && !pos.empty(m.to()) &&
      (pos.castling_rights() & pos.castling_rights_mask(m.to())) != 0) {
    ++coverage.castling_rights_lost_to_captures;
  }
}

// Random games of 1 to MaxGameLength plies from each start FEN in turn, until the sample holds
// SamplePositions positions (each game's start counted too).
Sample build_sample() {
  Sample sample;
  std::mt19937_64 rng(SampleSeed);
  const std::size_t start_count = std::size(StartFens);
  for (std::size_t index = 0; sample.coverage.positions < SamplePositions; ++index) {
    const char* start = StartFens[index % start_count];
    Game game;
    if (auto errors = game.set(start, stockfish_scheme()); !errors.empty()) {
      sample.error = std::string("start FEN ") + start + " rejected:\n" + format_errors(errors);
      return sample;
    }
    SampleGame record{start, {}};
    count_position(game.position(), sample.coverage);
    const int length = 1 + int(rng() % MaxGameLength);
    for (int ply = 0; ply < length; ++ply) {
      MoveList moves = legal_moves(game.position());
      if (moves.empty()) break;
      Move m = pick_move(game.position(), moves, rng);
      count_move(game.position(), m, sample.coverage);
      game.play(m);
      record.moves.push_back(m);
      count_position(game.position(), sample.coverage);
    }
    sample.games.push_back(std::move(record));
  }
  return sample;
}

std::string hex(Key key) {
  char text[19];
  std::snprintf(text, sizeof text, "0x%016llX", static_cast<unsigned long long>(key));
  return text;
}

std::vector<std::string> fen_fields(const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  return fields;
}

// The shared engine: started once for the whole suite.
class StockfishKeys : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    const char* from_environment = std::getenv("ZV_STOCKFISH");
    std::string path = from_environment != nullptr ? from_environment : DefaultStockfishPath;
    if (::access(path.c_str(), X_OK) != 0) {
      skip_reason_ =
          "no executable Stockfish at " + path + " (run ci/setup, or set ZV_STOCKFISH to its path)";
      return;
    }
    auto engine = UciEngine::start({path});
    if (!engine) {
      start_error_ = engine.error();
      return;
    }
    if (engine->name() != ExpectedEngineName) {
      skip_reason_ = path + " is '" + engine->name() + "'; the stockfish scheme describes " +
                     ExpectedEngineName;
      return;
    }
    engine_.emplace(std::move(*engine));
  }
  static void TearDownTestSuite() { engine_.reset(); }

  void SetUp() override {
    if (!skip_reason_.empty()) GTEST_SKIP() << skip_reason_;
    ASSERT_TRUE(engine_.has_value()) << "cannot start Stockfish: " << start_error_;
  }

  // Compares Stockfish's view of `game`'s current position with ours. Returns a reproduction
  // when they disagree, "" when they agree.
  static std::string compare(const Game& game, const std::string& start_fen) {
    const Position& pos = game.position();
    const std::string moves = game.uci_moves();
    if (auto sent = engine_->set_position(start_fen, moves); !sent) return sent.error();
    auto shown = engine_->display();
    if (!shown) return shown.error();

    const std::string ours = pos.fen();
    std::vector<std::string> their_fields = fen_fields(shown->fen);
    std::vector<std::string> our_fields = fen_fields(ours);
    std::string problem;
    if (shown->key != pos.printed_key()) {
      problem = "Stockfish prints another key";
    } else if (their_fields.size() != 6 || our_fields.size() != 6) {
      problem = "a FEN does not have six fields";
    } else {
      // Field 3 (en passant) is left out: Stockfish writes the square only when capturable.
      static const char* const names[] = {"placement", "side to move", "castling", "",
                                          "halfmove clock"};
      for (int field : {0, 1, 2, 4}) {
        if (their_fields[field] != our_fields[field]) {
          problem = std::string("the FENs differ in the ") + names[field] + " field";
          break;
        }
      }
    }
    if (problem.empty()) return "";
    return problem + "\n  start FEN:       " + start_fen +
           "\n  UCI moves:       " + (moves.empty() ? "(none)" : moves) +
           "\n  Stockfish's FEN: " + shown->fen + "\n  our FEN:         " + ours +
           "\n  Stockfish's key: " + hex(shown->key) +
           "\n  our printed key: " + hex(pos.printed_key()) + " (unfolded " + hex(pos.key()) +
           ", rule50 " + std::to_string(pos.rule50()) + ")";
  }

  // Plays `moves` from `start_fen` and compares every position on the way, the start included.
  static std::string compare_game(const std::string& start_fen, const std::vector<Move>& moves,
                                  int& compared) {
    Game game;
    if (auto errors = game.set(start_fen, stockfish_scheme()); !errors.empty()) {
      return "start FEN " + start_fen + " rejected:\n" + format_errors(errors);
    }
    if (std::string problem = compare(game, start_fen); !problem.empty()) return problem;
    ++compared;
    for (Move m : moves) {
      game.play(m);
      if (std::string problem = compare(game, start_fen); !problem.empty()) return problem;
      ++compared;
    }
    return "";
  }

  // Plays UCI `moves` from `start_fen` and compares every position on the way.
  static std::string compare_uci_game(const std::string& start_fen, const std::string& moves) {
    Game game;
    if (auto errors = game.set(start_fen, stockfish_scheme()); !errors.empty()) {
      return "start FEN " + start_fen + " rejected:\n" + format_errors(errors);
    }
    std::vector<Move> played;
    std::istringstream in(moves);
    for (std::string uci; in >> uci;) {
      auto m = game.play_uci(uci);
      if (!m) return "cannot replay the edge case: " + m.error();
      played.push_back(*m);
    }
    int compared = 0;
    return compare_game(start_fen, played, compared);
  }

  static inline std::optional<UciEngine> engine_;
  static inline std::string skip_reason_;
  static inline std::string start_error_;
};

TEST(StockfishSample, CoversEnPassantCastlingPromotionsAndTheHalfmoveFold) {
  Sample sample = build_sample();
  ASSERT_TRUE(sample.error.empty()) << sample.error;
  const Coverage& c = sample.coverage;
  struct Row {
    const char* name;
    int count;
    int floor;
  };
  const Row rows[] = {
      {"positions", c.positions, SamplePositions},
      {"en-passant square set", c.en_passant_square_set, CoverageFloor},
      {"en-passant square hashed", c.en_passant_hashed, CoverageFloor},
      {"... with no legal capture", c.en_passant_pinned, CoverageFloor / 10},
      {"en-passant captures", c.en_passant_captures, CoverageFloor},
      {"castlings", c.castlings, CoverageFloor},
      {"... queenside", c.queenside_castlings, CoverageFloor / 4},
      {"promotions", c.promotions, CoverageFloor},
      {"... under-promotions", c.under_promotions, CoverageFloor},
      {"castling rights lost to captures", c.castling_rights_lost_to_captures, CoverageFloor / 4},
      {"rule50 >= 14 (key folded)", c.rule50_at_least_14, CoverageFloor},
      {"rule50 >= 22 (fold past make_key(0))", c.rule50_at_least_22, CoverageFloor},
  };
  std::printf("sample: %zu games from seed %s\n", sample.games.size(), hex(SampleSeed).c_str());
  for (const Row& row : rows) {
    std::string name = std::string(row.name) + " ";
    name.resize(40, '.');
    std::printf("  %s %6d (at least %d)\n", name.c_str(), row.count, row.floor);
    EXPECT_GE(row.count, row.floor) << row.name;
  }
}

TEST_F(StockfishKeys, MatchEveryPositionOfTheRandomSample) {
  Sample sample = build_sample();
  ASSERT_TRUE(sample.error.empty()) << sample.error;
  int compared = 0;
  for (std::size_t index = 0; index < sample.games.size(); ++index) {
    const SampleGame& game = sample.games[index];
    std::string problem = compare_game(game.start_fen, game.moves, compared);
    ASSERT_TRUE(problem.empty()) << problem << "\n  (sample seed " << hex(SampleSeed) << ", game "
                                 << index << ")";
  }
  EXPECT_EQ(compared, sample.coverage.positions);
}

TEST_F(StockfishKeys, MatchOnEveryHalfmoveFoldGivenByTheFen) {
  // Clocks on both sides of each boundary where (rule50 - 14) / 8 changes, up to 100 and past it.
  for (int rule50 : {0, 13, 14, 15, 21, 22, 29, 30, 37, 38, 45, 46, 99, 100, 101, 150}) {
    for (const char* placement_side_castling :
         {"4k3/8/8/8/8/8/8/R3K2R w KQ", "r3k2r/8/8/8/8/8/8/4K3 b kq", "8/8/3k4/8/8/4K3/8/8 w -"}) {
      std::string fen = std::string(placement_side_castling) + " - " + std::to_string(rule50) +
                        " " + std::to_string(60 + rule50);
      std::string problem = compare_uci_game(fen, "");
      EXPECT_TRUE(problem.empty()) << problem;
    }
  }
}

TEST_F(StockfishKeys, MatchOnEnPassantEdgeCases) {
  struct EdgeCase {
    const char* fen;
    const char* moves;
  };
  const EdgeCase cases[] = {
      // The capture is pseudo-legal but illegal (it would open the fifth rank to the rook):
      // Stockfish 15.1 still hashes the square.
      {"7k/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c7c5"},
      // The same from a FEN that gives the square.
      {"7k/8/8/KPp4r/8/8/8/8 w - c6 0 2", ""},
      // A double push beside no enemy pawn: no en-passant term.
      {StartFen, "e2e4 e7e5 g1f3"},
      // Both neighbours can capture, then one does.
      {"4k3/8/8/8/2p1p3/8/3P4/4K3 w - - 0 1", "d2d4 c4d3"},
      // The capturer is pinned to its king along a diagonal.
      {"4k3/6K1/8/3pP3/8/2b5/8/8 w - d6 0 2", "g7g8"},
      // En passant that answers a check from the pushed pawn, and one that gives check.
      {"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3"},
      {"8/8/8/8/1p6/8/1KP5/3k4 w - - 0 1", "c2c4 b4c3"},
  };
  for (const EdgeCase& edge : cases) {
    std::string problem = compare_uci_game(edge.fen, edge.moves);
    EXPECT_TRUE(problem.empty()) << problem;
  }
}

TEST_F(StockfishKeys, MatchOnCastlingRightEdgeCases) {
  struct EdgeCase {
    const char* fen;
    const char* moves;
  };
  const EdgeCase cases[] = {
      // A rook captured on its corner takes that right away; the capturer promotes there.
      {"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", "b7a8q e8e7"},
      {"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", "b7a8n e8g8"},
      // Rooks capture the enemy rooks along open files.
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8 e8d7 h1h8"},
      // A rook move loses one right, a king move loses both.
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2 a8a7 e1d1"},
      // Castling both ways, each side.
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1 e8g8"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1 e8c8"},
  };
  for (const EdgeCase& edge : cases) {
    std::string problem = compare_uci_game(edge.fen, edge.moves);
    EXPECT_TRUE(problem.empty()) << problem;
  }
}

}  // namespace
}  // namespace zobrist_verify
