// fuzz_epd: any bytes as a perft suite (parse_perft_suite: EPD "FEN ;D1 n" lines and
// python-chess's id/epd/perft blocks, what `perft --epd` and `verify` read). A suite that parses
// must write out as blocks and read back case for case; line numbers rise and stay inside the
// text; every depth is 1 to 64. Each case's FEN then goes through the reader the suite runner
// uses, and a position it accepts has consistent perft(1) counts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  constexpr std::string_view Harness = "fuzz_epd";
  // A few cases of both forms; longer suites only repeat lines.
  constexpr std::size_t MaxInput = 2048;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "suite text: " + zv_fuzz::quoted(text));
  };

  Expected<std::vector<PerftCase>> cases = parse_perft_suite(text);
  if (!cases) {
    if (!cases.error().starts_with("perft suite line "))
      fail("the error does not name the line: " + cases.error());
    return 0;
  }
  int lines = 1;
  for (char c : text) lines += c == '\n';
  int previous_line = 0;
  std::string written;
  for (const PerftCase& c : *cases) {
    if (c.fen.empty()) fail("a case without a FEN at line " + std::to_string(c.line));
    if (c.line <= previous_line || c.line > lines)
      fail("case line " + std::to_string(c.line) + " after line " + std::to_string(previous_line) +
           " of " + std::to_string(lines));
    previous_line = c.line;
    if (!c.id.empty()) written += "id " + c.id + "\n";
    written += "epd " + c.fen + "\n";
    for (const auto& [depth, nodes] : c.depths) {
      if (depth < 1 || depth > 64) fail("depth " + std::to_string(depth) + " accepted");
      written += "perft " + std::to_string(depth) + " " + std::to_string(nodes) + "\n";
    }
    written += "\n";
  }
  Expected<std::vector<PerftCase>> again = parse_perft_suite(written);
  if (!again)
    fail("the suite written as blocks does not read back: " + again.error() + "\n" + written);
  if (again->size() != cases->size())
    fail("the suite written as blocks reads back as " + std::to_string(again->size()) +
         " cases, not " + std::to_string(cases->size()) + "\n" + written);
  for (std::size_t i = 0; i < cases->size(); ++i) {
    const PerftCase &a = (*cases)[i], &b = (*again)[i];
    if (a.fen != b.fen || a.id != b.id || a.depths != b.depths)
      fail("case " + std::to_string(i) + " reads back differently\n" + written);
  }

  // The runner reads each FEN with allow_unreachable (cli/perft_suite.cpp); a few cases suffice.
  FenOptions options;
  options.allow_unreachable = true;
  for (std::size_t i = 0; i < cases->size() && i < 4; ++i) {
    Position pos;
    StateInfo state;
    if (!pos.set((*cases)[i].fen, state, polyglot_scheme(), options, nullptr)) continue;
    const std::uint64_t bulk = perft(pos, 1), full = perft_full(pos, 1);
    if (bulk != full || perft_divide(pos, 1).size() != bulk)
      fail("perft(1) of '" + (*cases)[i].fen + "' is " + std::to_string(bulk) + " bulk-counted, " +
           std::to_string(full) + " made move by move");
  }
  return 0;
}
