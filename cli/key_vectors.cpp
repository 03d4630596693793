#include "key_vectors.h"

#include "inputs.h"
#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::cli {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    auto at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

VectorRun check_key_vectors(std::string_view text, const KeyScheme& scheme, KeyKind kind,
                            FenOptions options) {
  VectorRun run;
  int line_number = 0;
  for (std::string_view line : split(text, '\n')) {
    ++line_number;
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty() || line.starts_with('#')) continue;
    ++run.rows;
    std::vector<std::string_view> columns = split(line, '\t');
    if (columns.size() != 3) {
      run.failures.push_back({line_number, std::string(line), "",
                              "expected 3 tab-separated columns (fen, moves, key), found " +
                                  std::to_string(columns.size())});
      continue;
    }
    VectorFailure failure{line_number, std::string(columns[0]), std::string(columns[1]), ""};
    auto expected = parse_hex_key(columns[2]);
    Game game;
    auto setup = set_up_game(game, columns[0], columns[1], scheme, options);
    if (!expected) {
      failure.problem = expected.error();
    } else if (!setup) {
      failure.problem = setup.error();
    } else {
      const Position& pos = game.position();
      Key actual = kind == KeyKind::PrintedKey ? pos.printed_key() : pos.key();
      if (actual == *expected) continue;
      failure.problem = "expected " + hex_key(*expected) + ", actual " + hex_key(actual);
    }
    run.failures.push_back(std::move(failure));
  }
  return run;
}

}  // namespace zobrist_verify::cli
