// What the commands share between reading their arguments and calling the library: files, key
// schemes and the starting position (the hex form of keys is zobrist_verify/core/hex.h).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::cli {

// Files are read with read_input and written with OutputFile (zobrist_verify/core/file_io.h).
// The size limits of the text inputs the commands read: each holds far more than any real file
// of its kind, and keeps /dev/zero or a mistaken path from filling the memory.
inline constexpr std::size_t PerftSuiteLimit = 64 * MiB;  // --epd, the corpus's suites
inline constexpr std::size_t KeyListLimit = 16 * MiB;     // --key-list
inline constexpr std::size_t KeyVectorsLimit = 16 * MiB;  // the corpus's key vectors

// Declares the files the command line names as inputs (--plugin, every existing file the words
// of --engine name (its program found on PATH as it is started, any other word or the part of a
// word after '=' that names a file or, without a '/', a program on PATH), --key-list, --epd,
// --scheme file:PATH, --expect file:PATH, a book), so that no output of the run replaces one of
// them (declare_input).
void declare_inputs(std::span<const std::string> words);

// The values `option` has on a raw command line ("--junit F" and "--junit=F"), before the
// command reads its options.
std::vector<std::string> raw_option_values(std::span<const std::string> words,
                                           std::string_view option);

// The file an output option (--junit, --svg) names, opened before the work starts so that a bad
// path is an error at once; nothing when the option is absent. `what` is "the JUnit report".
[[nodiscard]] Expected<std::optional<OutputFile>> open_output_option(const ParsedArgs& args,
                                                                     std::string_view option,
                                                                     std::string_view what);

// The scheme of the commands that take --scheme when it is not given.
inline constexpr std::string_view DefaultSchemeName = "polyglot";

// Every name --scheme takes, for help texts and errors: the built-in schemes (builtin_schemes())
// then the other spellings (seed:N, file:PATH), as "polyglot, stockfish (Stockfish 15.1), rustic,
// seed:N or file:PATH" (scheme_title). `default_name`, when given, is followed by " (default)".
std::string scheme_choices(std::string_view default_name = {});

// The scheme named by --scheme (one of scheme_choices()); DefaultSchemeName when it is not given.
[[nodiscard]] Expected<KeyScheme> scheme_from_args(const ParsedArgs& args);

// A scheme by its --scheme spelling.
[[nodiscard]] Expected<KeyScheme> scheme_from_name(std::string_view name);

// Whether positions no legal game reaches are accepted (read, or sent to a target):
// --allow-unreachable.
bool allows_unreachable(const ParsedArgs& args);

// Sets `game` to --fen (the start position when absent; "startpos" also names it), with
// --chess960 and --allow-unreachable, then plays --moves. Errors quote the FEN or name the move.
[[nodiscard]] Expected<int> set_up_game(Game& game, const ParsedArgs& args,
                                        const KeyScheme& scheme);

// Sets `game` to `fen` and plays `moves` (space-separated UCI; may be empty).
[[nodiscard]] Expected<int> set_up_game(Game& game, std::string_view fen, std::string_view moves,
                                        const KeyScheme& scheme, FenOptions options);

}  // namespace zobrist_verify::cli
