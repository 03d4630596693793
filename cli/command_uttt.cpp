// zobrist-verify uttt: the Ultimate tic-tac-toe hash of seed 003.
#include <iostream>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "zobrist_verify/uttt/uttt.h"

namespace zobrist_verify::cli {

namespace {

// uttt's options: the parser's and the help's.
constexpr std::string_view UtttUsage[] = {"uttt key [--key-seed] [--moves]"};
constexpr OptionRef UtttOptionList[] = {option("--key-seed"), option("--moves")};
constexpr CommandOptions UtttCommand{UtttUsage, UtttOptionList};

constexpr const char* UtttProse =
    R"(Prints the Zobrist key (16 hex digits) of an Ultimate tic-tac-toe position reached from the empty
board by the moves given, X first (docs/uttt-hash.md). A move is B:C, the board then the cell,
each 1-9 row by row from the top left; it sends the opponent to board C, or leaves a free choice
when board C is closed. An illegal move is an error naming the move and why.
)";

}  // namespace

int run_uttt(std::span<const std::string> words) {
  if (words.empty()) return report_usage_error("uttt needs a sub-command: key (see --help)");
  if (words.front() == "--help" || words.front() == "-h") {
    std::cout << command_help(UtttCommand, UtttProse);
    return ExitSuccess;
  }
  if (words.front() != "key")
    return report_usage_error("unknown uttt sub-command '" + words.front() + "' (key)");
  static const std::vector<OptionSpec> specs = option_specs(UtttCommand);
  auto args = parse_args(words.subspan(1), specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(UtttCommand, UtttProse);
    return ExitSuccess;
  }
  std::uint64_t seed = UtttDefaultSeed;
  if (auto text = args->value("--key-seed")) {
    auto parsed = parse_count(*text, "--key-seed", /*allow_hex=*/true);
    if (!parsed) return report_usage_error(parsed.error());
    seed = *parsed;
  }
  auto keys = uttt_keys(seed);
  if (!keys) return report_usage_error("--key-seed: " + keys.error());
  UtttPosition position(*keys);
  const std::vector<std::string> moves = args->values("--moves");
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto move = parse_uttt_move(moves[i]);
    if (!move) return report_usage_error("--moves: " + move.error());
    if (auto played = position.play(*move); !played)
      return report_usage_error("--moves: " + played.error() + " (move " + std::to_string(i + 1) +
                                " of " + std::to_string(moves.size()) + ")");
  }
  std::cout << hex_key(position.key()) << '\n';
  return ExitSuccess;
}

}  // namespace zobrist_verify::cli
