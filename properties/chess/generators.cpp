#include "chess/generators.h"

#include <algorithm>

#include "chess/position_tools.h"
#include "core/rapidcheck_run.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/long_route.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

// Cumulative rolls out of 100 for each preference; a roll shrinks toward 0, that is toward Any.
struct PreferenceBand {
  int below;
  MovePreference preference;
};
constexpr PreferenceBand PreferenceBands[] = {
    {34, MovePreference::Any},
    {44, MovePreference::Capture},
    {56, MovePreference::Castling},
    {64, MovePreference::DoublePush},
    {73, MovePreference::EnPassant},
    {79, MovePreference::Promotion},
    {83, MovePreference::UnderPromotion},
    {88, MovePreference::CornerRookCapture},
    {93, MovePreference::Check},
    {97, MovePreference::KingOrRookMove},
    {100, MovePreference::NullMove},
};

MovePreference preference_of_roll(int roll) {
  for (const PreferenceBand& band : PreferenceBands)
    if (roll < band.below) return band.preference;
  return MovePreference::Any;
}

bool is_double_push(const Position& pos, Move m) {
  return type_of(pos.moved_piece(m)) == Pawn && (int(m.from()) ^ int(m.to())) == 16;
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

bool is_corner(Square s) {
  return s == A1 || s == H1 || s == A8 || s == H8;
}

bool takes_castling_rook(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Castling || type_of(pos.piece_on(m.to())) != Rook) return false;
  return is_corner(m.to()) || (pos.castling_rights() & pos.castling_rights_mask(m.to()));
}

bool loses_castling_right(const Position& pos, Move m) {
  return pos.castling_rights() &
         (pos.castling_rights_mask(m.from()) | pos.castling_rights_mask(m.to()));
}

bool gives_check(const Position& pos, Move m) {
  Position copy = pos;  // shares the state chain read-only; the new record lives here
  StateInfo st;
  copy.make_move(m, st);
  return copy.checkers();
}

bool matches(const Position& pos, Move m, MovePreference preference) {
  switch (preference) {
    case MovePreference::Any:
      return true;
    case MovePreference::Capture:
      return is_capture(pos, m);
    case MovePreference::Castling:
      return m.kind() == MoveKind::Castling;
    case MovePreference::DoublePush:
      return is_double_push(pos, m);
    case MovePreference::EnPassant:
      return m.kind() == MoveKind::EnPassant;
    case MovePreference::Promotion:
      return m.kind() == MoveKind::Promotion;
    case MovePreference::UnderPromotion:
      return m.kind() == MoveKind::Promotion && m.promotion_type() != Queen;
    case MovePreference::CornerRookCapture:
      return takes_castling_rook(pos, m);
    case MovePreference::Check:
      return gives_check(pos, m);
    case MovePreference::KingOrRookMove: {
      const PieceType pt = type_of(pos.moved_piece(m));
      return m.kind() != MoveKind::Castling && (pt == King || pt == Rook);
    }
    case MovePreference::NullMove:
      return false;
  }
  return false;
}

// Among the matching moves, the ones that make the case rarer still.
bool refines(const Position& pos, Move m, MovePreference preference) {
  switch (preference) {
    case MovePreference::UnderPromotion:
    case MovePreference::Promotion:
      return is_capture(pos, m);
    case MovePreference::KingOrRookMove:
      return loses_castling_right(pos, m);
    case MovePreference::Capture:
      return m.kind() == MoveKind::EnPassant;
    case MovePreference::DoublePush: {
      // Next to an enemy pawn, so that an en-passant capture may follow.
      const Bitboard beside = shift<1>(square_bb(m.to())) | shift<-1>(square_bb(m.to()));
      return beside & pos.pieces(~pos.side_to_move(), Pawn);
    }
    default:
      return false;
  }
}

// The move a choice picks, or Move::null() for a null move.
Move choose(const Position& pos, const MoveList& legal, MoveChoice choice, bool null_allowed) {
  if (choice.preference == MovePreference::NullMove && null_allowed) return Move::null();
  // Right after a double push, half of the en-passant choices pass instead of capturing: a null
  // move must take the en-passant term out of the key.
  if (choice.preference == MovePreference::EnPassant && null_allowed &&
      pos.ep_square() != NoSquare && (choice.index & 1))
    return Move::null();
  std::vector<Move> matching, refined;
  for (Move m : legal) {
    if (!matches(pos, m, choice.preference)) continue;
    matching.push_back(m);
    if (refines(pos, m, choice.preference)) refined.push_back(m);
  }
  const std::vector<Move>& pool = !refined.empty() ? refined : matching;
  if (pool.empty()) return legal[choice.index % legal.size()];
  return pool[choice.index % pool.size()];
}

std::uint32_t tags_before(const Position& pos, Move m) {
  if (m == Move::null()) return TagNullMove;
  std::uint32_t tags = 0;
  if (m.kind() == MoveKind::Castling)
    tags |= m.to() > m.from() ? TagCastlingKingSide : TagCastlingQueenSide;
  if (is_double_push(pos, m)) tags |= TagDoublePush;
  if (m.kind() == MoveKind::EnPassant) tags |= TagEnPassantCapture;
  if (m.kind() == MoveKind::Promotion) {
    tags |= TagPromotion;
    if (m.promotion_type() != Queen) tags |= TagUnderPromotion;
    if (is_capture(pos, m)) tags |= TagPromotionCapture;
  }
  if (takes_castling_rook(pos, m)) tags |= TagCornerRookCaptured;
  if (loses_castling_right(pos, m)) tags |= TagCastlingRightLost;
  return tags;
}

std::uint32_t tags_after(const Position& pos) {
  std::uint32_t tags = pos.checkers() ? std::uint32_t(TagCheck) : 0u;
  if (en_passant_term_applies(pos, EnPassantRule::PseudoLegal))
    tags |= pos.en_passant_capture_legal() ? TagEnPassantCapturable : TagEnPassantPinned;
  return tags;
}

struct StartPosition {
  std::string fen;
  bool chess960;
  std::string label;
};

StartPosition resolve_start(StartChoice choice, const GenerationLimits& limits) {
  if (choice.roll < 25) return {StartFen, false, "startpos"};
  if (choice.roll < 75) {
    std::vector<const CorpusPosition*> allowed;
    for (const CorpusPosition& p : corpus_positions())
      if (limits.chess960 || !p.chess960) allowed.push_back(&p);
    const CorpusPosition& p = *allowed[choice.index % allowed.size()];
    return {p.fen, p.chess960, p.id};
  }
  return {fuzzed_fen(choice.index), false, "fuzzed:" + std::to_string(choice.index)};
}

}  // namespace

rc::Gen<MoveChoice> gen_move_choice() {
  // Fixed size: the roll and the index should not depend on how far the run has got.
  return rc::gen::map(
      rc::gen::resize(100, rc::gen::tuple(rc::gen::inRange(0, 100), rc::gen::inRange(0, 65536))),
      [](const std::tuple<int, int>& t) {
        return MoveChoice{preference_of_roll(std::get<0>(t)), std::uint16_t(std::get<1>(t))};
      });
}

rc::Gen<StartChoice> gen_start_choice() {
  return rc::gen::map(
      rc::gen::resize(100, rc::gen::tuple(rc::gen::inRange(0, 100), rc::gen::inRange(0, 1 << 20))),
      [](const std::tuple<int, int>& t) {
        return StartChoice{std::get<0>(t), std::uint32_t(std::get<1>(t))};
      });
}

rc::Gen<GameRecipe> gen_game_recipe(int max_plies) {
  auto moves = rc::gen::scale(max_plies / 100.0,
                              rc::gen::container<std::vector<MoveChoice>>(gen_move_choice()));
  return rc::gen::map(rc::gen::pair(gen_start_choice(), std::move(moves)),
                      [](const std::pair<StartChoice, std::vector<MoveChoice>>& p) {
                        return GameRecipe{p.first, p.second};
                      });
}

PlayedGame play_recipe(const GameRecipe& recipe, const GenerationLimits& limits) {
  const StartPosition start = resolve_start(recipe.start, limits);
  Game game;
  PlayedGame played;
  if (!game.set(start.fen, polyglot_scheme(), FenOptions{start.chess960}).empty()) {
    // The corpus is checked by a test and fuzzed FENs by the parser; fall back to be safe.
    (void)game.set(StartFen, polyglot_scheme());
    played.start_label = "startpos";
    played.route.fen = StartFen;
  } else {
    played.start_label = start.label;
    played.route.fen = start.fen;  // as written: X-FEN letters stay X-FEN
  }
  // X-FEN castling (a king off its e-file square) makes a position Chess960 by itself.
  played.route.chess960 = game.position().is_chess960();
  if (played.route.chess960) played.tags |= TagChess960;
  if (played.start_label.starts_with("fuzzed"))
    played.tags |= TagFuzzedStart;
  else if (played.start_label != "startpos")
    played.tags |= TagCorpusStart;

  if (game.position().rule50() >= 100) played.tags |= TagLargeClock;
  for (const MoveChoice& choice : recipe.moves) {
    const Position& pos = game.position();
    const MoveList legal = legal_moves(pos);
    if (legal.empty()) break;
    const bool null_allowed = limits.null_moves && !pos.checkers();
    const Move m = choose(pos, legal, choice, null_allowed);
    played.tags |= tags_before(pos, m);
    if (m == Move::null()) {
      played.route.moves.push_back("0000");
      game.play_null();
    } else {
      played.route.moves.push_back(move_to_uci(m, pos.is_chess960()));
      game.play(m);
    }
    played.tags |= tags_after(game.position());
  }
  return played;
}

const char* tag_name(GameTag tag) {
  switch (tag) {
    case TagCastlingKingSide:
      return "castling king side";
    case TagCastlingQueenSide:
      return "castling queen side";
    case TagDoublePush:
      return "double push";
    case TagEnPassantCapture:
      return "en-passant capture";
    case TagEnPassantCapturable:
      return "capturable double push";
    case TagEnPassantPinned:
      return "pinned en passant";
    case TagPromotion:
      return "promotion";
    case TagUnderPromotion:
      return "under-promotion";
    case TagPromotionCapture:
      return "promotion with capture";
    case TagCornerRookCaptured:
      return "rook captured on its corner";
    case TagCheck:
      return "check";
    case TagNullMove:
      return "null move";
    case TagCastlingRightLost:
      return "castling right lost";
    case TagChess960:
      return "chess960";
    case TagCorpusStart:
      return "corpus start";
    case TagFuzzedStart:
      return "fuzzed start";
    case TagLargeClock:
      return "large halfmove clock";
    case TagLongRoute:
      return "long route";
  }
  return "?";
}

std::size_t long_route_plies(const GameRecipe& recipe) {
  SplitMix64 rng((std::uint64_t(recipe.start.index) << 24 ^ std::uint64_t(recipe.start.roll) << 16 ^
                  recipe.moves.size()) ^
                 0x6C6F6E67ULL);  // "long"
  if (rng.below(LongRouteOdds) != 0) return 0;
  return 4100 + rng.below(901);
}

void lengthen(PlayedGame& game, std::size_t plies) {
  Game board;
  if (!board.set(game.route.fen, polyglot_scheme(), FenOptions{game.route.chess960}).empty())
    return;
  for (const std::string& m : game.route.moves)
    if (!board.play_uci(m)) return;
  SplitMix64 rng(plies);
  while (game.route.moves.size() < plies) {
    const Position& pos = board.position();
    const Move m = lengthening_move(pos, rng.next());
    if (m == Move::none()) break;
    game.route.moves.push_back(move_to_uci(m, pos.is_chess960()));
    board.play(m);
  }
  if (game.route.moves.size() > EngineHistoryPlies) game.tags |= TagLongRoute;
}

void classify_game(const PlayedGame& game) {
  for (int bit = 0; bit < GameTagCount; ++bit) {
    const auto tag = GameTag(1u << bit);
    if (game.tags & tag) tag_case(tag_name(tag));
  }
  const std::size_t plies = game.route.moves.size();
  tag_case(plies < 10 ? "under 10 plies" : plies < 50 ? "10-49 plies" : "50+ plies");
}

namespace {

// One FEN in ten without an en-passant square (a double push resets the clock) gets a large
// halfmove clock and a fullmove number that could follow it, drawn from a stream of its own so
// that the board of every seed stays as it was.
void add_large_clock(FenFields& fields, std::uint64_t seed) {
  constexpr long long Clocks[] = {100, 150, 1000, 4095, 4096, 4097, 5000, 65535, 65536, 1000000};
  SplitMix64 rng(seed ^ 0x636C6F636B73ULL);  // "clocks"
  if (fields.en_passant != "-" || !rng.chance(10)) return;
  const long long clock = Clocks[rng.below(std::size(Clocks))];
  fields.halfmove = std::to_string(clock);
  fields.fullmove = std::to_string(clock / 2 + 1 + rng.below(100));
}

}  // namespace

std::string fuzzed_fen(std::uint64_t seed) {
  SplitMix64 rng(seed * 0x2545F4914F6CDD1DULL + 1);
  constexpr PieceType Types[] = {Pawn, Pawn, Pawn, Pawn, Knight, Bishop, Rook, Rook, Queen};
  for (int attempt = 0; attempt < 64; ++attempt) {
    Board board{};
    Square wk = Square(rng.below(64));
    Square bk;
    do bk = Square(rng.below(64));
    while (bk == wk || (king_attacks(wk) & square_bb(bk)));
    board[wk] = WhiteKing;
    board[bk] = BlackKing;
    // Now and then kings and rooks on their castling squares, so that rights can be given.
    for (Color c : {White, Black}) {
      if (!rng.chance(25)) continue;
      const Square king = relative_square(c, E1);
      Square& own = c == White ? wk : bk;
      const Square other = c == White ? bk : wk;
      if (board[king] != NoPiece || (king_attacks(king) & square_bb(other))) continue;
      board[own] = NoPiece;
      own = king;
      board[king] = make_piece(c, King);
      for (Square rook : {relative_square(c, A1), relative_square(c, H1)})
        if (board[rook] == NoPiece && rng.chance(70)) board[rook] = make_piece(c, Rook);
    }
    const unsigned extra = rng.below(26);
    for (unsigned i = 0; i < extra; ++i) {
      const Color c = Color(rng.below(2));
      const PieceType pt = Types[rng.below(std::size(Types))];
      const Square s = Square(rng.below(64));
      if (board[s] != NoPiece) continue;
      if (pt == Pawn && (rank_of(s) == Rank1 || rank_of(s) == Rank8)) continue;
      board[s] = make_piece(c, pt);
    }
    // Castling rights where king and rook happen to stand on their squares.
    std::string castling;
    if (board[E1] == WhiteKing && board[H1] == WhiteRook && rng.chance(70)) castling += 'K';
    if (board[E1] == WhiteKing && board[A1] == WhiteRook && rng.chance(70)) castling += 'Q';
    if (board[E8] == BlackKing && board[H8] == BlackRook && rng.chance(70)) castling += 'k';
    if (board[E8] == BlackKing && board[A8] == BlackRook && rng.chance(70)) castling += 'q';
    const Color side = Color(rng.below(2));
    // Sometimes an en-passant square behind a pawn that could have just double-pushed, with a
    // capturer next to it half the time.
    std::string ep = "-";
    if (rng.chance(40)) {
      const Color them = ~side;
      const Rank pushed_rank = relative_rank(them, Rank4);
      const File f = File(rng.below(8));
      const Square pawn_sq = make_square(f, pushed_rank);
      const Square crossed = pawn_sq - pawn_push(them);
      const Square origin = crossed - pawn_push(them);
      if (board[crossed] == NoPiece && board[origin] == NoPiece &&
          (board[pawn_sq] == NoPiece || board[pawn_sq] == make_piece(them, Pawn))) {
        board[pawn_sq] = make_piece(them, Pawn);
        ep = square_name(crossed);
        const int df = rng.chance(50) ? -1 : 1;
        const int nf = int(f) + df;
        if (nf >= 0 && nf < 8 && rng.chance(50)) {
          const Square capturer = make_square(File(nf), pushed_rank);
          if (board[capturer] == NoPiece) board[capturer] = make_piece(side, Pawn);
        }
      }
    }
    FenFields fields{placement_field(board), side == White ? "w" : "b",
                     castling.empty() ? "-" : castling, ep};
    add_large_clock(fields, seed);
    const std::string fen = join_fen(fields);
    if (auto normal = normal_fen(fen)) return *normal;
    // The side not to move may be in check: try with the other side and no en passant.
    fields.side = side == White ? "b" : "w";
    fields.en_passant = "-";
    if (auto normal = normal_fen(join_fen(fields))) return *normal;
  }
  return "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
}

}  // namespace zobrist_verify::properties
