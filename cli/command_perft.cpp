#include <chrono>
#include <cstdio>
#include <iostream>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "perft_suite.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::cli {

namespace {

// perft's options: the parser's and the help's.
constexpr std::string_view PerftUsage[] = {
    "perft [--fen] [--moves] --depth [--divide] [--full] [--chess960] [--allow-unreachable] "
    "[--stats]",
    "perft --epd [--max-depth] [--max-nodes] [--full] [--chess960] [--stats]",
};
constexpr OptionRef PerftOptionList[] = {
    option("--fen"),
    option("--moves"),
    option("--depth"),
    option("--divide"),
    option("--full"),
    option("--chess960"),
    option("--allow-unreachable"),
    option("--stats"),
    option("--epd"),
    option("--max-depth"),
    option("--max-nodes"),
};
constexpr CommandOptions PerftCommand{PerftUsage, PerftOptionList};

constexpr const char* PerftProse =
    R"(Counts the leaves of the legal move tree and prints "Nodes searched: N".
With --epd, checks every position of a perft suite ("FEN ;D1 n ;D2 n ..." lines, or
"id / epd / perft d n" blocks), prints a line per mismatch and a summary, and exits 1 if any
count differs. An invalid FEN in the suite is an error (exit 2). Suites are read with
--allow-unreachable always: published ones hold positions no legal game reaches, and move
generation does not care.
)";

constexpr int MaxDepth = 30;

void print_stats(std::uint64_t nodes, double seconds) {
  char line[96];
  double mnps = seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0;
  std::snprintf(line, sizeof line, "Time: %.3f s\nSpeed: %.1f Mnps\n", seconds, mnps);
  std::cout << line;
}

// Per root move counts in generation order; with `full` the leaves are made and unmade.
std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth, bool full) {
  if (!full) return perft_divide(pos, depth);
  std::vector<std::pair<Move, std::uint64_t>> counts;
  for (Move m : legal_moves(pos)) {
    StateInfo state;
    pos.make_move(m, state);
    counts.emplace_back(m, depth == 1 ? 1 : perft_full(pos, depth - 1));
    pos.unmake_move(m);
  }
  return counts;
}

int run_one_position(const ParsedArgs& args) {
  auto depth_text = args.value("--depth");
  if (!depth_text) return report_usage_error("perft needs --depth D (or --epd FILE); see --help");
  auto depth = parse_int_in_range(*depth_text, "--depth", 1, MaxDepth);
  if (!depth) return report_usage_error(depth.error());
  for (const char* option : {"--max-depth", "--max-nodes"}) {
    if (args.has(option)) return report_usage_error(std::string(option) + " needs --epd");
  }
  Game game;
  auto setup = set_up_game(game, args, polyglot_scheme());
  if (!setup) return report_usage_error(setup.error());

  Position& pos = game.position();
  bool full = args.has("--full");
  auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (args.has("--divide")) {
    for (auto [move, count] : divide(pos, *depth, full)) {
      std::cout << move_to_uci(pos, move) << ": " << count << '\n';
      nodes += count;
    }
    std::cout << '\n';
  } else {
    nodes = full ? perft_full(pos, *depth) : perft(pos, *depth);
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "Nodes searched: " << nodes << '\n';
  if (args.has("--stats")) print_stats(nodes, seconds);
  return ExitSuccess;
}

int run_suite(const ParsedArgs& args) {
  for (const char* option : {"--fen", "--moves", "--depth", "--divide"}) {
    if (args.has(option))
      return report_usage_error(std::string(option) + " cannot be used with --epd");
  }
  SuiteLimits limits;
  if (auto text = args.value("--max-depth")) {
    auto depth = parse_int_in_range(*text, "--max-depth", 1, MaxDepth);
    if (!depth) return report_usage_error(depth.error());
    limits.max_depth = *depth;
  }
  if (auto text = args.value("--max-nodes")) {
    auto nodes = parse_count(*text, "--max-nodes");
    if (!nodes) return report_usage_error(nodes.error());
    limits.max_nodes = *nodes;
  }
  limits.full = args.has("--full");
  limits.chess960 = args.has("--chess960");

  std::string path = *args.value("--epd");
  auto text = read_input(path, PerftSuiteLimit, "a perft suite");
  if (!text) return report_usage_error(text.error());
  auto run = run_perft_suite(*text, limits);
  if (!run) return report_usage_error(path + ": " + run.error());
  if (!run->invalid_fens.empty()) return report_usage_error(path + " " + run->invalid_fens.front());

  for (const SuiteMismatch& m : run->mismatches) std::cout << "mismatch: " << describe(m) << '\n';
  std::cout << "perft: " << run->positions << " positions, " << run->depths << " depths, "
            << run->nodes << " nodes, " << run->mismatches.size() << " mismatches\n";
  if (args.has("--stats")) print_stats(run->nodes, run->seconds);
  return run->mismatches.empty() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace

int run_perft(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(PerftCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(PerftCommand, PerftProse);
    return ExitSuccess;
  }
  return args->has("--epd") ? run_suite(*args) : run_one_position(*args);
}

}  // namespace zobrist_verify::cli
