// fuzz_fen: any bytes through the strict FEN parser. Parsing must never crash; a FEN that parses
// must come back from fen() unchanged with the same keys in every scheme and a clean check();
// a FEN that fails must explain every problem. The Chess960 option must not change validity; the
// impossible-checks option must accept a FEN whose only problems are such checks.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "zobrist_verify/chess/position.h"

namespace {

using namespace zobrist_verify;
using zv_fuzz::describe;

constexpr std::string_view Harness = "fuzz_fen";

// Reused from input to input, so that once they have grown, parsing and writing FENs do not
// allocate (most inputs fail, each with its list of errors).
std::vector<FenError> errors;
std::string written, rewritten;

[[noreturn]] void fail(std::string_view fen, const std::string& what) {
  zv_fuzz::fail(Harness, what, "input FEN: " + zv_fuzz::quoted(fen));
}

// Each problem must have a named code and be stated as "<field name>, character N: ..." at a
// column inside the input.
void check_errors_explained(std::string_view fen) {
  for (const FenError& e : errors) {
    const std::string_view message = e.message();
    if (std::string_view(to_string(e.code)) == "unknown")
      fail(fen,
           "error code " + std::to_string(int(e.code)) + " has no name: " + std::string(message));
    const std::string_view field = to_string(e.field);
    if (message.size() <= field.size() || !message.starts_with(field))
      fail(fen, "error message '" + std::string(message) + "' does not start with '" +
                    std::string(field) + "'");
    if (e.column >= (fen.empty() ? 1 : fen.size()))
      fail(fen, "error column " + std::to_string(e.column) + " is outside the " +
                    std::to_string(fen.size()) + "-byte input: " + std::string(message));
  }
}

// Rejected, and every problem explained. When the only problems are the rules for positions no
// game reaches, FenOptions::allow_unreachable must accept the FEN as a consistent one.
void check_rejected(std::string_view fen) {
  for (const FenError& e : errors)
    if (!is_unreachable(e.code)) return;
  Position lenient;
  StateInfo lenient_state;
  if (!lenient.set(fen, lenient_state, polyglot_scheme(), FenOptions{.allow_unreachable = true},
                   nullptr))
    fail(fen,
         "only unreachable-position rules are reported, yet allow_unreachable rejects the FEN");
  if (const CheckReport report = lenient.check(); !report.ok())
    fail(fen, "check() after parsing with allow_unreachable:\n" + report.to_string());
}

// Round trip: fen() parses again (under another scheme) to the same FEN and position, with the
// same keys in every scheme, equal to a from-scratch computation.
void check_round_trip(std::string_view fen, Position& pos) {
  pos.write_fen(written);
  Position again;
  StateInfo again_state;
  if (const auto again_errors = again.set(written, again_state, stockfish_scheme());
      !again_errors.empty())
    fail(fen,
         "fen() wrote '" + written + "', which does not parse:\n" + format_errors(again_errors));
  again.write_fen(rewritten);
  if (rewritten != written)
    fail(fen, "fen() is not stable: '" + written + "' parses and prints as '" + rewritten + "'");
  if (again.is_chess960() != pos.is_chess960())
    fail(fen, "'" + written + "' parses with another Chess960 flag");
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (pos.can_castle(cr) && again.castling_rook_square(cr) != pos.castling_rook_square(cr))
      fail(fen, "'" + written + "' parses with another castling rook for right " +
                    std::to_string(int(cr)));
  for (const KeyScheme* scheme : zv_fuzz::schemes()) {
    pos.set_scheme(*scheme);
    again.set_scheme(*scheme);
    if (pos.keys() != again.keys())
      fail(fen, "scheme " + scheme->name + ": the parsed position has " + describe(pos.keys()) +
                    ", its fen() '" + written + "' has " + describe(again.keys()));
    if (pos.keys() != pos.compute_keys())
      fail(fen, "scheme " + scheme->name + ": keys " + describe(pos.keys()) +
                    " differ from compute_keys() " + describe(pos.compute_keys()));
  }
}

// Under the Chess960 option the same board prints with Shredder letters and round-trips too.
void check_chess960_round_trip(std::string_view fen, const Position& chess960) {
  chess960.write_fen(written);
  Position again960;
  StateInfo again960_state;
  const bool again960_parsed =
      again960.set(written, again960_state, polyglot_scheme(), FenOptions{true}).empty();
  if (again960_parsed) again960.write_fen(rewritten);
  if (!again960_parsed || rewritten != written)
    fail(fen,
         "with FenOptions::chess960, fen() wrote '" + written + "', which does not print back");
  if (chess960.keys() != again960.keys() || !chess960.is_chess960())
    fail(fen,
         "with FenOptions::chess960, '" + written + "' parses to other keys or not as Chess960");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A valid FEN is under 100 characters; longer inputs only repeat the same error paths.
  constexpr std::size_t MaxInput = 256;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view fen(reinterpret_cast<const char*>(data), size);
  Position pos;
  StateInfo state;
  const bool parsed = pos.set(fen, state, polyglot_scheme(), {}, &errors);
  if (parsed != errors.empty())
    fail(fen, std::string("set() says the FEN ") + (parsed ? "parses" : "fails") + " and reports " +
                  std::to_string(errors.size()) + " errors");
  check_errors_explained(fen);

  // The Chess960 option changes notation only, never whether a FEN is valid (which is all that is
  // asked of this parse).
  Position chess960;
  StateInfo chess960_state;
  const bool chess960_parsed =
      chess960.set(fen, chess960_state, polyglot_scheme(), FenOptions{true}, nullptr);
  if (chess960_parsed != parsed)
    fail(fen, std::string("the FEN ") + (parsed ? "parses" : "fails") +
                  " without FenOptions::chess960 but " + (chess960_parsed ? "parses" : "fails") +
                  " with it");
  if (!parsed) {
    check_rejected(fen);
    return 0;
  }
  if (const CheckReport report = pos.check(); !report.ok())
    fail(fen, "check() after parsing:\n" + report.to_string());
  check_round_trip(fen, pos);
  check_chess960_round_trip(fen, chess960);
  return 0;
}
