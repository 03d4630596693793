#include <iostream>
#include <utility>

#include "args.h"
#include "command_help.h"
#include "inputs.h"

namespace zobrist_verify::cli {

namespace {

// key's options: the parser's and the help's.
constexpr std::string_view KeyUsage[] = {
    "key [--scheme] [--fen] [--moves] [--chess960] [--allow-unreachable] [--all]",
    "key [--scheme] --print-scheme"};
constexpr OptionRef KeyOptionList[] = {option("--scheme"),
                                       option("--fen"),
                                       option("--moves"),
                                       option("--chess960"),
                                       option("--allow-unreachable"),
                                       option("--all"),
                                       option("--print-scheme")};
constexpr CommandOptions KeyCommand{KeyUsage, KeyOptionList};

// --print-scheme prints the table, the same for every position: the position's options are
// refused beside it rather than ignored.
constexpr std::string_view TableWhy = "the table is the same for every position";
constexpr OptionRule KeyRules[] = {
    excludes("--print-scheme", "--fen", TableWhy),
    excludes("--print-scheme", "--moves", TableWhy),
    excludes("--print-scheme", "--chess960", TableWhy),
    excludes("--print-scheme", "--allow-unreachable", TableWhy),
    excludes("--print-scheme", "--all", TableWhy),
};

constexpr const char* KeyProse =
    R"(Prints the Zobrist key of a position as 16 lower-case hex digits, or with --print-scheme the
scheme's whole table in the key-scheme-file format (docs/key-scheme-file.md), which --scheme
file:PATH reads back.
)";

// The scheme in the key-scheme-file format. Its name is one word there: a blank or a '#' in it
// (a file: scheme's path) is written '_'.
int print_scheme(KeyScheme scheme) {
  for (char& ch : scheme.name)
    if (ch == ' ' || ch == '\t' || ch == '#' || ch == '\r' || ch == '\n') ch = '_';
  std::cout << write_scheme_text(scheme);
  return ExitSuccess;
}

}  // namespace

int run_key(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(KeyCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(KeyCommand, KeyProse);
    return ExitSuccess;
  }
  if (auto obeyed = check_option_rules(*args, specs, KeyRules); !obeyed)
    return report_usage_error(obeyed.error());
  auto scheme = scheme_from_args(*args);
  if (!scheme) return report_usage_error(scheme.error());
  if (args->has("--print-scheme")) return print_scheme(std::move(*scheme));
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
