#include "door_table.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>

#include "doors.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/doors/engine_hash.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/engine_protocols.h"
#include "zobrist_verify/doors/perft_connection.h"
#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/doors/plugin_perft.h"
#include "zobrist_verify/plugin_door.h"

namespace zobrist_verify::cli {

namespace {

// --plugin PATH: a shared library with the C ABI, loaded only in workers unless --no-isolation.
constexpr OptionRef PluginOptions[] = {option("--xfen"), option("--no-isolation"),
                                       option("--memory-limit")};

Expected<KeyDoor> open_plugin_keys(const std::string& path, const ParsedArgs& args,
                                   const std::string& program) {
  if (auto limited = read_memory_limit(args); !limited) return Error{limited.error()};
  auto door = plugin_door(path, args.has("--xfen"), program);
  if (!door) return Error{door.error()};
  KeyDoor opened;
  opened.target = std::move(door->target);
  opened.description = std::move(door->description);
  opened.runs_here = true;
  opened.runs_in = args.has("--no-isolation") ? "in-process (no isolation)" : "";
  return opened;
}

Expected<MovegenDoorOpened> open_plugin_movegen(const std::string& path, const ParsedArgs& args,
                                                const MovegenOpening& how) {
  if (auto limited = read_memory_limit(args); !limited) return Error{limited.error()};
  auto door = plugin_door(path, args.has("--xfen"), program_path());
  if (!door) return Error{door.error()};
  MovegenDoorOpened opened;
  opened.runs_here = true;
  opened.door.name = door->target.name;
  // The instance is made by the first divide, in the process that runs it: the worker, unless
  // --no-isolation.
  auto instance = std::make_shared<std::unique_ptr<HashUnderTest>>();
  opened.door.divide = [instance, make = door->target.make, path, chess960 = how.chess960](
                           const Route& route, int depth) -> Expected<DivideCounts> {
    if (!*instance) *instance = make();
    auto* plugin = dynamic_cast<PluginHash*>(instance->get());
    if (plugin == nullptr) return Error{"plugin '" + path + "' could not be instantiated"};
    if (chess960 && !plugin->capabilities().chess960)
      return Error{"plugin '" + path + "' does not play Chess960, so --chess960 cannot be used"};
    return plugin_perft_divide(*plugin, route.fen, route.chess960, route.moves, depth);
  };
  const Route start{StartFen, false, {}};
  const auto timeout = std::chrono::milliseconds(how.timeout_ms);
  Expected<Done> first = Done{};
  if (how.isolate) {
    first = properties::probe_movegen_door(opened.door, start, timeout);
  } else if (auto divide = opened.door.divide(start, 1); !divide) {
    first = Error{divide.error()};
  }
  if (!first)
    return Error{"plugin '" + path +
                 "' cannot give the legal moves of the start position: " + first.error()};
  return opened;
}

// --engine "CMD ARGS": a UCI (or, with --protocol xboard, an xboard) engine in a process of its
// own.
constexpr OptionRef EngineKeyOptions[] = {
    option("--protocol"), option("--key-command"), option("--key-pattern"), option("--fen-pattern"),
    option("--key-base"), option("--transcript"),  option("--xfen"),        option("--no-new"),
};

// What the key line holds besides the key, for the report's notes: "; its pawn key and material
// key from the same line" when the key pattern names their groups, else nothing.
std::string keys_besides(const EngineConnection& connection) {
  std::vector<std::string> keys;
  if (connection.prints_pawn_key()) keys.emplace_back("pawn key");
  if (connection.prints_material_key()) keys.emplace_back("material key");
  if (keys.empty()) return "";
  return "; its " + listed(keys, "and") + " from the same line";
}

Expected<KeyDoor> open_engine_keys(const std::string& command, const ParsedArgs& args,
                                   const std::string& program) {
  auto door = engine_door(command, args, program);
  if (!door) return Error{door.error()};
  const std::shared_ptr<EngineConnection> connection = door->connection;
  // This engine's figures and those of the engines --jobs workers started.
  const auto answered = [connection, counts = door->worker_counts] {
    return connection->answered() + counts->answered.load();
  };
  const auto restarts = [connection, counts = door->worker_counts] {
    return std::uint64_t(connection->restarts()) + counts->restarts.load();
  };
  KeyDoor opened;
  opened.target = std::move(door->door.target);
  opened.description = std::move(door->door.description);
  opened.runs_in = "the engine in a process of its own";
  opened.progress = [connection, answered_by_all = answered,
                     start = std::chrono::steady_clock::now()] {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::uint64_t answered = answered_by_all();
    return "engine " + connection->engine_name() + ", " + std::to_string(answered) +
           " positions (" +
           std::to_string(std::uint64_t(double(answered) / std::max(seconds, 1e-3))) + "/s)";
  };
  opened.notes = [connection, answered, restarts]() -> std::vector<std::string> {
    return {"engine: " + std::to_string(answered()) + " positions answered" +
                (restarts() ? ", restarted " + std::to_string(restarts()) + " times after faults"
                            : std::string()),
            "engine keys: read as " + connection->key_reading() + keys_besides(*connection)};
  };
  opened.faults = [connection] { return connection->incidents(); };
  opened.unusable = [connection]() -> std::optional<std::string> {
    if (!connection->unusable()) return std::nullopt;
    return connection->unusable()->message;
  };
  opened.close = [connection] {
    connection->close();
    return connection->finish_transcript();
  };
  return opened;
}

// --engine's own options under movegen: how it is asked for perft.
constexpr OptionRef EngineMovegenOptions[] = {
    option("--protocol"),
    option("--perft-command"),
    option("--perft-total-pattern"),
    option("--perft-divide-pattern"),
    option("--perft-end-pattern"),
    option("--in-flight"),
    option("--transcript"),
    option("--xfen"),
    option("--no-new"),
};

// movegen's --transcript FILE: every line sent to the engine, as check's, so that the file can be
// piped into the engine again. The tap writes there; without --transcript it is empty.
struct MovegenTranscript {
  std::shared_ptr<EngineTranscript> file;
  SentLinesTap tap;
};

Expected<MovegenTranscript> movegen_transcript(const ParsedArgs& args) {
  MovegenTranscript transcript{std::make_shared<EngineTranscript>(), {}};
  const std::optional<std::string> path = args.value("--transcript");
  if (!path) return transcript;
  if (auto opened = transcript.file->open(*path); !opened) return Error{opened.error()};
  transcript.tap = [file = transcript.file](std::string_view text) {
    file->write(text);
    file->flush();
  };
  return transcript;
}

// --in-flight N: perft requests kept in flight (engine_perft.h, EnginePerft::ask_many); 1: one
// round trip each.
Expected<int> in_flight_option(const ParsedArgs& args) {
  if (auto text = args.value("--in-flight"))
    return parse_int_in_range(*text, "--in-flight", 1, 1024);
  return DefaultPerftInFlight;
}

// --perft-command, --perft-total-pattern, --perft-divide-pattern and --perft-end-pattern, as
// given, for a run in Chess960 or not.
PerftDialogue perft_dialogue(const ParsedArgs& args, bool chess960) {
  PerftDialogue dialogue;
  dialogue.chess960 = chess960;
  if (auto text = args.value("--perft-command")) dialogue.command = *text;
  if (auto text = args.value("--perft-total-pattern")) dialogue.total_pattern = *text;
  if (auto text = args.value("--perft-divide-pattern")) dialogue.divide_pattern = *text;
  if (auto text = args.value("--perft-end-pattern")) dialogue.end_pattern = *text;
  return dialogue;
}

// The FEN an engine is sent for `route`: a Chess960 one with X-FEN castling letters under --xfen,
// as check sends it (castling_letters.h), else as the route has it (Shredder letters).
std::string sent_fen(const Route& route, CastlingLetters letters) {
  if (letters != CastlingLetters::XFen || !route.chess960) return route.fen;
  return engine_fen(route.fen, true, letters);
}

// A started, greeted engine as a movegen door, and the EnginePerft that drives it.
Expected<std::pair<properties::MovegenDoor, std::shared_ptr<EnginePerft>>> open_perft_door(
    Expected<std::unique_ptr<PerftConnection>> connection, const PerftDialogue& dialogue,
    const PerftPipelining& pipelining, const MovegenOpening& how, CastlingLetters letters) {
  if (!connection) return Error{connection.error()};
  auto opened_perft = EnginePerft::open(std::move(*connection), dialogue, how.deepest,
                                        std::chrono::milliseconds(how.timeout_ms), pipelining);
  if (!opened_perft) return Error{opened_perft.error()};
  std::shared_ptr<EnginePerft> perft = std::move(*opened_perft);
  properties::MovegenDoor door;
  door.name = "engine:" + perft->engine_name();
  door.king_takes_rook = how.chess960;
  if (perft->totals_only())
    door.total = [perft, letters](const Route& route, int depth) {
      return perft->total(sent_fen(route, letters), moves_text(route.moves), depth);
    };
  else
    door.divide = [perft, letters](const Route& route, int depth) {
      return perft->divide(sent_fen(route, letters), moves_text(route.moves), depth);
    };
  // A fault or a divergence is asked again alone on a fresh engine before it is believed.
  door.confirm_alone = [perft, letters](const Route& route, int depth) {
    return perft->confirm_alone(sent_fen(route, letters), moves_text(route.moves), depth);
  };
  if (perft->pipelined())
    door.ask_many = [perft, letters](const std::vector<Route>& routes, int depth) {
      std::vector<PerftPosition> positions;
      for (const Route& route : routes)
        positions.push_back({sent_fen(route, letters), moves_text(route.moves)});
      return perft->ask_many(positions, depth);
    };
  return std::pair{std::move(door), std::move(perft)};
}

Expected<MovegenDoorOpened> open_engine_movegen(const std::string& command, const ParsedArgs& args,
                                                const MovegenOpening& how) {
  auto words = split_command_words(command);
  if (!words) return Error{"--engine: " + words.error()};
  auto protocol = read_engine_protocol(args);
  if (!protocol) return Error{protocol.error()};
  const EngineProtocolRow& spoken = engine_protocol(*protocol);
  const Expected<XboardGames> games = xboard_games(args, *protocol);
  if (!games) return Error{games.error()};
  // xboard has no standard perft command: "go perft" is UCI's (Stockfish's).
  if (!spoken.no_perft_command.empty() && !args.value("--perft-command"))
    return Error{"--protocol " + std::string(spoken.name) +
                 " needs --perft-command: " + std::string(spoken.no_perft_command)};
  const PerftDialogue dialogue = perft_dialogue(args, how.chess960);
  // A malformed pattern or command, at any depth the run asks, is a usage error before any
  // engine starts.
  if (auto patterns = PerftPatterns::compile(dialogue, how.deepest); !patterns)
    return Error{patterns.error()};
  const EngineTimeouts timeouts = engine_timeouts(std::chrono::milliseconds(how.timeout_ms));
  PerftPipelining pipelining;
  auto in_flight = in_flight_option(args);
  if (!in_flight) return Error{in_flight.error()};
  pipelining.in_flight = *in_flight;
  auto transcript = movegen_transcript(args);
  if (!transcript) return Error{transcript.error()};
  const auto open_connection = [words = *words, timeouts, open = spoken.perft,
                                chess960 = how.chess960, tap = transcript->tap, games = *games] {
    return open(words, timeouts, chess960, tap, games);
  };
  pipelining.reopen = open_connection;
  // An engine started and greeted, as a door; each --jobs worker opens one more in its process.
  const CastlingLetters letters =
      args.has("--xfen") ? CastlingLetters::XFen : CastlingLetters::Shredder;
  const auto open_door = [open_connection, dialogue, pipelining, how, letters] {
    return open_perft_door(open_connection(), dialogue, pipelining, how, letters);
  };
  auto first = open_door();
  if (!first) return Error{first.error()};
  MovegenDoorOpened opened;
  opened.door = std::move(first->first);
  // The worker's engine goes with its door: the last copy of the door closes it.
  opened.door.open_in_worker = [open_door]() -> Expected<properties::MovegenDoor> {
    // A start that fails under load (many workers starting engines at once) is tried once more;
    // a second failure is the run's (exit status 2), never a fault on a position.
    auto own = open_door();
    if (!own) own = open_door();
    if (!own) return Error{"its engine did not start, twice: " + own.error()};
    return std::move(own->first);
  };
  opened.close = [perft = first->second, file = transcript->file] {
    perft->close();
    return file->finish();
  };
  return opened;
}

constexpr DoorRow Doors[] = {
    {option("--plugin"), "--plugin is a chess door", PluginOptions, PluginOptions, open_plugin_keys,
     open_plugin_movegen},
    {option("--engine"), "--engine is a chess door", EngineKeyOptions, EngineMovegenOptions,
     open_engine_keys, open_engine_movegen},
};

// Every door's option, in the table's order.
constexpr auto DoorOptions = [] {
  std::array<std::string_view, std::size(Doors)> options{};
  for (std::size_t i = 0; i < options.size(); ++i) options[i] = Doors[i].option->name;
  return options;
}();

}  // namespace

std::span<const OptionRef> door_own_options(const DoorRow& door, DoorUse use) {
  return use == DoorUse::Keys ? door.key_options : door.movegen_options;
}

std::span<const DoorRow> door_table() {
  return Doors;
}

std::span<const std::string_view> door_options() {
  return DoorOptions;
}

std::optional<ChosenDoor> chosen_door(const ParsedArgs& args) {
  for (const DoorRow& row : Doors)
    if (auto value = args.value(row.option->name)) return ChosenDoor{&row, *value};
  return std::nullopt;
}

namespace {

// The doors whose own options under `use` include `option`, in the table's order. The list lives
// as long as the program: a rule's span of choices points into it.
std::span<const std::string_view> doors_taking(OptionRef option, DoorUse use) {
  static std::map<std::pair<OptionRef, DoorUse>, std::vector<std::string_view>> lists;
  std::vector<std::string_view>& doors = lists[{option, use}];
  if (doors.empty())
    for (const DoorRow& row : Doors)
      for (OptionRef own : door_own_options(row, use))
        if (own == option) doors.push_back(row.option->name);
  return doors;
}

}  // namespace

std::vector<OptionRule> door_rules(DoorUse use) {
  std::vector<OptionRule> rules;
  for (std::size_t i = 0; i < std::size(Doors); ++i)
    for (std::size_t j = i + 1; j < std::size(Doors); ++j)
      rules.push_back(excludes(Doors[i].option->name, Doors[j].option->name));
  // A door's own options go with it, or with any of the doors that take it too (--xfen: both);
  // what every door takes is the command's.
  for (const DoorRow& door : Doors)
    for (OptionRef own : door_own_options(door, use)) {
      const std::span<const std::string_view> doors = doors_taking(own, use);
      if (doors.front() != door.option->name) continue;  // made once, at its first door
      rules.push_back(goes_with_any(own->name, doors));
    }
  return rules;
}

std::string door_choices() {
  std::vector<std::string> doors;
  for (const DoorRow& row : Doors)
    doors.push_back(std::string(row.option->name) + " " + std::string(row.option->value));
  return listed(doors, "or");
}

}  // namespace zobrist_verify::cli
