#include "zobrist_verify/doors/aux_key.h"

#include <set>

namespace zobrist_verify {

namespace {

constexpr const char* TypeNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

std::string type_list(std::uint8_t mask) {
  std::string out;
  for (int t = 0; t < 6; ++t)
    if (mask >> t & 1) out += (out.empty() ? "" : ", ") + std::string(TypeNames[t]);
  return out;
}

AuxKeyDescription pieces_of(std::string name, std::uint8_t white, std::uint8_t black) {
  AuxKeyDescription aux;
  aux.name = std::move(name);
  aux.pieces = {white, black};
  return aux;
}

}  // namespace

std::string describe_declaration(const AuxKeyDescription& aux) {
  std::string out;
  const std::uint8_t white = aux.pieces[White], black = aux.pieces[Black];
  if (white && white == black) {
    out = "white and black " + type_list(white);
  } else {
    if (white) out = "white " + type_list(white);
    if (black) out += (out.empty() ? "" : "; ") + std::string("black ") + type_list(black);
  }
  if (out.empty()) out = "no pieces";
  if (aux.side_to_move) out += "; side to move";
  if (aux.castling) out += "; castling rights";
  if (aux.en_passant) out += "; en passant";
  return out;
}

Expected<Done> check_declarations(const std::vector<AuxKeyDescription>& aux_keys,
                                  const std::string& where) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < aux_keys.size(); ++i) {
    const AuxKeyDescription& aux = aux_keys[i];
    const std::string which = where + ": auxiliary key " + std::to_string(i);
    if (aux.name.empty()) return Error{which + " has an empty name"};
    if (!names.insert(aux.name).second)
      return Error{which + " repeats the name '" + aux.name + "' (each name must be unique)"};
    if ((aux.pieces[White] | aux.pieces[Black]) & ~EveryPieceType)
      return Error{which + " ('" + aux.name + "') declares piece bits beyond the six types"};
    if (!aux.pieces[White] && !aux.pieces[Black] && !aux.side_to_move && !aux.castling &&
        !aux.en_passant)
      return Error{which + " ('" + aux.name +
                   "') declares nothing: a key of no piece and no other part is a constant"};
  }
  return Done{};
}

const std::vector<AuxKeyDescription>& stockfish_aux_keys() {
  static const std::vector<AuxKeyDescription> keys = [] {
    const std::uint8_t non_pawn = EveryPieceType & ~piece_bit(Pawn);
    const std::uint8_t minor = piece_bit(Knight) | piece_bit(Bishop);
    const std::uint8_t major = piece_bit(Rook) | piece_bit(Queen) | piece_bit(King);
    return std::vector<AuxKeyDescription>{
        pieces_of("nonPawnKey[WHITE]", non_pawn, 0),
        pieces_of("nonPawnKey[BLACK]", 0, non_pawn),
        pieces_of("minorPieceKey", minor, minor),
        pieces_of("majorPieceKey", major, major),
    };
  }();
  return keys;
}

}  // namespace zobrist_verify
