// The line-based key-scheme text format (docs/key-scheme-file.md): parse, write, load from a file.
#include <array>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

namespace {

std::optional<Piece> parse_piece(std::string_view token) {
  if (token.size() != 1 || token[0] == ' ') return std::nullopt;
  const auto index = PieceLetters.find(token[0]);
  if (index == std::string_view::npos) return std::nullopt;
  return Piece(index);
}

std::optional<Square> parse_square(std::string_view token) {
  if (token.size() != 2 || token[0] < 'a' || token[0] > 'h' || token[1] < '1' || token[1] > '8')
    return std::nullopt;
  return make_square(File(token[0] - 'a'), Rank(token[1] - '1'));
}

std::string square_name(int sq) {
  return {char('a' + file_of(Square(sq))), char('1' + rank_of(Square(sq)))};
}

std::optional<int> parse_castling_mask(std::string_view token) {
  if (token.empty() || token.size() > 2) return std::nullopt;
  int mask = 0;
  for (char ch : token) {
    if (ch < '0' || ch > '9') return std::nullopt;
    mask = mask * 10 + (ch - '0');
  }
  if (mask > 15) return std::nullopt;
  return mask;
}

std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> tokens;
  constexpr std::string_view Blanks = " \t\r\v\f";
  std::size_t pos = line.find_first_not_of(Blanks);
  while (pos != std::string_view::npos) {
    const std::size_t end = line.find_first_of(Blanks, pos);
    tokens.push_back(line.substr(pos, end == std::string_view::npos ? end : end - pos));
    pos = line.find_first_not_of(Blanks, end);
  }
  return tokens;
}

// Control characters and invalid UTF-8 shown as \xNN, a long token cut (core/visible_text.h).
std::string quoted(std::string_view token) {
  return quoted_input(token);
}

// The entries whose value is yes or no, in the order they are written.
struct YesNoEntry {
  std::string_view keyword;
  bool KeyScheme::*field;
};
constexpr YesNoEntry YesNoEntries[] = {
    {"fold_rule50", &KeyScheme::fold_rule50_into_printed_key},
    {"pawn_key", &KeyScheme::defines_pawn_key},
    {"material_key", &KeyScheme::defines_material_key},
};

class SchemeParser {
 public:
  SchemeParser(std::string default_name, std::string source) : source_(std::move(source)) {
    scheme_.name = std::move(default_name);
  }

  Expected<KeyScheme> parse(std::string_view text) {
    // A UTF-8 byte-order mark, as some editors write, is not part of the first keyword.
    if (text.starts_with("\xef\xbb\xbf")) text.remove_prefix(3);
    int number = 0;
    while (!text.empty()) {
      ++number;
      const std::size_t end = text.find('\n');
      std::string_view line = text.substr(0, end);
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
      if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
        line = line.substr(0, hash);
      const auto tokens = split_tokens(line);
      if (tokens.empty()) continue;
      if (auto error = parse_entry(number, tokens)) return *error;
    }
    return scheme_;
  }

 private:
  // An entry's value and the line that first gave it, to report duplicates.
  template <class T>
  struct Slot {
    T* value;
    int* line;
  };

  Error error(int line, const std::string& reason) const {
    return Error{source_ + ":" + std::to_string(line) + ": " + reason};
  }

  // Checks the entry's arity: `count` tokens after the keyword, described by `shape`.
  std::optional<Error> check_arity(int line, const std::vector<std::string_view>& tokens,
                                   std::size_t count, std::string_view shape) const {
    if (tokens.size() < count + 1)
      return error(line, "missing value: expected '" + std::string(shape) + "'");
    if (tokens.size() > count + 1)
      return error(line, "unexpected trailing token " + quoted(tokens[count + 1]) + " after '" +
                             std::string(shape) + "'");
    return std::nullopt;
  }

  template <class T>
  std::optional<Error> assign(int line, Slot<T> slot, T value, const std::string& entry) {
    if (*slot.line != 0)
      return error(line, "duplicate entry '" + entry + "' (first given on line " +
                             std::to_string(*slot.line) + ")");
    *slot.value = value;
    *slot.line = line;
    return std::nullopt;
  }

  std::optional<Error> assign_key(int line, Slot<Key> slot, std::string_view token,
                                  const std::string& entry) {
    const auto key = parse_hex_key(token);
    if (!key)
      return error(
          line, "bad key " + quoted(token) + " for '" + entry + "': expected 1 to 16 hex digits");
    return assign(line, slot, *key, entry);
  }

  // `castling rook SQUARE KEY`: the key of a castling rook's square, on rank 1 or 8.
  std::optional<Error> parse_castling_rook(int line, const std::vector<std::string_view>& tokens) {
    if (auto e = check_arity(line, tokens, 3, "castling rook SQUARE KEY")) return e;
    const auto square = parse_square(tokens[2]);
    if (!square) return error(line, "bad square " + quoted(tokens[2]) + ": expected a1..h8");
    if (rank_of(*square) != Rank1 && rank_of(*square) != Rank8)
      return error(line, "bad castling rook square " + quoted(tokens[2]) +
                             ": a castling rook stands on rank 1 (White) or rank 8 (Black)");
    const std::string entry = "castling rook " + std::string(tokens[2]);
    if (auto e = set_castling_keying(line, CastlingKeying::RookSquare, entry)) return e;
    return assign_key(line, {&scheme_.castling_rook[*square], &castling_rook_line_[*square]},
                      tokens[3], entry);
  }

  // The first castling entry sets the scheme's keying; an entry of the other kind is an error.
  std::optional<Error> set_castling_keying(int line, CastlingKeying keying,
                                           const std::string& entry) {
    if (castling_keying_line_ == 0) {
      scheme_.castling_keying = keying;
      castling_keying_line_ = line;
      castling_keying_entry_ = entry;
      return std::nullopt;
    }
    if (scheme_.castling_keying == keying) return std::nullopt;
    const auto by = [](CastlingKeying k) {
      return k == CastlingKeying::RookSquare ? std::string("rook square") : "rights mask";
    };
    return error(line, "entry '" + entry + "' keys castling by " + by(keying) + ", but line " +
                           std::to_string(castling_keying_line_) + " ('" + castling_keying_entry_ +
                           "') keys it by " + by(scheme_.castling_keying) +
                           ": a scheme keys castling one way");
  }

  std::optional<Error> parse_entry(int line, const std::vector<std::string_view>& tokens) {
    const std::string_view keyword = tokens[0];
    if (keyword == "name") {
      if (auto e = check_arity(line, tokens, 1, "name NAME")) return e;
      return assign(line, Slot<std::string>{&scheme_.name, &name_line_}, std::string(tokens[1]),
                    "name");
    }
    if (keyword == "rule") {
      if (auto e = check_arity(line, tokens, 1, "rule always|pseudo-legal|legal|never")) return e;
      if (Expected<EnPassantRule> rule = parse_en_passant_rule(tokens[1]))
        return assign(line, Slot<EnPassantRule>{&scheme_.en_passant_rule, &rule_line_}, *rule,
                      "rule");
      return error(line, "bad rule " + quoted(tokens[1]) +
                             ": expected always, pseudo-legal, legal or never");
    }
    for (const YesNoEntry& entry : YesNoEntries) {
      if (keyword != entry.keyword) continue;
      const std::string name(entry.keyword);
      if (auto e = check_arity(line, tokens, 1, name + " yes|no")) return e;
      if (tokens[1] != "yes" && tokens[1] != "no")
        return error(line, "bad " + name + " value " + quoted(tokens[1]) + ": expected yes or no");
      return assign(
          line,
          Slot<bool>{&(scheme_.*entry.field), &yes_no_line_[std::size_t(&entry - YesNoEntries)]},
          tokens[1] == "yes", name);
    }
    if (keyword == "psq") {
      if (auto e = check_arity(line, tokens, 3, "psq PIECE SQUARE KEY")) return e;
      const auto piece = parse_piece(tokens[1]);
      if (!piece)
        return error(line, "bad piece " + quoted(tokens[1]) + ": expected one of PNBRQKpnbrqk");
      const auto square = parse_square(tokens[2]);
      if (!square) return error(line, "bad square " + quoted(tokens[2]) + ": expected a1..h8");
      return assign_key(line, {&scheme_.psq[*piece][*square], &psq_line_[*piece][*square]},
                        tokens[3], "psq " + std::string(tokens[1]) + " " + std::string(tokens[2]));
    }
    if (keyword == "castling") {
      if (tokens.size() > 1 && tokens[1] == "rook") return parse_castling_rook(line, tokens);
      if (auto e = check_arity(line, tokens, 2, "castling MASK KEY")) return e;
      const auto mask = parse_castling_mask(tokens[1]);
      if (!mask)
        return error(line, "bad castling mask " + quoted(tokens[1]) + ": expected 0..15 or rook");
      const std::string entry = "castling " + std::to_string(*mask);
      if (auto e = set_castling_keying(line, CastlingKeying::RightsMask, entry)) return e;
      return assign_key(line, {&scheme_.castling[*mask], &castling_line_[*mask]}, tokens[2], entry);
    }
    if (keyword == "enpassant") {
      if (auto e = check_arity(line, tokens, 2, "enpassant SQUARE|none KEY")) return e;
      if (tokens[1] == "none")
        return assign_key(line, {&scheme_.en_passant_none, &en_passant_none_line_}, tokens[2],
                          "enpassant none");
      const auto square = parse_square(tokens[1]);
      if (!square)
        return error(line, "bad square " + quoted(tokens[1]) + ": expected a1..h8 or none");
      return assign_key(line, {&scheme_.en_passant[*square], &en_passant_line_[*square]}, tokens[2],
                        "enpassant " + std::string(tokens[1]));
    }
    if (keyword == "side") {
      if (auto e = check_arity(line, tokens, 2, "side white|black KEY")) return e;
      if (tokens[1] == "white")
        return assign_key(line, {&scheme_.side_white, &side_white_line_}, tokens[2], "side white");
      if (tokens[1] == "black")
        return assign_key(line, {&scheme_.side_black, &side_black_line_}, tokens[2], "side black");
      return error(line, "bad side " + quoted(tokens[1]) + ": expected white or black");
    }
    if (keyword == "nopawns") {
      if (auto e = check_arity(line, tokens, 1, "nopawns KEY")) return e;
      return assign_key(line, {&scheme_.no_pawns, &no_pawns_line_}, tokens[1], "nopawns");
    }
    return error(line, "unknown keyword " + quoted(keyword) +
                           ": expected name, rule, fold_rule50, pawn_key, material_key, psq, "
                           "castling, enpassant, side or nopawns");
  }

  std::string source_;
  KeyScheme scheme_;
  std::array<std::array<int, SquareCount>, PieceCount> psq_line_{};
  std::array<int, 16> castling_line_{};
  std::array<int, SquareCount> castling_rook_line_{};
  int castling_keying_line_ = 0;  // the first castling entry, which set the keying
  std::string castling_keying_entry_;
  std::array<int, SquareCount> en_passant_line_{};
  int en_passant_none_line_ = 0, side_white_line_ = 0, side_black_line_ = 0, no_pawns_line_ = 0;
  int name_line_ = 0, rule_line_ = 0;
  std::array<int, std::size(YesNoEntries)> yes_no_line_{};
};

}  // namespace

Expected<KeyScheme> parse_scheme_text(std::string_view text, std::string name) {
  std::string source = name;
  return SchemeParser(std::move(name), std::move(source)).parse(text);
}

Expected<KeyScheme> load_scheme_file(const std::string& path) {
  auto text = read_input(path, SchemeFileLimit, "a key scheme file");
  if (!text) return Error{text.error()};
  // The scheme is named after the file unless it has a `name` line; errors name the path.
  return SchemeParser(std::filesystem::path(path).stem().string(), path).parse(*text);
}

std::string write_scheme_text(const KeyScheme& scheme) {
  std::string out = "# zobrist-verify key scheme; format: docs/key-scheme-file.md\n";
  if (!scheme.name.empty()) out += "name " + scheme.name + "\n";
  out += std::string("rule ") + to_string(scheme.en_passant_rule) + "\n";
  for (const YesNoEntry& entry : YesNoEntries)
    out += std::string(entry.keyword) + ((scheme.*entry.field) ? " yes" : " no") + "\n";
  for (char letter : std::string_view("PNBRQKpnbrqk")) {
    const Piece pc = *parse_piece(std::string_view(&letter, 1));
    for (int sq = 0; sq < SquareCount; ++sq)
      if (const Key key = scheme.psq[pc][sq])
        out += "psq " + std::string(1, letter) + " " + square_name(sq) + " " + hex_key(key) + "\n";
  }
  if (scheme.castling_keying == CastlingKeying::RookSquare) {
    // All sixteen, zero keys included, so that the keying reads back even when every key is 0.
    for (Rank rank : {Rank1, Rank8})
      for (int file = 0; file < 8; ++file) {
        const int sq = make_square(File(file), rank);
        out += "castling rook " + square_name(sq) + " " + hex_key(scheme.castling_rook[sq]) + "\n";
      }
  } else {
    for (int mask = 0; mask < 16; ++mask)
      if (const Key key = scheme.castling[mask])
        out += "castling " + std::to_string(mask) + " " + hex_key(key) + "\n";
  }
  for (int sq = 0; sq < SquareCount; ++sq)
    if (const Key key = scheme.en_passant[sq])
      out += "enpassant " + square_name(sq) + " " + hex_key(key) + "\n";
  if (scheme.en_passant_none) out += "enpassant none " + hex_key(scheme.en_passant_none) + "\n";
  if (scheme.side_white) out += "side white " + hex_key(scheme.side_white) + "\n";
  if (scheme.side_black) out += "side black " + hex_key(scheme.side_black) + "\n";
  if (scheme.no_pawns) out += "nopawns " + hex_key(scheme.no_pawns) + "\n";
  return out;
}

}  // namespace zobrist_verify
