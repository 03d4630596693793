// The reference chess position: bitboards, a stack of caller-owned StateInfo records linked by
// `previous`, and three Zobrist keys (key, pawn key, material key) kept up to date incrementally
// for any KeyScheme, with Stockfish's auxiliary keys (non-pawn keys, minor and major piece keys)
// beside them.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

// Stockfish's auxiliary keys, each the XOR of the psq keys of its pieces (from 0), in this order
// (doors/aux_key.h's stockfish_aux_keys() describes them): each colour's non-pawn pieces, king
// included (nonPawnKey[c]); knights and bishops (minorPieceKey); rooks, queens and kings
// (majorPieceKey).
enum AuxKeyIndex : std::uint8_t {
  NonPawnWhite,
  NonPawnBlack,
  MinorPieces,
  MajorPieces,
  AuxKeyCount
};
using AuxKeys = std::array<Key, AuxKeyCount>;

struct Keys {
  Key key = 0;
  Key pawn_key = 0;
  Key material_key = 0;
  AuxKeys aux{};
  bool operator==(const Keys&) const = default;
};

struct StateInfo {
  // Copied when making a move.
  Key pawn_key;
  Key material_key;
  AuxKeys aux;
  CastlingRights castling_rights;
  int rule50;
  int plies_from_null;
  Square ep_square;  // set after every double push (and from the FEN), whatever the scheme

  // Recomputed anyway.
  Key key;
  Bitboard checkers;
  // For the side to move's king; the other king's are computed when asked (nothing in move
  // generation or the legality test needs them).
  Bitboard blockers_for_king;
  Bitboard pinners;
  Piece captured;
  bool ep_hashed;  // whether the scheme's rule puts ep_square into the key
  StateInfo* previous;
};

struct FenOptions {
  bool chess960 = false;  // treat the position as Chess960 even if its castling does not need it
  // Accept positions no legal game reaches: impossible checks (three checkers, a double check no
  // single move gives, a check older than the last move), a double push that cannot have been
  // played, castling rights no start allows, an en-passant square with a halfmove clock above 0,
  // more promoted pieces than missing pawns. Perft suites hold such positions.
  bool allow_unreachable = false;
};

// One field whose incremental value differs from a from-scratch recomputation.
struct CheckMismatch {
  std::string field;
  std::string expected;  // recomputed
  std::string actual;    // held incrementally
};

struct CheckReport {
  std::vector<CheckMismatch> mismatches;
  bool ok() const { return mismatches.empty(); }
  std::string to_string() const;
};

class Position {
 public:
  Position() = default;
  Position(const Position&) = default;
  Position& operator=(const Position&) = default;

  // Parses a FEN strictly. On success the position is set and the result is empty; on failure the
  // position is left unusable and every problem found is returned.
  [[nodiscard]] std::vector<FenError> set(std::string_view fen, StateInfo& state,
                                          const KeyScheme& scheme, FenOptions options = {});
  // The same, returning whether the FEN parsed. The problems go into `errors` (replacing its
  // contents, so a caller that reuses the vector does not allocate); with null, no message is
  // written and only validity is decided, more cheaply.
  [[nodiscard]] bool set(std::string_view fen, StateInfo& state, const KeyScheme& scheme,
                         FenOptions options, std::vector<FenError>* errors);
  // FEN in normal form: ep square written whenever set; KQkq in standard chess; in Chess960
  // Shredder letters (file of the castling rook, upper case for White).
  std::string fen() const;
  // The same FEN written into `out`, replacing its contents: a caller that reuses its string
  // does not allocate.
  void write_fen(std::string& out) const;

  // Board.
  Bitboard pieces() const { return by_type_[AllPieces]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & pieces(a, b); }
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NoPiece; }
  Piece moved_piece(Move m) const { return board_[m.from()]; }
  int count(Piece pc) const { return piece_count_[pc]; }
  Square king_square(Color c) const { return lsb(pieces(c, King)); }
  Color side_to_move() const { return side_to_move_; }

  // Castling. `cr` is a single right (WhiteOO, ...).
  CastlingRights castling_rights() const { return state_->castling_rights; }
  bool can_castle(CastlingRights cr) const { return state_->castling_rights & cr; }
  Square castling_rook_square(CastlingRights cr) const { return castling_rook_square_[cr]; }
  // Squares that must be empty (apart from the king and the rook themselves).
  Bitboard castling_path(CastlingRights cr) const { return castling_path_[cr]; }
  bool castling_impeded(CastlingRights cr) const { return pieces() & castling_path_[cr]; }
  // Rights lost when a piece leaves or lands on s.
  CastlingRights castling_rights_mask(Square s) const { return castling_rights_mask_[s]; }
  bool is_chess960() const { return chess960_; }

  // State.
  Square ep_square() const { return state_->ep_square; }
  int rule50() const { return state_->rule50; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_to_move_ == Black)) / 2; }
  Bitboard checkers() const { return state_->checkers; }
  // Pieces of either colour that alone stand between c's king and an enemy slider.
  Bitboard blockers_for_king(Color c) const {
    return c == side_to_move_ ? state_->blockers_for_king : slider_lines(c).blockers;
  }
  // Enemy sliders that pin a piece against c's king.
  Bitboard pinners(Color c) const {
    return c == side_to_move_ ? state_->pinners : slider_lines(c).pinners;
  }
  const StateInfo* state() const { return state_; }

  // Attacks.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  bool attacked_by(Color c, Square s, Bitboard occupied) const;

  // Whether a pseudo-legal move leaves the own king safe. Castling is checked in full.
  bool legal(Move m) const;
  // Whether some en-passant capture is legal now.
  bool en_passant_capture_legal() const;

  // Keys held incrementally.
  Key key() const { return state_->key; }
  Key pawn_key() const { return state_->pawn_key; }
  Key material_key() const { return state_->material_key; }
  Key aux_key(AuxKeyIndex i) const { return state_->aux[i]; }
  Keys keys() const { return {key(), pawn_key(), material_key(), state_->aux}; }
  // The key an engine shows the user; differs from key() only under Stockfish's rule50 folding.
  Key printed_key() const;
  // The same keys computed from the board alone.
  Keys compute_keys() const;
  // Whether the scheme's en-passant rule puts the current ep square into the key.
  bool compute_ep_hashed() const;
  const KeyScheme& scheme() const { return *scheme_; }
  // Switches to another scheme and recomputes the keys of the current state.
  void set_scheme(const KeyScheme& scheme);

  // Make and unmake. The move is assumed legal (see MoveList / parse_uci_move for checked input).
  void make_move(Move m, StateInfo& new_state);
  void unmake_move(Move m);
  // The null move passes the turn; the side to move must not be in check.
  void make_null_move(StateInfo& new_state);
  void unmake_null_move();

  // Recomputes every derived field from scratch and reports each one that differs.
  CheckReport check() const;

 private:
  friend class FenReader;
  friend class PositionAudit;       // position_check.cpp: check(), one part of the state at a time
  friend struct PositionCorruptor;  // tests/chess/position_check_test.cpp: breaks fields on purpose
  void clear();
  void put_piece(Piece pc, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_castling_right(Color c, Square rook_from);
  void set_check_info(StateInfo& st) const;
  // What the enemy sliders on a line with c's king do to it.
  struct SliderLines {
    Bitboard blockers;  // pieces of either colour alone between the king and a slider
    Bitboard pinners;   // sliders whose lone blocker is c's own piece
    Bitboard checkers;  // sliders with nothing between
  };
  SliderLines slider_lines(Color king_color) const;
  Key en_passant_term(const StateInfo& st) const;
  void do_castling(Color us, Square king_from, Square& king_to, Square& rook_from, Square& rook_to,
                   bool undo);

  Piece board_[SquareCount] = {};
  Bitboard by_type_[PieceTypeCount] = {};
  Bitboard by_color_[ColorCount] = {};
  int piece_count_[PieceCount] = {};
  CastlingRights castling_rights_mask_[SquareCount] = {};
  Square castling_rook_square_[16] = {};
  Bitboard castling_path_[16] = {};
  Bitboard castling_king_path_[16] = {};
  Square castling_king_from_[16] = {};
  CastlingRights castling_configured_ = NoCastling;  // rights the start position defined
  int game_ply_ = 0;
  Color side_to_move_ = White;
  bool chess960_ = false;
  StateInfo* state_ = nullptr;
  const KeyScheme* scheme_ = nullptr;
};

// UCI square name ("e4").
std::string square_name(Square s);
// The piece-placement field of a FEN for a board given square by square (a1 = 0).
std::string placement_field(std::span<const Piece, SquareCount> board);

}  // namespace zobrist_verify
