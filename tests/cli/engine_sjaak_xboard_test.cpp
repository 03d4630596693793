// Sjaak II 1.4.1 in xboard mode (label `engine`; skipped when it is not installed): movegen over
// CECP with its `perft D` (one total per depth), each reply ended by the pong of a ping sent after
// the perft command. A few seconds.
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

constexpr const char* Sjaak = "/usr/games/sjaakii";

TEST(SjaakII, GeneratesTheReferenceMovesByTotalsPerDepthOverXboard) {
  if (::access(Sjaak, X_OK) != 0)
    GTEST_SKIP() << Sjaak << " is not installed (ci/setup installs it)";
  const RunResult r = run_cli({"movegen", "--engine", Sjaak, "--protocol", "xboard",
                               "--perft-command", "perft {depth}", "--perft-total-pattern",
                               "^ *{depth} +([0-9]+) ", "--positions", "300", "--depth", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Sjaak II 1.4.1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 300 compared"), std::string::npos) << r.out;
}

TEST(SjaakII, WithoutAPerftCommandOverXboardIsAUsageError) {
  if (::access(Sjaak, X_OK) != 0)
    GTEST_SKIP() << Sjaak << " is not installed (ci/setup installs it)";
  const RunResult r =
      run_cli({"movegen", "--engine", Sjaak, "--protocol", "xboard", "--positions", "10"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--perft-command"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace zobrist_verify
