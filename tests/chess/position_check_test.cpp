// check() must name every derived field that disagrees with a from-scratch recomputation. Each
// case breaks one field of a consistent position (as a buggy make/unmake would) and requires
// check() to report it by name, and a clean position to report nothing.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

// The test's door into Position's private fields (declared a friend in position.h).
struct PositionCorruptor {
  static Piece& board(Position& p, Square s) { return p.board_[s]; }
  static Bitboard& by_type(Position& p, PieceType pt) { return p.by_type_[pt]; }
  static Bitboard& by_color(Position& p, Color c) { return p.by_color_[c]; }
  static int& count(Position& p, Piece pc) { return p.piece_count_[pc]; }
  static CastlingRights& castling_mask(Position& p, Square s) { return p.castling_rights_mask_[s]; }
  static StateInfo& state(Position& p) { return *p.state_; }
};

namespace {

using C = PositionCorruptor;

// Kiwipete with an en-passant square a pawn can take (a2a4 played): castling, pins and a hashed
// en-passant term are all present.
constexpr const char* Fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1";

struct Corruption {
  const char* name;
  std::function<void(Position&)> apply;
  std::vector<std::string> fields;  // check() must name each of these
};

std::vector<Corruption> corruptions() {
  return {
      {"a piece vanishes from the board array",
       [](Position& p) { C::board(p, E1) = NoPiece; },
       {"pieces(K)"}},
      {"the board array gains a piece",
       [](Position& p) { C::board(p, D4) = BlackQueen; },
       {"pieces(q)"}},
      {"the board array holds a piece of the wrong colour",
       [](Position& p) { C::board(p, A1) = BlackRook; },
       {"pieces(R)", "pieces(r)"}},
      {"the board array holds a value that is no piece",
       [](Position& p) { C::board(p, D4) = Piece(7); },
       {"board(invalid piece codes)"}},
      {"a pawn bitboard loses a pawn",
       [](Position& p) { C::by_type(p, Pawn) &= ~square_bb(B2); },
       {"pieces(P)"}},
      {"two piece bitboards claim one square",
       [](Position& p) { C::by_type(p, Knight) |= square_bb(B2); },
       {"pieces(N)"}},
      {"a colour bitboard gains a square",
       [](Position& p) { C::by_color(p, White) |= square_bb(D4); },
       {"occupancy(white)"}},
      {"a piece count is off", [](Position& p) { ++C::count(p, WhiteQueen); }, {"count(Q)"}},
      {"the key is off", [](Position& p) { C::state(p).key ^= 1; }, {"key"}},
      {"the pawn key is off", [](Position& p) { C::state(p).pawn_key ^= 1; }, {"pawn_key"}},
      {"the material key is off",
       [](Position& p) { C::state(p).material_key ^= 1; },
       {"material_key"}},
      {"the en-passant term is dropped",
       [](Position& p) { C::state(p).ep_hashed = false; },
       {"ep_hashed"}},
      {"the checkers are wrong",
       [](Position& p) { C::state(p).checkers = square_bb(E2); },
       {"checkers"}},
      {"a piece is taken for a pin blocker",
       [](Position& p) { C::state(p).blockers_for_king ^= square_bb(D7); },
       {"blockers_for_king"}},
      {"a rook is taken for a pinner",
       [](Position& p) { C::state(p).pinners ^= square_bb(A1); },
       {"pinners"}},
      {"a castling mask square is cleared",
       [](Position& p) { C::castling_mask(p, H1) = NoCastling; },
       {"castling_rights_mask(h1)"}},
      {"a castling mask square is set where no king or rook stood",
       [](Position& p) { C::castling_mask(p, D4) = WhiteOO; },
       {"castling_rights_mask(d4)"}},
      {"a right is held without its rook",
       [](Position& p) {
         C::board(p, H1) = NoPiece;
         C::by_type(p, Rook) &= ~square_bb(H1);
         C::by_color(p, White) &= ~square_bb(H1);
         C::by_type(p, AllPieces) &= ~square_bb(H1);
         --C::count(p, WhiteRook);
         --C::count(p, make_piece(White, AllPieces));
       },
       {"castling_rook(1)"}},
  };
}

TEST(Check, CleanPositionReportsNothing) {
  Game game;
  ASSERT_TRUE(game.set(Fen, polyglot_scheme()).empty());
  ASSERT_TRUE(game.position().state()->ep_hashed) << "the case needs a hashed en-passant term";
  const CheckReport report = game.position().check();
  EXPECT_TRUE(report.ok()) << report.to_string();
}

TEST(Check, NamesEveryCorruptedField) {
  for (const Corruption& c : corruptions()) {
    Game game;
    ASSERT_TRUE(game.set(Fen, polyglot_scheme()).empty());
    c.apply(game.position());
    const CheckReport report = game.position().check();
    const std::string text = report.to_string();
    EXPECT_FALSE(report.ok()) << c.name;
    for (const std::string& field : c.fields)
      EXPECT_NE(text.find(field + ":"), std::string::npos)
          << c.name << ": '" << field << "' missing from the report:\n"
          << text;
  }
}

}  // namespace
}  // namespace zobrist_verify
