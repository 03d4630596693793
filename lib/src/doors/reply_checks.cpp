#include "zobrist_verify/doors/reply_checks.h"

#include <cctype>
#include <vector>

#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {
namespace {

std::string_view next_word(std::string_view& text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  std::size_t end = 0;
  while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
  const std::string_view word = text.substr(0, end);
  text.remove_prefix(end);
  return word;
}

bool starts_with_ignoring_case(std::string_view word, std::string_view prefix) {
  if (word.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(word[i])) != prefix[i]) return false;
  return true;
}

FenOptions lenient(bool chess960) {
  FenOptions options;
  options.chess960 = chess960;
  options.allow_unreachable = true;
  return options;
}

std::string castling_text(const Position& pos) {
  std::string text;
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (pos.can_castle(cr))
      text += (text.empty() ? "" : " ") + square_name(pos.castling_rook_square(cr));
  return text.empty() ? "none" : "rooks on " + text;
}

// Whether the castling field of `fen` (its third) holds only K, Q, k, q or '-'.
bool castling_in_side_letters(std::string_view fen) {
  (void)next_word(fen);
  (void)next_word(fen);
  const std::string_view castling = next_word(fen);
  return castling.find_first_not_of("KQkq-") == std::string_view::npos;
}

}  // namespace

bool reports_error(std::string_view line) {
  std::string_view word = next_word(line);
  if (word == "info") {
    if (next_word(line) != "string") return false;
    word = next_word(line);
  }
  for (std::string_view prefix : {"error", "illegal", "invalid"})
    if (starts_with_ignoring_case(word, prefix)) return true;
  // Stockfish 17 and later: "info string CRITICAL ERROR: Command `...` failed. Reason: ...".
  return starts_with_ignoring_case(word, "critical") &&
         starts_with_ignoring_case(next_word(line), "error");
}

std::optional<std::string> shown_position_difference(std::string_view shown_fen,
                                                     std::string_view expected_fen, bool chess960) {
  Position shown, expected;
  StateInfo shown_state, expected_state;
  std::vector<FenError> errors;
  if (!expected.set(expected_fen, expected_state, polyglot_scheme(), lenient(chess960), &errors))
    return "the door cannot read its own FEN " + std::string(expected_fen) + ": " +
           format_errors(errors);
  if (!shown.set(shown_fen, shown_state, polyglot_scheme(), lenient(chess960), &errors))
    return "the reference cannot read it: " + format_errors(errors);
  for (Square s = A1; s < SquareCount; ++s)
    if (shown.piece_on(s) != expected.piece_on(s))
      return "the pieces differ (on " + square_name(s) + " first)";
  if (shown.side_to_move() != expected.side_to_move())
    return std::string("the side to move is ") +
           (shown.side_to_move() == White ? "White" : "Black");
  bool same_castling = shown.castling_rights() == expected.castling_rights();
  // In Chess960 an engine's K or Q names a right on that side of the king, not always the
  // outermost rook that X-FEN reads it as: Glaurung 2.2 prints Q for a rook on f1 beside one on
  // a1, where X-FEN asks for F. The rook squares are compared only when the letters say them.
  const bool squares_shown = !chess960 || !castling_in_side_letters(shown_fen);
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (same_castling && squares_shown && expected.can_castle(cr))
      same_castling = shown.castling_rook_square(cr) == expected.castling_rook_square(cr);
  if (!same_castling)
    return "the castling rights differ (" + castling_text(shown) + ", not " +
           castling_text(expected) + ")";
  // An engine may drop an en-passant square no capture can use (Stockfish does), never add one.
  const bool dropped_unusable =
      shown.ep_square() == NoSquare && !expected.en_passant_capture_legal();
  if (shown.ep_square() != expected.ep_square() && !dropped_unusable) {
    auto name = [](Square s) { return s == NoSquare ? std::string("none") : square_name(s); };
    return "the en-passant square is " + name(shown.ep_square()) + ", not " +
           name(expected.ep_square());
  }
  return std::nullopt;
}

}  // namespace zobrist_verify
