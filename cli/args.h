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

// A rule between a command's options, declared in a table beside its OptionSpecs (build rows
// with excludes, excludes_unless, goes_with and needs) and checked by check_option_rules.
struct OptionRule {
  enum class Kind : std::uint8_t {
    Excludes,  // `option` and `other` are not given together
    GoesWith,  // `option` is given only with `other` or `alternative`
    Needs,     // `other` or `alternative` must be given
  };
  Kind kind;
  std::string_view option;        // Excludes, GoesWith: the option the rule is about
  std::string_view other;         // Excludes: the option it excludes; GoesWith, Needs: a choice
  std::string_view alternative;   // GoesWith, Needs: the other choice, if any
  std::string_view text;          // Excludes: why, in parentheses; Needs: the whole message
  std::string_view unless_value;  // Excludes: the rule holds unless `option` has this value
  // GoesWith, Needs: the choices when there are more than two (every door of the door table);
  // `other` and `alternative` are then empty.
  std::span<const std::string_view> choices = {};
};

// "OPTION and OTHER exclude each other (WHY)".
constexpr OptionRule excludes(std::string_view option, std::string_view other,
                              std::string_view why = {}) {
  return {OptionRule::Kind::Excludes, option, other, {}, why, {}, {}};
}
// "OPTION VALUE and OTHER exclude each other (WHY)", for any value of OPTION but `allowed`.
constexpr OptionRule excludes_unless(std::string_view option, std::string_view allowed,
                                     std::string_view other, std::string_view why) {
  return {OptionRule::Kind::Excludes, option, other, {}, why, allowed, {}};
}
// "OPTION goes with DOOR" or "OPTION goes with DOOR or OTHER_DOOR".
constexpr OptionRule goes_with(std::string_view option, std::string_view door,
                               std::string_view other_door = {}) {
  return {OptionRule::Kind::GoesWith, option, door, other_door, {}, {}, {}};
}
// "OPTION goes with A, B or C": `option` only with one of `choices`.
constexpr OptionRule goes_with_any(std::string_view option,
                                   std::span<const std::string_view> choices) {
  return {OptionRule::Kind::GoesWith, option, {}, {}, {}, {}, choices};
}
// One of `choice` and `alternative` (when not empty) must be given; `message` says so.
constexpr OptionRule needs(std::string_view choice, std::string_view alternative,
                           std::string_view message) {
  return {OptionRule::Kind::Needs, {}, choice, alternative, message, {}, {}};
}
// One of `choices` must be given; `message` says so.
constexpr OptionRule needs_any(std::span<const std::string_view> choices,
                               std::string_view message) {
  return {OptionRule::Kind::Needs, {}, {}, {}, message, {}, choices};
}

// Whether a command-line word is an option name ("--x" or "-h") rather than a value. A lone "-"
// (as in a FEN's castling field) and "-5" are values.
bool looks_like_option(std::string_view word);

// Reads `args` against `specs`. "--help" and "-h" are always accepted and recorded as "--help".
[[nodiscard]] Expected<ParsedArgs> parse_args(std::span<const std::string> args,
                                              std::span<const OptionSpec> specs);

// The first of `rules` that `args` break, as the usage error it names, in the order of the table.
// A rule naming an option that is not in `specs` (a typo that would never fire) is an error too.
[[nodiscard]] Expected<Done> check_option_rules(const ParsedArgs& args,
                                                std::span<const OptionSpec> specs,
                                                std::span<const OptionRule> rules);

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
