#include <array>
#include <iostream>

#include "args.h"
#include "commands.h"
#include "help_text.h"
#include "inputs.h"

namespace zobrist_verify::cli {

namespace {

constexpr const char* KeyUsage = R"(usage: zobrist-verify key [options]

Prints the Zobrist key of a position as 16 lower-case hex digits.

options:
)";

// The options after --scheme, whose entry lists the schemes from their tables (scheme_choices).
constexpr const char* KeyUsageAfterScheme =
    R"(  --fen FEN            the position (default: the start position; "startpos" names it too);
                       the FEN may be one quoted word or its fields as separate words
  --moves M1 M2 ...    UCI moves played from the position first (e2e4, e7e8q, e1g1)
  --chess960           read the FEN as Chess960 (castling written king-takes-rook)
  --allow-unreachable  accept a position no legal game reaches, which the strict FEN reader
                       rejects: a check no move gives (three checkers, a double check no single
                       move gives, a check older than the last move), a double push that cannot
                       have been played, castling rights no start allows, an en-passant square
                       with a halfmove clock above 0, more promoted pieces than missing pawns
  --all                print "key: ...", "pawn_key: ...", "material_key: ..." lines, and
                       "printed_key: ..." for schemes that fold the halfmove clock (stockfish)
  --help               print this help
)";

constexpr std::array<OptionSpec, 6> KeyOptions{{
    {"--scheme", OptionKind::Value},
    {"--fen", OptionKind::Values},
    {"--moves", OptionKind::Values},
    {"--chess960", OptionKind::Flag},
    {"--allow-unreachable", OptionKind::Flag},
    {"--all", OptionKind::Flag},
}};

}  // namespace

int run_key(std::span<const std::string> words) {
  auto args = parse_args(words, KeyOptions);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << KeyUsage
              << help_entry("  --scheme NAME", 23, scheme_choices(DefaultSchemeName), 100)
              << KeyUsageAfterScheme;
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
