// zobrist-verify: prints Zobrist keys and perft counts, and runs the verification report.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "command_mutants.h"
#include "commands.h"
#include "version.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/doors/subprocess.h"

namespace {

constexpr const char* Usage = R"(usage: zobrist-verify COMMAND [options]

Verifies Zobrist hashing: key schemes, incremental keys and the move generator under them.

commands:
  key       print the Zobrist key of a position (after optional moves) under a key scheme
  perft     count the leaves of the legal move tree, or check a perft suite (--epd)
  verify    check the library against the reference corpus and print a PASS/FAIL report
  check     run the property suite (RapidCheck) on the reference hashing of each scheme, or on a
            third party's through --plugin (a C ABI plugin) or --engine (a UCI engine)
  mutants   run the property suite on the mutation catalogue: every mutant must be killed
  replay    play one case on a plugin or an engine and print its keys step by step (a failure's
            reproduction)
  book      check a Polyglot opening book: order, move encoding, and a walk from the start position
  movegen   fuzz a UCI engine's move generator (its perft divide) or a plugin's legal_moves
  go        Huima's symmetric Go hash: the key of a position and of its 16 transforms, and a study
            of symmetric positions
  uttt      the Ultimate tic-tac-toe hash: the key after a sequence of moves
  keys      analyse a key table: bit balance, Hamming distance, rank, smallest dependent subset
  collisions  count truncated-key collisions over random positions against the birthday bound

options:
  --help      print this help (each command also has --help)
  --version   print the version and the sliding-attack method of this build

Exit status: 0 success, 1 a check failed, 2 a usage error, invalid FEN, illegal move or
unreadable file (with one "error: ..." line on stderr).
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace zobrist_verify::cli;
  // An engine runs in a process group of its own: an interrupt must take it down with us.
  zobrist_verify::kill_children_on_interrupt();
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty()) return report_usage_error("no command given (try --help)");

  std::string_view first = words.front();
  std::span<const std::string> rest(words.begin() + 1, words.end());
  if (first == "--help" || first == "-h" || first == "help") {
    std::cout << Usage;
    return ExitSuccess;
  }
  if (first == "--version") {
    std::cout << "zobrist-verify " << Version
              << " (sliding attacks: " << zobrist_verify::slider_attack_method() << ")\n";
    return ExitSuccess;
  }
  if (first == "key") return run_key(rest);
  if (first == "perft") return run_perft(rest);
  if (first == "verify") return run_verify(rest);
  if (first == "check") return run_check(rest);
  if (first == "mutants") return run_mutants(rest);
  if (first == "replay") return run_replay(rest);
  if (first == "book") return run_book(rest);
  if (first == "movegen") return run_movegen(rest);
  if (first == "go") return run_go(rest);
  if (first == "uttt") return run_uttt(rest);
  if (first == "keys") return run_keys(rest);
  if (first == "collisions") return run_collisions(rest);
  if (looks_like_option(first)) {
    return report_usage_error("unknown option '" + std::string(first) + "' (see --help)");
  }
  return report_usage_error("unknown command '" + std::string(first) +
                            "' (commands: key, perft, verify, check, mutants, replay, book, "
                            "movegen, keys, collisions, go, uttt; see --help)");
}
