// zobrist-verify go: Huima's group-theoretic Go hash (seed 002): the key of a position, the keys
// of its 16 transforms, and what symmetric positions leave of the key space.
#include <iomanip>
#include <iostream>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "progress_line.h"
#include "zobrist_verify/go/go_hash.h"
#include "zobrist_verify/go/go_study.h"

namespace zobrist_verify::cli {

namespace {

// go's options (key and study take the same): the parser's and the help's.
constexpr std::string_view GoUsage[] = {
    "go key [--size] [--combine] [--key-seed] [--black] [--white] [--transforms]",
    "go study [--size] [--key-seed] [--samples]",
};
constexpr OptionRef GoOptionList[] = {
    option("--size"),  option("--combine"),    option("--key-seed"), option("--black"),
    option("--white"), option("--transforms"), option("--samples"),
};
constexpr CommandOptions GoCommand{GoUsage, GoOptionList};

constexpr const char* GoProse =
    R"(Huima's group-theoretic Zobrist hash of a Go position (docs/go-hash.md): rotating, mirroring and
exchanging the colours of a position permute the bytes of its key.

key     prints the key as 16 hex digits. With --transforms, also one line for each of the 16
        transforms x: the key of the transformed position Z(x(c)) beside Z_x(Z(c)) computed
        from the key alone, marked "differ" where they are not equal.
study   samples random positions that are symmetric under a rotation or a mirror, in both
        combining modes, and prints how many distinct keys they get, how many hash to zero, and
        how many pairs of different positions share a key.
)";

std::string go_help() {
  return command_help(GoCommand, GoProse);
}

struct GoSettings {
  int size = GoDefaultSize;
  std::uint64_t seed = GoDefaultSeed;
  GoCombine mode = GoCombine::Xor;
};

Expected<GoSettings> read_settings(const ParsedArgs& args) {
  GoSettings s;
  if (auto text = args.value("--size")) {
    auto size = parse_int_in_range(*text, "--size", GoMinSize, GoMaxSize);
    if (!size) return Error{size.error()};
    if (auto ok = check_go_size(*size); !ok) return Error{"--size: " + ok.error()};
    s.size = *size;
  }
  if (auto text = args.value("--key-seed")) {
    auto seed = parse_count(*text, "--key-seed", /*allow_hex=*/true);
    if (!seed) return Error{seed.error()};
    if (*seed == 0)
      return Error{"--key-seed 0 is not allowed (xorshift64* would only ever give 0)"};
    s.seed = *seed;
  }
  if (auto text = args.value("--combine")) {
    auto mode = parse_go_combine(*text);
    if (!mode) return Error{"--combine: " + mode.error()};
    s.mode = *mode;
  }
  return s;
}

Expected<GoBoard> read_board(const ParsedArgs& args, int size) {
  GoBoard board(size);
  for (const auto& [option, stone] :
       {std::pair{"--black", GoStone::Black}, std::pair{"--white", GoStone::White}}) {
    for (const std::string& text : args.values(option)) {
      auto p = parse_go_point(text, size);
      if (!p) return Error{std::string(option) + ": " + p.error()};
      if (board.at(*p) != GoStone::Empty)
        return Error{std::string(option) + ": point " + go_point_name(*p) + " already holds a " +
                     to_string(board.at(*p)) + " stone"};
      board.set(*p, stone);
    }
  }
  return board;
}

int run_go_key(const ParsedArgs& args) {
  if (args.has("--samples")) return report_usage_error("--samples goes with `go study`");
  auto settings = read_settings(args);
  if (!settings) return report_usage_error(settings.error());
  auto board = read_board(args, settings->size);
  if (!board) return report_usage_error(board.error());
  auto table = GoKeyTable::build(settings->size, settings->seed);
  if (!table) return report_usage_error(table.error());
  // The key incrementally, stone by stone, as an engine keeps it.
  GoPosition position(*table, settings->mode);
  for (int y = 0; y < settings->size; ++y)
    for (int x = 0; x < settings->size; ++x)
      if (board->at({x, y}) != GoStone::Empty)
        if (auto placed = position.place({x, y}, board->at({x, y})); !placed)
          return report_usage_error(placed.error());
  std::cout << hex_key(position.key()) << '\n';
  if (!args.has("--transforms")) return ExitSuccess;
  std::cout << std::left << std::setw(16) << "transform" << std::setw(18) << "Z(x(c))"
            << "Z_x(Z(c))" << '\n';
  for (const GoSymmetry& g : go_symmetries()) {
    const Key image = go_full_key(*table, settings->mode, transform_board(g, *board));
    const Key predicted = transform_key(g, position.key());
    std::cout << std::setw(16) << g.name() << std::setw(18) << hex_key(image) << hex_key(predicted)
              << (image == predicted ? "" : "  differ") << '\n';
  }
  return ExitSuccess;
}

int run_go_study(const ParsedArgs& args) {
  for (const char* key_only : {"--black", "--white", "--transforms", "--combine"})
    if (args.has(key_only))
      return report_usage_error(std::string(key_only) + " goes with `go key`");
  auto settings = read_settings(args);
  if (!settings) return report_usage_error(settings.error());
  int samples = 20000;
  if (auto text = args.value("--samples")) {
    auto parsed = parse_int_in_range(*text, "--samples", 1, 10'000'000);
    if (!parsed) return report_usage_error(parsed.error());
    samples = *parsed;
  }
  auto table = GoKeyTable::build(settings->size, settings->seed);
  if (!table) return report_usage_error(table.error());
  ProgressLine progress;
  int rows_done = 0;
  const int rows = int(all_go_study_symmetries().size()) * 2;
  std::cout << "go study: " << settings->size << "x" << settings->size << ", table seed "
            << hex_key(settings->seed) << ", " << samples << " random positions a row\n";
  std::cout << std::left << std::setw(22) << "symmetric under" << std::setw(6) << "mode"
            << std::setw(11) << "positions" << std::setw(15) << "distinct keys" << std::setw(11)
            << "zero keys" << std::setw(20) << "pairs sharing a key"
            << "keys possible\n";
  for (GoStudySymmetry symmetry : all_go_study_symmetries()) {
    for (GoCombine mode : {GoCombine::Xor, GoCombine::Add}) {
      const auto show = [&](int drawn) {
        if (progress.due())
          progress.show("go study: row " + std::to_string(rows_done + 1) + " of " +
                        std::to_string(rows) + ", " + std::to_string(drawn) + " of " +
                        std::to_string(samples) + " samples");
      };
      const GoStudyRow row =
          study_symmetric_positions(*table, mode, symmetry, samples, settings->seed, show);
      ++rows_done;
      progress.clear();
      std::cout << std::setw(22) << to_string(symmetry) << std::setw(6) << to_string(mode)
                << std::setw(11) << row.positions << std::setw(15) << row.distinct_keys
                << std::setw(11) << row.zero_keys << std::setw(20) << row.colliding_pairs << "2^"
                << row.key_space_bits << std::endl;  // seen before the next row's progress
    }
  }
  return ExitSuccess;
}

}  // namespace

int run_go(std::span<const std::string> words) {
  if (words.empty()) return report_usage_error("go needs a sub-command: key or study (see --help)");
  if (words.front() == "--help" || words.front() == "-h") {
    std::cout << go_help();
    return ExitSuccess;
  }
  const std::string sub = words.front();
  if (sub != "key" && sub != "study")
    return report_usage_error("unknown go sub-command '" + sub + "' (key or study)");
  static const std::vector<OptionSpec> specs = option_specs(GoCommand);
  auto args = parse_args(words.subspan(1), specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << go_help();
    return ExitSuccess;
  }
  return sub == "key" ? run_go_key(*args) : run_go_study(*args);
}

}  // namespace zobrist_verify::cli
