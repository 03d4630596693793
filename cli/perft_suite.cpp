#include "perft_suite.h"

#include <chrono>

#include "inputs.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify::cli {

Expected<SuiteRun> run_perft_suite(std::string_view text, const SuiteLimits& limits) {
  auto cases = parse_perft_suite(text);
  if (!cases) return Error{cases.error()};

  SuiteRun run;
  run.suite_positions = int(cases->size());
  auto start = std::chrono::steady_clock::now();
  for (const PerftCase& c : *cases) {
    Game game;
    const FenOptions options{.chess960 = limits.chess960, .allow_unreachable = true};
    auto setup = set_up_game(game, c.fen, "", polyglot_scheme(), options);
    if (!setup) {
      run.invalid_fens.push_back("line " + std::to_string(c.line) + ": " + setup.error());
      continue;
    }
    bool ran = false;
    for (auto [depth, expected] : c.depths) {
      if (depth > limits.max_depth || expected > limits.max_nodes) continue;
      Position& pos = game.position();
      std::uint64_t actual = limits.full ? perft_full(pos, depth) : perft(pos, depth);
      ran = true;
      ++run.depths;
      run.nodes += actual;
      if (actual != expected)
        run.mismatches.push_back({c.line, c.id, c.fen, depth, expected, actual});
    }
    run.positions += ran;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

std::string describe(const SuiteMismatch& m) {
  std::string text = "line " + std::to_string(m.line);
  if (!m.id.empty()) text += " (" + visible_text(m.id) + ")";
  return text + " depth " + std::to_string(m.depth) + ": " + describe_counts(m);
}

std::string describe_counts(const SuiteMismatch& m) {
  return "expected " + std::to_string(m.expected) + ", actual " + std::to_string(m.actual) +
         ", fen '" + visible_text(m.fen) + "'";
}

}  // namespace zobrist_verify::cli
