// zobrist-verify: prints Zobrist keys and perft counts, and runs the verification report.
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "help_text.h"
#include "inputs.h"
#include "output_paths.h"
#include "version.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/orphans.h"
#include "zobrist_verify/doors/subprocess.h"

namespace zobrist_verify::cli {

// The sub-commands, each in cli/command_<name>.cpp: it takes the words after its name and returns
// the exit code (ExitCode in args.h). A new command is its file, and its declaration here and its
// row in Commands below.
int run_key(std::span<const std::string> args);
int run_perft(std::span<const std::string> args);
int run_verify(std::span<const std::string> args);
int run_check(std::span<const std::string> args);
int run_mutants(std::span<const std::string> args);  // 0 when every mutant is killed, 1 if not
int run_replay(std::span<const std::string> args);
int run_book(std::span<const std::string> args);
int run_go(std::span<const std::string> args);
int run_uttt(std::span<const std::string> args);
int run_movegen(std::span<const std::string> args);
int run_keys(std::span<const std::string> args);
int run_collisions(std::span<const std::string> args);

namespace {

// One sub-command: the word that names it, the function that runs it (on the words after that
// word; it returns the exit code) and its entry in the usage's list of commands.
struct Command {
  std::string_view name;
  int (*run)(std::span<const std::string> args);
  std::string_view summary;
};

// Every command, in the order the usage lists them: the usage, the dispatch and the
// unknown-command message follow the table.
constexpr Command Commands[] = {
    {"key", run_key,
     "print the Zobrist key of a position (after optional moves) under a key scheme"},
    {"perft", run_perft, "count the leaves of the legal move tree, or check a perft suite (--epd)"},
    {"verify", run_verify,
     "check the library against the reference corpus and print a PASS/FAIL report"},
    {"check", run_check,
     "run the property suite (RapidCheck) on the reference hashing of each scheme, or on a third "
     "party's through --plugin (a C ABI plugin) or --engine (a UCI engine)"},
    {"mutants", run_mutants,
     "run the property suite on the mutation catalogue: every mutant must be killed"},
    {"replay", run_replay,
     "play one case on a plugin or an engine and print its keys step by step (a failure's "
     "reproduction)"},
    {"book", run_book,
     "check a Polyglot opening book: order, move encoding, and a walk from the start position"},
    {"movegen", run_movegen,
     "fuzz a UCI engine's move generator (its perft divide) or a plugin's legal_moves"},
    {"go", run_go,
     "Huima's symmetric Go hash: the key of a position and of its 16 transforms, and a study of "
     "symmetric positions"},
    {"uttt", run_uttt, "the Ultimate tic-tac-toe hash: the key after a sequence of moves"},
    {"keys", run_keys,
     "analyse a key table: bit balance, Hamming distance, rank, smallest dependent subset"},
    {"collisions", run_collisions,
     "count truncated-key collisions over random positions against the birthday bound"},
};

constexpr const char* UsageHead = R"(usage: zobrist-verify COMMAND [options]

Verifies Zobrist hashing: key schemes, incremental keys and the move generator under them.

commands:
)";

constexpr const char* UsageTail = R"(
options:
  --help      print this help (each command also has --help)
  --version   print the version and the sliding-attack method of this build

Exit status: 0 success, 1 a check failed, 2 a usage error, invalid FEN, illegal move or
unreadable file (with one "error: ..." line on stderr).
)";

// The commands' summaries start in this column and wrap at this width.
constexpr std::size_t SummaryColumn = 12;
constexpr std::size_t UsageWidth = 100;

std::string usage() {
  std::string text = UsageHead;
  for (const Command& command : Commands)
    text +=
        help_entry("  " + std::string(command.name), SummaryColumn, command.summary, UsageWidth);
  return text + UsageTail;
}

std::string command_names() {
  std::string names;
  for (const Command& command : Commands)
    names += (names.empty() ? "" : ", ") + std::string(command.name);
  return names;
}

// Runs the command `words` name and returns its exit status.
int dispatch(const std::vector<std::string>& words) {
  if (words.empty()) return report_usage_error("no command given (try --help)");
  std::string_view first = words.front();
  std::span<const std::string> rest(words.begin() + 1, words.end());
  if (first == "--help" || first == "-h" || first == "help") {
    std::cout << usage();
    return ExitSuccess;
  }
  if (first == "--version") {
    std::cout << "zobrist-verify " << Version
              << " (sliding attacks: " << zobrist_verify::slider_attack_method() << ")\n";
    return ExitSuccess;
  }
  for (const Command& command : Commands)
    if (first == command.name) return command.run(rest);
  if (looks_like_option(first)) {
    return report_usage_error("unknown option " + quoted_input(first) + " (see --help)");
  }
  return report_usage_error("unknown command " + quoted_input(first) +
                            " (commands: " + command_names() + "; see --help)");
}

}  // namespace
}  // namespace zobrist_verify::cli

int main(int argc, char** argv) {
  using namespace zobrist_verify::cli;
  // Started with stdout closed, the first file opened would become stdout.
  zobrist_verify::reserve_standard_descriptors();
  // An engine runs in a process group of its own: an interrupt must take it down with us.
  zobrist_verify::kill_children_on_interrupt();
  std::vector<std::string> words(argv + 1, argv + argc);
  // No output of the run may replace one of its inputs (a plugin, an engine, a key list...),
  // another output or standard output's report: checked before any output is opened.
  declare_inputs(words);
  if (auto outputs = check_output_paths(words); !outputs)
    return report_usage_error(outputs.error());
  // A process a plugin's helper left behind (setsid, out of its worker's group) comes to us.
  zobrist_verify::adopt_orphans();
  const int status = dispatch(words);
  // The run is over: any child still here escaped the worker or engine that started it.
  zobrist_verify::end_leftover_children();
  // Every command's report goes to stdout: a write that failed (a full disk, a closed stdout)
  // means the report is lost, whatever the command found.
  if (auto written = zobrist_verify::finish_standard_output(); !written)
    return report_usage_error(written.error());
  return status;
}
