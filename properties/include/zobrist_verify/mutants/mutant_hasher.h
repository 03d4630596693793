// MutantHasher: a small engine-like Zobrist hasher with its own keys, and a switch that plants
// realistic hashing bugs (mutants/bugs.h), one or several. With Bug::None it is a second,
// independent implementation of the reference's hashing and must agree with it on every key.
//
// The board itself lives in a reference Game (legal moves, piece placement, pins); the hasher only
// reads board facts from it. Its key, pawn key, material key and Stockfish-style auxiliary keys
// (non-pawn keys, minor and major piece keys, as the reference's) are its own: computed from
// scratch on set_position by walking the board, and updated incrementally on make_move by
// inspecting the move against the position before it, as a typical engine's do_move does. Castling
// rights, their rook squares and the rights mask per square come from its own reading of the FEN.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/mutants/bugs.h"

namespace zobrist_verify::properties {

class MutantHasher final : public HashUnderTest {
 public:
  // `scheme` must outlive the hasher; `rule` is the en-passant rule it implements (bugs aside).
  MutantHasher(std::string name, const KeyScheme& scheme, EnPassantRule rule, Bug bug);
  // Several bugs planted at once (a build with more than one fault), each as it is alone.
  MutantHasher(std::string name, const KeyScheme& scheme, EnPassantRule rule,
               const std::vector<Bug>& bugs);

  std::string name() const override { return name_; }
  Capabilities capabilities() const override;

  [[nodiscard]] Expected<Done> set_position(std::string_view fen, bool chess960) override;
  [[nodiscard]] Expected<Done> make_move(std::string_view uci) override;
  [[nodiscard]] Expected<Done> unmake_move() override;
  [[nodiscard]] Expected<Key> key() override;
  [[nodiscard]] Expected<Key> pawn_key() override;
  [[nodiscard]] Expected<Key> material_key() override;
  [[nodiscard]] Expected<Key> aux_key(std::size_t index) override;

 private:
  struct State {
    Key key = 0;
    Key pawn_key = 0;
    Key material_key = 0;
    AuxKeys aux{};  // in the reference's order (Position's AuxKeyIndex)
    CastlingRights castling = NoCastling;
    Square ep_square = NoSquare;
    bool ep_hashed = false;
  };

  [[nodiscard]] Expected<Done> read_castling_field(std::string_view field);
  State compute_from_scratch() const;
  void make_null_move();
  void make_real_move(Move m);
  // The parts of make_real_move: each returns what it XORs into the key and updates the other
  // keys of `st`; rights_lost is what the move takes away.
  Key castling_move_terms(Move m, State& st) const;
  Key move_terms(Move m, State& st) const;
  Key promotion_terms(Move m, State& st) const;
  CastlingRights rights_lost(Move m) const;

  // from_fen: the square as the FEN reader keys it (the split-rule bugs differ there).
  bool ep_hashed(Square ep, bool from_fen = false) const;
  bool ep_capture_legal(Square from, Square ep) const;
  bool ep_capturer_unpinned(Square from, Square ep) const;
  Key ep_term(const State& st) const;
  // from_scratch: the term as the init loop computes it (one bug differs there).
  Key castling_term(CastlingRights rights, bool from_scratch) const;
  Key side_term(Color side) const;
  // XORs `term`, psq keys of `pc`, into the aux keys `pc` belongs to: its non-pawn key unless
  // `non_pawn` is false, and the minor or major key of `type_for_class` (pc's own type, bugs
  // aside).
  void xor_aux(AuxKeys& aux, Piece pc, Key term, bool non_pawn = true,
               PieceType type_for_class = NoPieceType) const;

  std::string name_;
  const KeyScheme& scheme_;
  EnPassantRule rule_;
  std::uint64_t bugs_ = 0;  // bit b: Bug(b) is planted
  bool has(Bug bug) const { return (bugs_ >> unsigned(bug) & 1) != 0; }

  Game game_;
  std::vector<State> states_;
  CastlingRights rights_mask_[SquareCount] = {};  // rights lost when a piece leaves or lands
  Square rook_square_[16] = {};                   // by single right: the rook it castles with
  CastlingRights initial_rights_ = NoCastling;    // as read from the last FEN
  bool fen_has_ep_square_ = false;
  std::optional<Key> cached_key_;  // only Bug::StaleKeyAfterUnmake reads it
};

}  // namespace zobrist_verify::properties
