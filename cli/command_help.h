// A command's options as one declaration, and what is made from it: the option specs its parser
// reads and its --help (usage lines and options block, from the option table), so that no option
// is taken without being in the help, nor listed without being taken.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "door_table.h"
#include "option_table.h"

namespace zobrist_verify::cli {

// Marks the place of the doors' options in a command's list (not a row of the table).
inline constexpr OptionRef DoorOptionsHere = nullptr;

struct CommandOptions {
  // The usage forms, a line each (wrapped): the command's words, then options by name alone
  // ("[--scheme | --mutant]"), each given its placeholder from the table. {door} makes a line
  // for each door, its option and its own options; {any-door} is "(--plugin PATH | --engine ...)".
  std::span<const std::string_view> usage;
  // What the command takes, in the order its help lists them; DoorOptionsHere where the doors'
  // options go (last when it is not given).
  std::span<const OptionRef> options;
  // The doors' options for this use (door_table.h), when the command opens a door.
  std::optional<DoorUse> doors = std::nullopt;
  // Whether a door must be given (movegen, replay); otherwise the help says "with --plugin or
  // --engine" of an option every door takes.
  bool door_required = false;
  // Options that go with a door only (check's --timeout): listed among the doors' options, and a
  // rule each (door_bound_rules).
  std::span<const OptionRef> door_bound = {};
};

// What the parser reads: `options`, `door_bound`, then each door's option and its own options
// for the use, once each, in that order.
std::vector<OptionSpec> option_specs(const CommandOptions& command);

// "OPTION goes with --plugin or --engine" for each of `door_bound`, in order.
std::vector<OptionRule> door_bound_rules(const CommandOptions& command);

// The usage lines ("usage: zobrist-verify key [--scheme NAME] ..."), each form wrapped at 100
// columns under its first option.
std::string usage_lines(const CommandOptions& command);

// The entries of the "options:" block, each option's text in a column, --help last.
std::string options_block(const CommandOptions& command);

// A command's --help: its usage lines, a blank line, `prose` (the command's own paragraphs),
// "options:" and the block, then `tail`.
std::string command_help(const CommandOptions& command, std::string_view prose,
                         std::string_view tail = {});

}  // namespace zobrist_verify::cli
