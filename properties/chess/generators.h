// The generators, all in one place: starting positions (the start position, the compiled-in corpus,
// fuzzed valid FENs) and games as sequences of move choices. A choice is a preference (castling,
// en passant, promotion, ...) and an index into the matching legal moves, so RapidCheck shrinks a
// game by dropping choices and lowering indices, and every shrunk game is still legal.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/chess/route.h"

namespace zobrist_verify::properties {

// Kinds of move the game generator prefers. A preference with no matching legal move (or a null
// move where the target has none) falls back to Any.
enum class MovePreference : std::uint8_t {
  Any,
  Capture,
  Castling,
  DoublePush,
  EnPassant,
  Promotion,
  UnderPromotion,     // knight, bishop or rook; with a capture when there is one
  CornerRookCapture,  // a rook taken on its corner or castling square
  Check,
  KingOrRookMove,  // one that loses a castling right when there is one
  NullMove,
};

struct MoveChoice {
  MovePreference preference = MovePreference::Any;
  std::uint16_t index = 0;
};

struct StartChoice {
  int roll = 0;  // < 25: the start position, < 75: a corpus position, else a fuzzed FEN
  std::uint32_t index = 0;
};

struct GameRecipe {
  StartChoice start;
  std::vector<MoveChoice> moves;
};

rc::Gen<MoveChoice> gen_move_choice();
rc::Gen<StartChoice> gen_start_choice();
// Up to `max_plies` choices (scaled by RapidCheck's size).
rc::Gen<GameRecipe> gen_game_recipe(int max_plies = 100);

// What a target can take: Chess960 starts and null moves are only generated when it can.
struct GenerationLimits {
  bool chess960 = true;
  bool null_moves = true;
};

// The rare cases a game contains, as bits.
enum GameTag : std::uint32_t {
  TagCastlingKingSide = 1 << 0,
  TagCastlingQueenSide = 1 << 1,
  TagDoublePush = 1 << 2,
  TagEnPassantCapture = 1 << 3,
  TagEnPassantCapturable = 1 << 4,  // a double push a capture could answer legally
  TagEnPassantPinned = 1 << 5,      // a double push answered only by an illegal (pinned) capture
  TagPromotion = 1 << 6,
  TagUnderPromotion = 1 << 7,
  TagPromotionCapture = 1 << 8,
  TagCornerRookCaptured = 1 << 9,
  TagCheck = 1 << 10,
  TagNullMove = 1 << 11,
  TagCastlingRightLost = 1 << 12,
  TagChess960 = 1 << 13,
  TagCorpusStart = 1 << 14,
  TagFuzzedStart = 1 << 15,
  TagLargeClock = 1 << 16,  // a start FEN whose halfmove clock is 100 or more
  TagLongRoute = 1 << 17,   // more plies than EngineHistoryPlies (long_route.h)
};
constexpr int GameTagCount = 18;
const char* tag_name(GameTag tag);

struct PlayedGame {
  // The start FEN as written in the corpus (fuzzed FENs in the reference's form) and the moves.
  Route route;
  std::string start_label;  // "startpos", a corpus id, or "fuzzed:<seed>"
  std::uint32_t tags = 0;
};

// Plays the recipe on the reference from its start; stops early at mate or stalemate.
PlayedGame play_recipe(const GameRecipe& recipe, const GenerationLimits& limits);
// One recipe in LongRouteOdds is a long route: played on past its own moves, by lengthening moves
// (long_route.h), to 4,100 to 5,000 plies in all. Which one, and how long, is a hash of its start
// choice and its number of moves: no generator draws more, so every other recipe plays as before.
constexpr unsigned LongRouteOdds = 1000;
// The plies a recipe's long route has in all; 0 for a recipe that is not one.
std::size_t long_route_plies(const GameRecipe& recipe);
// Plays `game` on by lengthening moves to `plies` plies (fewer when no move keeps the game going),
// tagging it TagLongRoute once it is longer than EngineHistoryPlies.
void lengthen(PlayedGame& game, std::size_t plies);
// Tags the current RapidCheck case with the game's rare cases (RC_CLASSIFY).
void classify_game(const PlayedGame& game);

struct CorpusPosition {
  const char* id;
  const char* fen;
  bool chess960;
};
// The compiled-in corpus: Chess960 starts, the tricky perft positions of
// corpus/perft/tricky.perft, and positions with pinned en passant, promotions and castling near.
std::span<const CorpusPosition> corpus_positions();

// A double push the en-passant property plays (and mirrors, for Black) from a compiled-in
// position before it.
struct DesignedDoublePush {
  const char* label;
  const char* fen;
  const char* move;  // UCI
};
std::span<const DesignedDoublePush> designed_double_pushes();

// A valid FEN drawn from `seed`: random placement (sometimes with castling rights and an
// en-passant square) filtered through the strict parser. One in ten without an en-passant square
// has a large halfmove clock (100 to 1,000,000, 4096 and its neighbours among them), with a
// fullmove number that could follow it.
std::string fuzzed_fen(std::uint64_t seed);

}  // namespace zobrist_verify::properties
