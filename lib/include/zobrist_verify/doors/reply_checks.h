// What the engine door reads in a reply besides its key: a line reporting an error (the engine
// refused the position) and the position the engine shows (it must be the one the door set up).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace zobrist_verify {

// Whether a line of a reply reports an error: its first word, after an optional "info string",
// begins with "error", "illegal" or "invalid", in any case ("Error in FEN at character 33",
// "Illegal position", "info string Invalid FEN"), or is Stockfish 17+'s "info string CRITICAL
// ERROR: ...". The door counts the position as refused.
bool reports_error(std::string_view line);

// Why the position an engine shows (`shown_fen`, as its "Fen:" line writes it) is not the one the
// door set up (`expected_fen`, the reference's FEN), or nothing when it is. Positions are compared,
// not strings: the placement, the side to move, the castling rights (X-FEN or Shredder letters
// alike, read by the strict reader with allow_unreachable) and the en-passant square, which the
// engine may leave out when no legal capture uses it; the clocks are not compared.
std::optional<std::string> shown_position_difference(std::string_view shown_fen,
                                                     std::string_view expected_fen, bool chess960);

}  // namespace zobrist_verify
