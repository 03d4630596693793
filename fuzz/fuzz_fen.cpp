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

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  using zv_fuzz::describe;
  constexpr std::string_view Harness = "fuzz_fen";
  // A valid FEN is under 100 characters; longer inputs only repeat the same error paths.
  constexpr std::size_t MaxInput = 256;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view fen(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "input FEN: " + zv_fuzz::quoted(fen));
  };

  // Reused from input to input, so that once they have grown, parsing and writing FENs do not
  // allocate (most inputs fail, each with its list of errors).
  static std::vector<FenError> errors;
  static std::string written, rewritten;

  Position pos;
  StateInfo state;
  const bool parsed = pos.set(fen, state, polyglot_scheme(), {}, &errors);
  if (parsed != errors.empty())
    fail(std::string("set() says the FEN ") + (parsed ? "parses" : "fails") + " and reports " +
         std::to_string(errors.size()) + " errors");
  // Each problem must have a named code and be stated as "<field name>, character N: ..." at a
  // column inside the input.
  for (const FenError& e : errors) {
    const std::string_view message = e.message();
    if (std::string_view(to_string(e.code)) == "unknown")
      fail("error code " + std::to_string(int(e.code)) + " has no name: " + std::string(message));
    const std::string_view field = to_string(e.field);
    if (message.size() <= field.size() || !message.starts_with(field))
      fail("error message '" + std::string(message) + "' does not start with '" +
           std::string(field) + "'");
    if (e.column >= (size == 0 ? 1 : size))
      fail("error column " + std::to_string(e.column) + " is outside the " + std::to_string(size) +
           "-byte input: " + std::string(message));
  }

  // The Chess960 option changes notation only, never whether a FEN is valid (which is all that is
  // asked of this parse).
  Position chess960;
  StateInfo chess960_state;
  const bool chess960_parsed =
      chess960.set(fen, chess960_state, polyglot_scheme(), FenOptions{true}, nullptr);
  if (chess960_parsed != parsed)
    fail(std::string("the FEN ") + (parsed ? "parses" : "fails") +
         " without FenOptions::chess960 but " + (chess960_parsed ? "parses" : "fails") +
         " with it");
  if (!parsed) {
    // Rejected, and every problem explained. When the only problems are the rules for positions
    // no game reaches, FenOptions::allow_unreachable must accept the FEN as a consistent one.
    for (const FenError& e : errors)
      if (!is_unreachable(e.code)) return 0;
    Position lenient;
    StateInfo lenient_state;
    if (!lenient.set(fen, lenient_state, polyglot_scheme(), FenOptions{.allow_unreachable = true},
                     nullptr))
      fail("only unreachable-position rules are reported, yet allow_unreachable rejects the FEN");
    if (const CheckReport report = lenient.check(); !report.ok())
      fail("check() after parsing with allow_unreachable:\n" + report.to_string());
    return 0;
  }

  if (const CheckReport report = pos.check(); !report.ok())
    fail("check() after parsing:\n" + report.to_string());

  // Round trip: fen() parses again (under another scheme) to the same FEN and position.
  pos.write_fen(written);
  Position again;
  StateInfo again_state;
  if (const auto again_errors = again.set(written, again_state, stockfish_scheme());
      !again_errors.empty())
    fail("fen() wrote '" + written + "', which does not parse:\n" + format_errors(again_errors));
  again.write_fen(rewritten);
  if (rewritten != written)
    fail("fen() is not stable: '" + written + "' parses and prints as '" + rewritten + "'");
  if (again.is_chess960() != pos.is_chess960())
    fail("'" + written + "' parses with another Chess960 flag");
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO})
    if (pos.can_castle(cr) && again.castling_rook_square(cr) != pos.castling_rook_square(cr))
      fail("'" + written + "' parses with another castling rook for right " +
           std::to_string(int(cr)));

  // The same keys in every scheme, and equal to a from-scratch computation.
  for (const KeyScheme* scheme : zv_fuzz::schemes()) {
    pos.set_scheme(*scheme);
    again.set_scheme(*scheme);
    if (pos.keys() != again.keys())
      fail("scheme " + scheme->name + ": the parsed position has " + describe(pos.keys()) +
           ", its fen() '" + written + "' has " + describe(again.keys()));
    if (pos.keys() != pos.compute_keys())
      fail("scheme " + scheme->name + ": keys " + describe(pos.keys()) +
           " differ from compute_keys() " + describe(pos.compute_keys()));
  }

  // Under the Chess960 option the same board prints with Shredder letters and round-trips too.
  chess960.write_fen(written);
  Position again960;
  StateInfo again960_state;
  const bool again960_parsed =
      again960.set(written, again960_state, polyglot_scheme(), FenOptions{true}).empty();
  if (again960_parsed) again960.write_fen(rewritten);
  if (!again960_parsed || rewritten != written)
    fail("with FenOptions::chess960, fen() wrote '" + written + "', which does not print back");
  if (chess960.keys() != again960.keys() || !chess960.is_chess960())
    fail("with FenOptions::chess960, '" + written + "' parses to other keys or not as Chess960");
  return 0;
}
