#include "zobrist_verify/doors/divide_notation.h"

#include <cctype>
#include <optional>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

namespace {

bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}

bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

bool is_square(std::string_view text, std::size_t at) {
  return at + 1 < text.size() && is_file(text[at]) && is_rank(text[at + 1]);
}

// A piece letter as SAN writes it (K, Q, R, B, N), and P where long algebraic may.
std::optional<PieceType> piece_of(char c, bool pawn_letter) {
  switch (c) {
    case 'K':
      return King;
    case 'Q':
      return Queen;
    case 'R':
      return Rook;
    case 'B':
      return Bishop;
    case 'N':
      return Knight;
    case 'P':
      if (pawn_letter) return Pawn;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// A promotion piece, in either case.
std::optional<char> promotion_letter(char c) {
  const char lower = char(std::tolower(static_cast<unsigned char>(c)));
  if (lower == 'q' || lower == 'r' || lower == 'b' || lower == 'n') return lower;
  return std::nullopt;
}

// A UCI move ("e2e4", "e7e8q") or a long algebraic one ("Ng1-f3", "e2-e4", "Nb1xc3", "b7-b8=Q"),
// as UCI; nothing for any other text.
std::optional<std::string> by_squares(std::string_view text) {
  if ((text.size() == 4 || text.size() == 5) && is_square(text, 0) && is_square(text, 2)) {
    std::string uci(text.substr(0, 4));
    if (text.size() == 4) return uci;
    if (auto promotion = promotion_letter(text[4])) return uci + *promotion;
    return std::nullopt;
  }
  std::size_t at = piece_of(text.empty() ? ' ' : text[0], true) ? 1 : 0;
  if (!is_square(text, at) || at + 2 >= text.size() || !is_square(text, at + 3))
    return std::nullopt;
  const char separator = text[at + 2];
  if (separator != '-' && separator != 'x' && separator != ':') return std::nullopt;
  std::string uci = std::string(text.substr(at, 2)) + std::string(text.substr(at + 3, 2));
  std::string_view rest = text.substr(at + 5);
  if (rest.starts_with('=')) rest.remove_prefix(1);
  if (rest.empty()) return uci;
  if (rest.size() == 1)
    if (auto promotion = promotion_letter(rest[0])) return uci + *promotion;
  return std::nullopt;
}

// A SAN move other than castling, as its parts: the piece (a pawn when none), what it names of
// the square it comes from, where it goes, and the promotion piece.
struct San {
  PieceType piece = Pawn;
  int from_file = -1;
  int from_rank = -1;
  Square to = SquareCount;
  std::optional<PieceType> promotion;
};

std::optional<San> parse_san(std::string_view text) {
  San san;
  if (!text.empty())
    if (auto piece = piece_of(text[0], false)) {
      san.piece = *piece;
      text.remove_prefix(1);
    }
  // A promotion: "e8=Q", or "e8Q" for a pawn.
  if (text.size() >= 2 && text[text.size() - 2] == '=') {
    const std::optional<char> letter = promotion_letter(text.back());
    if (!letter) return std::nullopt;
    san.promotion = *piece_of(char(std::toupper(*letter)), false);
    text.remove_suffix(2);
  } else if (san.piece == Pawn && text.size() >= 3 && is_rank(text[text.size() - 2]) &&
             piece_of(text.back(), false)) {
    san.promotion = piece_of(text.back(), false);
    text.remove_suffix(1);
  }
  if (text.size() < 2 || !is_square(text, text.size() - 2)) return std::nullopt;
  san.to = make_square(File(text[text.size() - 2] - 'a'), Rank(text.back() - '1'));
  text.remove_suffix(2);
  if (!text.empty() && (text.back() == 'x' || text.back() == ':')) text.remove_suffix(1);
  if (!text.empty() && is_file(text.front())) {
    san.from_file = text.front() - 'a';
    text.remove_prefix(1);
  }
  if (!text.empty() && is_rank(text.front())) {
    san.from_rank = text.front() - '1';
    text.remove_prefix(1);
  }
  if (!text.empty()) return std::nullopt;
  return san;
}

bool fits(const Position& pos, Move m, const San& san) {
  if (m.kind() == MoveKind::Castling || m.to() != san.to) return false;
  if (type_of(pos.piece_on(m.from())) != san.piece) return false;
  if (san.from_file >= 0 && int(file_of(m.from())) != san.from_file) return false;
  if (san.from_rank >= 0 && int(rank_of(m.from())) != san.from_rank) return false;
  if (m.kind() == MoveKind::Promotion) return san.promotion == m.promotion_type();
  return !san.promotion;
}

// The legal moves `text` (SAN, check marks and annotations removed) fits; nothing when it is not
// SAN.
std::optional<std::vector<Move>> san_moves(const Position& pos, std::string_view text) {
  std::vector<Move> moves;
  const bool king_side = text == "O-O" || text == "0-0";
  if (king_side || text == "O-O-O" || text == "0-0-0") {
    for (Move m : legal_moves(pos))
      if (m.kind() == MoveKind::Castling && (file_of(m.to()) > file_of(m.from())) == king_side)
        moves.push_back(m);
    return moves;
  }
  const std::optional<San> san = parse_san(text);
  if (!san) return std::nullopt;
  for (Move m : legal_moves(pos))
    if (fits(pos, m, *san)) moves.push_back(m);
  return moves;
}

}  // namespace

Expected<std::string> divide_move_in_uci(const Position& pos, std::string_view printed,
                                         bool king_takes_rook) {
  if (std::optional<std::string> uci = by_squares(printed)) return *uci;
  std::string_view text = printed;
  while (!text.empty() && std::string_view("+#!?").find(text.back()) != std::string_view::npos)
    text.remove_suffix(1);
  const std::optional<std::vector<Move>> moves = san_moves(pos, text);
  const std::string quoted = "'" + visible_text(printed) + "'";
  if (!moves)
    return Error{quoted + " is a move in no notation the door reads (UCI e2e4, long algebraic " +
                     "Ng1-f3, SAN Nf3)",
                 ErrorKind::AnsweredBadly};
  if (moves->empty()) return quoted;
  if (moves->size() == 1) return move_to_uci(moves->front(), king_takes_rook);
  std::string fitting;
  for (Move m : *moves) fitting += (fitting.empty() ? "" : ", ") + move_to_uci(m, king_takes_rook);
  return Error{"the SAN move " + quoted + " fits " + std::to_string(moves->size()) +
                   " legal moves (" + fitting + "): SAN names one",
               ErrorKind::AnsweredBadly};
}

Expected<DivideCounts> divide_in_uci(std::string_view fen, std::string_view uci_moves,
                                     bool chess960, DivideCounts printed) {
  Game game;
  const std::string_view start = fen == "startpos" ? std::string_view(StartFen) : fen;
  if (!game.set(start, polyglot_scheme(),
                FenOptions{.chess960 = chess960, .allow_unreachable = true})
           .empty())
    return Error{"the divide's position cannot be read: '" + std::string(start) + "'",
                 ErrorKind::GaveUp};
  if (Expected<int> played = game.play_uci_sequence(uci_moves); !played)
    return Error{"the divide's position cannot be reached: " + played.error(), ErrorKind::GaveUp};
  const bool king_takes_rook = chess960 || game.position().is_chess960();
  for (auto& [move, count] : printed.moves) {
    Expected<std::string> uci = divide_move_in_uci(game.position(), move, king_takes_rook);
    if (!uci) return uci.failure();
    move = std::move(*uci);
  }
  return printed;
}

}  // namespace zobrist_verify
