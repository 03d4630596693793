#include "inputs.h"

#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/command_words.h"

namespace zobrist_verify::cli {

namespace {

// `program` found on PATH as posix_spawnp finds it; a name with a '/' is a path already.
std::string found_on_path(const std::string& program) {
  if (program.empty() || program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::string_view folders = path ? path : "/usr/bin:/bin";
  while (!folders.empty()) {
    const auto colon = folders.find(':');
    std::string folder(folders.substr(0, colon));
    folders.remove_prefix(colon == std::string_view::npos ? folders.size() : colon + 1);
    const std::string candidate = (folder.empty() ? "." : folder) + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

// Every file an engine command names: its program, and each other word (or the part of it after
// '=', as in --book=PATH) that names a file, or a program on PATH (`nice stockfish`).
void declare_engine_files(const std::string& command) {
  auto words = split_command_words(command);
  if (!words || words->empty()) return;
  declare_input(found_on_path(words->front()), "engine program");
  for (std::size_t i = 1; i < words->size(); ++i) {
    const std::string& word = (*words)[i];
    std::vector<std::string> names{word};
    if (const auto equals = word.find('='); equals != std::string::npos)
      names.push_back(word.substr(equals + 1));
    for (const std::string& name : names) {
      if (name.empty()) continue;
      declare_input(name, "file named in the engine command");
      if (name.find('/') == std::string::npos)
        declare_input(found_on_path(name), "program named in the engine command");
    }
  }
}

}  // namespace

std::vector<std::string> raw_option_values(std::span<const std::string> words,
                                           std::string_view option) {
  std::vector<std::string> values;
  const std::string with_equals = std::string(option) + "=";
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == option && i + 1 < words.size())
      values.push_back(words[i + 1]);
    else if (words[i].starts_with(with_equals))
      values.push_back(words[i].substr(with_equals.size()));
  }
  return values;
}

void declare_inputs(std::span<const std::string> words) {
  // The options whose value is a file the run reads, and what to call it.
  static constexpr std::pair<std::string_view, std::string_view> InputOptions[] = {
      {"--plugin", "plugin"},          {"--key-list", "key list"},      {"--epd", "perft suite"},
      {"--scheme", "key scheme file"}, {"--expect", "key scheme file"},
  };
  for (const auto& [option, what] : InputOptions)
    for (const std::string& value : raw_option_values(words, option)) {
      const bool scheme = option == "--scheme" || option == "--expect";
      if (!scheme)
        declare_input(value, what);
      else if (value.starts_with("file:"))
        declare_input(value.substr(5), what);
    }
  for (const std::string& command : raw_option_values(words, "--engine"))
    declare_engine_files(command);
  // `book FILE`: the book is the command's first word that is not an option.
  if (words.size() > 1 && words[0] == "book" && !looks_like_option(words[1]))
    declare_input(words[1], "book");
}

Expected<std::optional<OutputFile>> open_output_option(const ParsedArgs& args,
                                                       std::string_view option,
                                                       std::string_view what) {
  auto path = args.value(option);
  if (!path) return std::optional<OutputFile>{};
  auto file = OutputFile::open(*path, what);
  if (!file) return Error{file.error()};
  return std::optional<OutputFile>(std::move(*file));
}

namespace {

Expected<KeyScheme> scheme_from_seed_name(std::string_view text) {
  constexpr std::string_view What = "the seed in seed:N";
  auto seed = parse_count(text, What, /*allow_hex=*/true);
  if (!seed) return Error{seed.error()};
  // xorshift64* stays at zero forever from a zero seed.
  if (*seed == 0) return Error{std::string(What) + " must be non-zero"};
  return seeded_scheme(*seed);
}

// A scheme file is named by its path ("file:keys.txt") wherever the run names it (the report's
// head and rows, replay commands), whatever its `name` line says: a file whose `name` is a
// built-in's is not that scheme, and the name alone does not find the file again.
Expected<KeyScheme> scheme_from_file_name(std::string_view path) {
  if (path.empty()) return Error{"file: needs a path, as in --scheme file:keys.txt"};
  auto scheme = load_scheme_file(std::string(path));
  if (scheme) scheme->name = "file:" + std::string(path);
  return scheme;
}

// The names --scheme takes besides the built-in schemes: a prefix and what follows it.
struct SchemeSpelling {
  std::string_view prefix;  // "seed:"
  std::string_view shown;   // "seed:N", as help texts list it
  Expected<KeyScheme> (*read)(std::string_view rest);
};

constexpr SchemeSpelling SchemeSpellings[] = {
    {"seed:", "seed:N", scheme_from_seed_name},
    {"file:", "file:PATH", scheme_from_file_name},
};

}  // namespace

std::string scheme_choices(std::string_view default_name) {
  std::vector<std::string> names;
  for (const BuiltinScheme& builtin : builtin_schemes()) names.emplace_back(builtin.name);
  for (const SchemeSpelling& spelling : SchemeSpellings) names.emplace_back(spelling.shown);
  for (std::string& name : names)
    name = !default_name.empty() && name == default_name ? name + " (default)" : scheme_title(name);
  return listed(names, "or");
}

Expected<KeyScheme> scheme_from_name(std::string_view name) {
  for (const SchemeSpelling& spelling : SchemeSpellings)
    if (name.starts_with(spelling.prefix))
      return spelling.read(name.substr(spelling.prefix.size()));
  auto builtin = builtin_scheme(name);
  if (!builtin)
    return Error{"unknown scheme " + quoted_input(name) + " (choose one of " + scheme_choices() +
                 ")"};
  return **builtin;
}

Expected<KeyScheme> scheme_from_args(const ParsedArgs& args) {
  return scheme_from_name(args.value("--scheme").value_or(std::string(DefaultSchemeName)));
}

Expected<int> set_up_game(Game& game, std::string_view fen, std::string_view moves,
                          const KeyScheme& scheme, FenOptions options) {
  if (fen == "startpos") fen = StartFen;
  std::vector<FenError> errors = game.set(fen, scheme, options);
  if (!errors.empty()) {
    return Error{"invalid FEN " + quoted_input(fen) + ": " + format_errors(errors)};
  }
  if (moves.find_first_not_of(' ') == std::string_view::npos) return 0;
  return game.play_uci_sequence(moves);
}

bool allows_unreachable(const ParsedArgs& args) {
  return args.has("--allow-unreachable");
}

Expected<int> set_up_game(Game& game, const ParsedArgs& args, const KeyScheme& scheme) {
  std::string fen = StartFen;
  if (args.has("--fen")) {
    fen = args.joined("--fen");
    if (fen.empty()) return Error{"option --fen needs a FEN (or startpos)"};
  }
  const FenOptions options{.chess960 = args.has("--chess960"),
                           .allow_unreachable = allows_unreachable(args)};
  return set_up_game(game, fen, args.joined("--moves"), scheme, options);
}

}  // namespace zobrist_verify::cli
