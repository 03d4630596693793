// The terms of a scheme's table and the fewest of them a difference is made of.
#include "zobrist_verify/keys/key_terms.h"

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace zobrist_verify {

namespace {

constexpr std::string_view PieceLetters = "PNBRQKpnbrqk";
constexpr const char* PieceNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};

std::string square_text(int sq) {
  return {char('a' + (sq & 7)), char('1' + (sq >> 3))};
}

// "K", "Qkq", "-": the castling rights of a mask in FEN's letters.
std::string rights_text(int mask) {
  std::string text;
  for (int bit = 0; bit < 4; ++bit)
    if (mask & (1 << bit)) text += "KQkq"[bit];
  return text.empty() ? "-" : text;
}

std::string ordinal(int n) {
  const char* suffix = n % 100 / 10 == 1 ? "th"
                       : n % 10 == 1     ? "st"
                       : n % 10 == 2     ? "nd"
                       : n % 10 == 3     ? "rd"
                                         : "th";
  return std::to_string(n) + suffix;
}

class Terms {
 public:
  void add(std::string name, Key key) {
    if (key == 0 || !seen_.emplace(key, terms_.size()).second) return;
    terms_.push_back({std::move(name), key});
  }
  std::vector<KeyTerm> take() { return std::move(terms_); }

 private:
  std::vector<KeyTerm> terms_;
  std::unordered_map<Key, std::size_t> seen_;
};

void add_placement(Terms& terms, const KeyScheme& scheme, KeyPart part) {
  for (std::size_t i = 0; i < PieceLetters.size(); ++i) {
    const Color color = i < 6 ? White : Black;
    const PieceType type = PieceType(i % 6 + 1);
    if (part == KeyPart::PawnKey && type != Pawn) continue;
    const Piece pc = make_piece(color, type);
    const std::string piece = std::string(color == White ? "white " : "black ") + PieceNames[i % 6];
    const std::string line = std::string("psq ") + PieceLetters[i] + " ";
    // The material key reads psq[pc][n] as the term of an (n + 1)th piece pc, of at most MaxCount.
    const int squares = part == KeyPart::MaterialKey ? PieceSquareKeys::MaxCount : SquareCount;
    for (int sq = 0; sq < squares; ++sq) {
      const std::string where = "(" + line + square_text(sq) + ")";
      terms.add(part == KeyPart::MaterialKey
                    ? "the material term of a " + ordinal(sq + 1) + " " + piece + " " + where
                    : piece + " on " + square_text(sq) + " " + where,
                scheme.psq[pc][sq]);
    }
  }
}

// An en-passant key repeated down its whole file is the file's key.
bool keyed_by_file(const KeyScheme& scheme, int file) {
  for (int rank = 1; rank < 8; ++rank)
    if (scheme.en_passant[rank * 8 + file] != scheme.en_passant[file]) return false;
  return true;
}

void add_state_terms(Terms& terms, const KeyScheme& scheme) {
  if (scheme.castling_keying == CastlingKeying::RookSquare) {
    for (int sq = 0; sq < SquareCount; ++sq)
      terms.add("castling rook on " + square_text(sq) + " (castling rook " + square_text(sq) + ")",
                scheme.castling_rook[sq]);
  } else {
    for (int mask = 0; mask < 16; ++mask)
      terms.add("castling rights " + rights_text(mask) + " (castling " + std::to_string(mask) + ")",
                scheme.castling[mask]);
  }
  for (int sq = 0; sq < SquareCount; ++sq) {
    const int file = sq & 7;
    terms.add(keyed_by_file(scheme, file)
                  ? std::string("en passant on file ") + char('a' + file) + " (enpassant " +
                        char('a' + file) + "1 to " + char('a' + file) + "8)"
                  : "en passant on " + square_text(sq) + " (enpassant " + square_text(sq) + ")",
              scheme.en_passant[sq]);
  }
  terms.add("no en passant (enpassant none)", scheme.en_passant_none);
  terms.add("White to move (side white)", scheme.side_white);
  terms.add("Black to move (side black)", scheme.side_black);
}

// The pairs of terms by the XOR of their keys, sorted for lookup.
struct Pair {
  Key key;
  std::uint16_t first, second;
  bool operator<(const Pair& other) const { return key < other.key; }
};

std::vector<Pair> pairs_of(const std::vector<KeyTerm>& terms) {
  std::vector<Pair> pairs;
  pairs.reserve(terms.size() * (terms.size() - 1) / 2);
  for (std::size_t i = 0; i < terms.size(); ++i)
    for (std::size_t j = i + 1; j < terms.size(); ++j)
      pairs.push_back({terms[i].key ^ terms[j].key, std::uint16_t(i), std::uint16_t(j)});
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::vector<std::string> names_of(const std::vector<KeyTerm>& terms, std::vector<std::size_t> at) {
  std::sort(at.begin(), at.end());
  std::vector<std::string> names;
  for (std::size_t i : at) names.push_back(terms[i].name);
  return names;
}

}  // namespace

std::vector<KeyTerm> key_terms(const KeyScheme& scheme, KeyPart part) {
  Terms terms;
  add_placement(terms, scheme, part);
  if (part == KeyPart::Key) add_state_terms(terms, scheme);
  if (part == KeyPart::PawnKey) terms.add("the no-pawns start (nopawns)", scheme.no_pawns);
  return terms.take();
}

std::vector<std::string> terms_at_fault(const KeyScheme& scheme, KeyPart part, Key difference,
                                        int max_terms) {
  if (difference == 0) return {};
  const std::vector<KeyTerm> terms = key_terms(scheme, part);
  std::unordered_map<Key, std::size_t> at;
  for (std::size_t i = 0; i < terms.size(); ++i) at.emplace(terms[i].key, i);
  if (auto one = at.find(difference); one != at.end()) return names_of(terms, {one->second});
  if (max_terms < 2) return {};
  for (std::size_t i = 0; i < terms.size(); ++i)
    if (auto j = at.find(difference ^ terms[i].key); j != at.end() && j->second > i)
      return names_of(terms, {i, j->second});
  if (max_terms < 3) return {};
  for (std::size_t i = 0; i < terms.size(); ++i)
    for (std::size_t j = i + 1; j < terms.size(); ++j)
      if (auto k = at.find(difference ^ terms[i].key ^ terms[j].key);
          k != at.end() && k->second > j)
        return names_of(terms, {i, j, k->second});
  if (max_terms < 4 || terms.size() > 0xffff) return {};
  const std::vector<Pair> pairs = pairs_of(terms);
  for (const Pair& p : pairs) {
    const Key rest = difference ^ p.key;
    for (auto q = std::lower_bound(pairs.begin(), pairs.end(), Pair{rest, 0, 0});
         q != pairs.end() && q->key == rest; ++q)
      if (q->first != p.first && q->first != p.second && q->second != p.first &&
          q->second != p.second)
        return names_of(terms, {p.first, p.second, q->first, q->second});
  }
  return {};
}

}  // namespace zobrist_verify
