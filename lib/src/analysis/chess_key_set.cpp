// The keys a chess position can combine, drawn from a KeyScheme's table, and bare key lists.
#include <string>

#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

namespace {

constexpr const char* PieceTypeNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

std::string piece_name(Piece pc) {
  return std::string(color_of(pc) == White ? "white " : "black ") + PieceTypeNames[type_of(pc)];
}

// "KQkq" letters of a castling mask, "-" for none.
std::string castling_letters(int mask) {
  std::string letters;
  for (int bit = 0; bit < 4; ++bit)
    if (mask & (1 << bit)) letters += "KQkq"[bit];
  return letters.empty() ? "-" : letters;
}

bool castling_is_xor_of_single_rights(const KeyScheme& scheme) {
  for (int mask = 0; mask < 16; ++mask) {
    Key xor_of_singles = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (mask & (1 << bit)) xor_of_singles ^= scheme.castling[1 << bit];
    if (scheme.castling[mask] != xor_of_singles) return false;
  }
  return true;
}

// Only squares of ranks 3 and 6 can ever be en-passant squares.
bool en_passant_shared_by_file(const KeyScheme& scheme) {
  for (int file = 0; file < 8; ++file)
    if (scheme.en_passant[make_square(File(file), Rank3)] !=
        scheme.en_passant[make_square(File(file), Rank6)])
      return false;
  return true;
}

void add(NamedKeySet& set, Key key, std::string name) {
  set.keys.push_back(key);
  set.names.push_back(std::move(name));
}

void add_piece_squares(const KeyScheme& scheme, NamedKeySet& set) {
  for (Piece pc : EveryPiece)
    for (int sq = 0; sq < SquareCount; ++sq) {
      const Rank rank = rank_of(Square(sq));
      if (type_of(pc) == Pawn && (rank == Rank1 || rank == Rank8)) continue;
      add(set, scheme.psq[pc][sq], piece_name(pc) + " " + square_name(Square(sq)));
    }
  set.reductions.push_back(
      "piece-square: 12 pieces x 64 squares, less pawns on ranks 1 and 8: 736 keys (zero keys "
      "kept: a zero piece-square key is a flaw)");
}

void add_castling(const KeyScheme& scheme, NamedKeySet& set) {
  if (scheme.castling_keying == CastlingKeying::RookSquare) {
    int kept = 0;
    for (Rank rank : {Rank1, Rank8})
      for (int file = 0; file < 8; ++file) {
        const Square sq = make_square(File(file), rank);
        if (scheme.castling_rook[sq] == 0) continue;
        add(set, scheme.castling_rook[sq], "castling rook " + square_name(sq));
        ++kept;
      }
    set.reductions.push_back(
        "castling: one key per castling rook square (ranks 1 and 8); kept the " +
        std::to_string(kept) + " non-zero ones");
    return;
  }
  if (castling_is_xor_of_single_rights(scheme)) {
    int kept = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (scheme.castling[1 << bit] != 0) {
        add(set, scheme.castling[1 << bit], "castling " + castling_letters(1 << bit));
        ++kept;
      }
    set.reductions.push_back("castling: the 16-entry table is the XOR of single-right keys; kept " +
                             std::to_string(kept) + " single rights");
    return;
  }
  int kept = 0;
  for (int mask = 0; mask < 16; ++mask)
    if (scheme.castling[mask] != 0) {
      add(set, scheme.castling[mask], "castling " + castling_letters(mask));
      ++kept;
    }
  set.reductions.push_back("castling: 16 entries drawn independently; kept the " +
                           std::to_string(kept) + " non-zero ones");
}

void add_en_passant(const KeyScheme& scheme, NamedKeySet& set) {
  if (scheme.en_passant_rule == EnPassantRule::Never) {
    set.reductions.push_back("en passant: rule never, no square key is hashed");
  } else if (en_passant_shared_by_file(scheme)) {
    int kept = 0;
    for (int file = 0; file < 8; ++file) {
      const Key key = scheme.en_passant[make_square(File(file), Rank3)];
      if (key == 0) continue;
      add(set, key, std::string("en passant file ") + char('a' + file));
      ++kept;
    }
    set.reductions.push_back("en passant: one key per file (ranks 3 and 6 share it); kept " +
                             std::to_string(kept));
  } else {
    int kept = 0;
    for (Rank rank : {Rank3, Rank6})
      for (int file = 0; file < 8; ++file) {
        const Square sq = make_square(File(file), rank);
        if (scheme.en_passant[sq] == 0) continue;
        add(set, scheme.en_passant[sq], "en passant " + square_name(sq));
        ++kept;
      }
    set.reductions.push_back("en passant: one key per square of ranks 3 and 6; kept the " +
                             std::to_string(kept) + " non-zero ones");
  }
  if (scheme.en_passant_none != 0) {
    add(set, scheme.en_passant_none, "en passant none");
    set.reductions.push_back("en passant: the \"none\" key is hashed when no square is, kept");
  }
}

void add_side(const KeyScheme& scheme, NamedKeySet& set) {
  const bool both = scheme.side_white != 0 && scheme.side_black != 0;
  if (scheme.side_white != 0) add(set, scheme.side_white, both ? "side white" : "side");
  if (scheme.side_black != 0) add(set, scheme.side_black, both ? "side black" : "side");
  set.reductions.push_back(both ? std::string("side: both side keys")
                                : std::string("side: one key, hashed when ") +
                                      (scheme.side_white != 0 ? "White" : "Black") + " is to move");
}

}  // namespace

NamedKeySet chess_key_set(const KeyScheme& scheme) {
  NamedKeySet set;
  set.name = scheme.name;
  add_piece_squares(scheme, set);
  add_castling(scheme, set);
  add_en_passant(scheme, set);
  add_side(scheme, set);
  set.reductions.push_back(
      "not analysed: the pawn key's starting value (nopawns), which the "
      "main key never combines");
  return set;
}

std::string polyglot_entry_name(std::size_t index) {
  if (index < 768) {
    // Polyglot kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
    const std::size_t kind = index / 64;
    const Piece pc = make_piece(kind % 2 == 1 ? White : Black, PieceType(kind / 2 + 1));
    return piece_name(pc) + " " + square_name(Square(index % 64));
  }
  if (index < 772) return "castling " + castling_letters(1 << (index - 768));
  if (index < 780) return std::string("en passant file ") + char('a' + (index - 772));
  return "side";
}

Expected<std::vector<Key>> parse_key_list(std::string_view text, const std::string& source) {
  std::vector<Key> keys;
  std::size_t line_number = 0;
  // A UTF-8 byte order mark (an editor's) before the first key is skipped, as schemes' is.
  if (text.starts_with("\xef\xbb\xbf")) text.remove_prefix(3);
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line_number;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty()) continue;
    std::string_view digits = line;
    if (digits.starts_with("0x") || digits.starts_with("0X")) digits.remove_prefix(2);
    auto key = parse_hex_key(digits);
    if (!key)
      return Error{source + ":" + std::to_string(line_number) + ": bad key " + quoted_input(line) +
                   ": expected 1 to 16 hex digits, one key a line"};
    keys.push_back(*key);
  }
  if (keys.empty()) return Error{source + ": no keys (expected one hex key a line)"};
  return keys;
}

NamedKeySet key_list_set(std::span<const Key> keys, std::string name) {
  NamedKeySet set;
  set.name = std::move(name);
  set.keys.assign(keys.begin(), keys.end());
  const bool polyglot_layout = keys.size() == 781;
  for (std::size_t i = 0; i < keys.size(); ++i)
    set.names.push_back(polyglot_layout ? polyglot_entry_name(i) : "key " + std::to_string(i));
  set.reductions.push_back(
      polyglot_layout ? "key list: analysed as given, 781 keys named by the Polyglot layout"
                      : "key list: analysed as given, " + std::to_string(keys.size()) + " keys");
  return set;
}

}  // namespace zobrist_verify
