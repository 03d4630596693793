// Runs a perft suite (EPD "FEN ;D1 n ..." lines or .perft blocks) and collects every mismatch; used
// by `perft --epd` and by `verify`. Suites are read with FenOptions::allow_unreachable:
// published ones hold checks and castling rights no game reaches, and move generation does not
// care.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify::cli {

struct SuiteLimits {
  int max_depth = std::numeric_limits<int>::max();
  // Depths whose expected count is larger are skipped.
  std::uint64_t max_nodes = std::numeric_limits<std::uint64_t>::max();
  bool full = false;      // perft_full (make/unmake at the leaves) instead of bulk counting
  bool chess960 = false;  // read every FEN as Chess960
};

struct SuiteMismatch {
  int line = 0;
  std::string id;
  std::string fen;
  int depth = 0;
  std::uint64_t expected = 0;
  std::uint64_t actual = 0;
};

struct SuiteRun {
  int suite_positions = 0;  // positions in the suite
  int positions = 0;        // positions with at least one depth run
  int depths = 0;           // (position, depth) pairs run
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::vector<SuiteMismatch> mismatches;
  std::vector<std::string> invalid_fens;  // "line N: invalid FEN '...': why"
};

// Fails only when the suite itself cannot be read; bad FENs are collected in the run.
[[nodiscard]] Expected<SuiteRun> run_perft_suite(std::string_view text, const SuiteLimits& limits);

// "line 12 (id) depth 3: expected 8902, actual 8901, fen '...'"
std::string describe(const SuiteMismatch& mismatch);
// "expected 8902, actual 8901, fen '...'"
std::string describe_counts(const SuiteMismatch& mismatch);

}  // namespace zobrist_verify::cli
