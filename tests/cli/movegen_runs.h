// `zobrist-verify movegen` on the fake engine (tests/engines/fake_engine.py: Stockfish behind a
// proxy that plants one fault) and its JSON report, for the movegen tests in tests/cli.
#pragma once

#include <unistd.h>

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "text_patterns.h"

namespace zobrist_verify::testkit {

inline const std::string FakeEngine = std::string(ZV_ENGINES_DIR) + "/fake_engine.py";
constexpr const char* Stockfish = "/usr/games/stockfish";

// The fake engine runs Stockfish under Debian's python3.
inline bool have_stockfish() {
  return ::access(Stockfish, X_OK) == 0 && ::access("/usr/bin/python3", X_OK) == 0;
}

// A word no other process has in its command line, so that leftovers can be found.
inline std::string unique_tag() {
  return "zv-movegen-test-" + std::to_string(::getpid()) + "-" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name();
}

// The fourth field of a FEN (the en-passant square, or "-").
inline std::string en_passant_field(const std::string& fen) {
  std::istringstream fields(fen);
  std::string field;
  for (int i = 0; i < 4; ++i) fields >> field;
  return field;
}

// `movegen` on `positions` positions of the fake engine in `mode`, its processes marked with `tag`.
inline RunResult run_fake(const std::string& mode, const std::string& tag,
                          std::vector<std::string> extra = {}, int positions = 60) {
  std::vector<std::string> args{"movegen", "--engine", FakeEngine + " " + mode + " --tag " + tag,
                                "--positions", std::to_string(positions)};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// The JSON report without its one timing.
inline std::string without_seconds(const std::string& json) {
  return replace_all(json, R"("seconds": [0-9.e+-]+)", "\"seconds\": _");
}

// A whole number field of the JSON report.
inline long field(const std::string& json, const std::string& name) {
  const auto match = search(json, "\"" + name + "\": ([0-9]+)");
  return match ? std::stol((*match)[1]) : -1;
}

}  // namespace zobrist_verify::testkit
