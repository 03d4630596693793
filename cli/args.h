// Command-line parsing for the zobrist-verify front end: a table of options per command, exit
// codes, number parsing and the one-line error report.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify::cli {

enum ExitCode : int {
  ExitSuccess = 0,
  ExitCheckFailed = 1,  // the program ran and a check it made did not hold
  ExitUsage = 2,        // bad arguments, invalid FEN, illegal move, unreadable file
};

enum class OptionKind : std::uint8_t {
  Flag,    // --all
  Value,   // --depth 3, --depth=3
  Values,  // --moves e2e4 e7e5: every following argument that is not an option
};

struct OptionSpec {
  std::string_view name;  // with the leading dashes: "--depth"
  OptionKind kind;
};

// The options given on one command line. Each option may appear once.
class ParsedArgs {
 public:
  bool has(std::string_view name) const { return values_.contains(std::string(name)); }
  // The value of a Value option, if given.
  std::optional<std::string> value(std::string_view name) const;
  // The values of a Values option (empty if the option was not given or had none).
  std::vector<std::string> values(std::string_view name) const;
  // The values of a Values option joined by single spaces.
  std::string joined(std::string_view name) const;
  // Records an option; a Flag has no values and a Value option has one.
  void add(std::string name, std::vector<std::string> values);

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> values_;
};

// Whether a command-line word is an option name ("--x" or "-h") rather than a value. A lone "-"
// (as in a FEN's castling field) and "-5" are values.
bool looks_like_option(std::string_view word);

// Reads `args` against `specs`. "--help" and "-h" are always accepted and recorded as "--help".
[[nodiscard]] Expected<ParsedArgs> parse_args(std::span<const std::string> args,
                                              std::span<const OptionSpec> specs);

// A whole non-negative decimal number (or hexadecimal with 0x when allow_hex), for `option`.
[[nodiscard]] Expected<std::uint64_t> parse_count(std::string_view text, std::string_view option,
                                                  bool allow_hex = false);
// A whole number in [low, high].
[[nodiscard]] Expected<int> parse_int_in_range(std::string_view text, std::string_view option,
                                               int low, int high);

// The message on one line: line breaks become "; ".
std::string one_line(std::string_view message);

// Prints "error: MESSAGE" as one line on stderr (line breaks inside the message become "; ") and
// returns ExitUsage.
int report_usage_error(std::string_view message);

}  // namespace zobrist_verify::cli
