// The doors to a third party, one row each: the option that opens it, the options only it takes,
// and how it is opened for keys (check, replay) and for move generation (movegen). The three
// commands read their door options, the rules between them and the opening from this table, so a
// new door (an xboard engine, say) is one row and its opening functions.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "args.h"
#include "option_table.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

// What a door is opened for: check and replay ask for keys, movegen for perft divides.
enum class DoorUse : std::uint8_t { Keys, Movegen };

// A door opened for keys: the target the suite drives, with what the commands say about it.
struct KeyDoor {
  properties::Target target;
  std::string description;  // "plugin:NAME (PATH)", "engine:NAME (CMD)"
  // Its code would run in this process (a plugin): the commands isolate it in workers unless
  // --no-isolation.
  bool runs_here = false;
  // Where it runs, for the head of the report: "the engine in a process of its own".
  std::string runs_in;
  // The door's part of the progress line while the suite runs ("engine NAME, 300 positions
  // (150/s)"), or empty.
  std::function<std::string()> progress;
  // Notes for the report once the run is over ("engine: 64 positions answered"), or empty.
  std::function<std::vector<std::string>()> notes;
  // The target's faults as a program that were not its positions' (an engine's crash, hang or
  // stray line that a fresh engine did not repeat), one line per kind, or empty: a failing
  // "engine-faults" row.
  std::function<std::vector<std::string>()> faults;
  // Why the target could not be used to the end (an engine that could not be restarted, or
  // failed again right after each of its last restarts): an error of the run, exit status 2.
  std::function<std::optional<std::string>()> unusable;
  // Ends what the door started (an engine's process) and closes its outputs (an engine's
  // transcript): the error names an output a write to which failed during the run. May be empty.
  std::function<Expected<Done>()> close;
};

// A door opened for move generation.
struct MovegenDoorOpened {
  properties::MovegenDoor door;
  bool runs_here = false;  // as KeyDoor::runs_here
  // As KeyDoor::close: the error names a transcript a write to which failed. May be empty.
  std::function<Expected<Done>()> close;
};

// What movegen's opening needs besides the door's own options.
struct MovegenOpening {
  bool chess960 = false;
  bool isolate = true;
  int timeout_ms = 10'000;
  int deepest = 1;  // the run asks perft at depths 1 to this (--depth; a descent goes below it)
};

struct DoorRow {
  OptionRef option;  // --plugin, whose placeholder (PATH) messages show
  std::string_view
      chess_why;  // why --game other than chess excludes it: "--plugin is a chess door"
  std::span<const OptionRef> key_options;      // its own options under check and replay
  std::span<const OptionRef> movegen_options;  // its own options under movegen
  Expected<KeyDoor> (*open_keys)(const std::string& value, const ParsedArgs& args,
                                 const std::string& program);
  Expected<MovegenDoorOpened> (*open_movegen)(const std::string& value, const ParsedArgs& args,
                                              const MovegenOpening& how);
};

// The doors, in the order usage texts list them.
std::span<const DoorRow> door_table();
// Every door's option: "--plugin", "--engine".
std::span<const std::string_view> door_options();

// The door the command line names and its value, or nothing.
struct ChosenDoor {
  const DoorRow* row;
  std::string value;
};
std::optional<ChosenDoor> chosen_door(const ParsedArgs& args);

// The options `door` takes for `use`, besides its own option.
std::span<const OptionRef> door_own_options(const DoorRow& door, DoorUse use);
// The rules the doors bring, in order: the doors exclude one another, and a door's own options go
// with it only.
std::vector<OptionRule> door_rules(DoorUse use);
// "--plugin PATH or --engine \"CMD ARGS\"", for a command's message that it needs a door.
std::string door_choices();

}  // namespace zobrist_verify::cli
