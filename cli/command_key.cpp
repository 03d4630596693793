#include <iostream>

#include "args.h"
#include "command_help.h"
#include "inputs.h"

namespace zobrist_verify::cli {

namespace {

// key's options: the parser's and the help's.
constexpr std::string_view KeyUsage[] = {
    "key [--scheme] [--fen] [--moves] [--chess960] [--allow-unreachable] [--all]"};
constexpr OptionRef KeyOptionList[] = {option("--scheme"),
                                       option("--fen"),
                                       option("--moves"),
                                       option("--chess960"),
                                       option("--allow-unreachable"),
                                       option("--all")};
constexpr CommandOptions KeyCommand{KeyUsage, KeyOptionList};

constexpr const char* KeyProse =
    R"(Prints the Zobrist key of a position as 16 lower-case hex digits.
)";

}  // namespace

int run_key(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(KeyCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(KeyCommand, KeyProse);
    return ExitSuccess;
  }
  auto scheme = scheme_from_args(*args);
  if (!scheme) return report_usage_error(scheme.error());
  Game game;
  auto setup = set_up_game(game, *args, *scheme);
  if (!setup) return report_usage_error(setup.error());

  const Position& pos = game.position();
  if (!args->has("--all")) {
    std::cout << hex_key(pos.key()) << '\n';
    return ExitSuccess;
  }
  std::cout << "key: " << hex_key(pos.key()) << '\n'
            << "pawn_key: " << hex_key(pos.pawn_key()) << '\n'
            << "material_key: " << hex_key(pos.material_key()) << '\n';
  if (scheme->fold_rule50_into_printed_key) {
    std::cout << "printed_key: " << hex_key(pos.printed_key()) << '\n';
  }
  return ExitSuccess;
}

}  // namespace zobrist_verify::cli
