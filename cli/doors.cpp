#include "doors.h"

#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <new>
#include <thread>

#include <iostream>

#include "inputs.h"
#include "suite_options.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/doors/engine_protocols.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/plugin_door.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

std::string program_path() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, std::size_t(n)) : std::string("zobrist-verify");
}

Expected<DoorTarget> plugin_door(const std::string& path, bool xfen, const std::string& program) {
  // Its name is asked for in a worker: loading runs the plugin's static initialisers and entry
  // point, and nothing of it may run in this process (isolation is the point of the door).
  PluginOptions options;
  options.xfen = xfen;
  auto name = properties::ask_plugin_in_worker(
      path, options, [](HashUnderTest& plugin) -> Expected<std::string> { return plugin.name(); },
      10'000);
  if (!name) return Error{name.error()};
  DoorTarget door;
  door.description = "plugin:" + *name + " (" + visible_text(path) + ")";
  door.target.name = "plugin:" + *name;
  door.target.make = properties::plugin_factory(path, options);
  door.target.fen_as_sent = [options](const std::string& fen, bool chess960) {
    return plugin_fen(fen, chess960, options);
  };
  door.target.make_with_letters = [make_shredder = properties::plugin_factory(path, {}),
                                   make_xfen = properties::plugin_factory(path, {.xfen = true})](
                                      bool xfen) { return xfen ? make_xfen() : make_shredder(); };
  door.target.replay_words = {program, "replay", "--no-isolation", "--plugin", path};
  if (xfen) door.target.replay_words.push_back("--xfen");
  return door;
}

namespace {

// WorkerEngineCounts in an anonymous shared page: what workers add there, this process reads.
std::shared_ptr<WorkerEngineCounts> shared_worker_counts() {
  void* page = ::mmap(nullptr, sizeof(WorkerEngineCounts), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return std::make_shared<WorkerEngineCounts>();  // counted here only
  return std::shared_ptr<WorkerEngineCounts>(new (page) WorkerEngineCounts(),
                                             [](WorkerEngineCounts* counts) {
                                               counts->~WorkerEngineCounts();
                                               ::munmap(counts, sizeof(WorkerEngineCounts));
                                             });
}

// A worker's own engine, whose answers it adds to the shared counts every tenth of a second
// while it runs and once more when it goes; the engine is closed after that (quit, reaped).
class WorkerEngine {
 public:
  WorkerEngine(std::shared_ptr<EngineConnection> connection,
               std::shared_ptr<WorkerEngineCounts> counts)
      : connection_(std::move(connection)), counts_(std::move(counts)) {
    reporter_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      while (!stopping_) {
        stopped_.wait_for(lock, std::chrono::milliseconds(100));
        add_answers();
      }
    });
  }
  ~WorkerEngine() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    stopped_.notify_all();
    reporter_.join();
    add_answers();
    counts_->restarts += std::uint64_t(connection_->restarts());
  }
  WorkerEngine(const WorkerEngine&) = delete;
  WorkerEngine& operator=(const WorkerEngine&) = delete;
  const std::shared_ptr<EngineConnection>& connection() const { return connection_; }

 private:
  void add_answers() {
    const std::uint64_t now = connection_->answered();
    counts_->answered += now - added_;
    added_ = now;
  }
  std::shared_ptr<EngineConnection> connection_;
  std::shared_ptr<WorkerEngineCounts> counts_;
  std::uint64_t added_ = 0;
  std::mutex mutex_;
  std::condition_variable stopped_;
  bool stopping_ = false;
  std::thread reporter_;
};

}  // namespace

Expected<EngineProtocol> read_engine_protocol(const ParsedArgs& args) {
  const auto word = args.value("--protocol");
  if (!word) return engine_protocols().front().protocol;
  auto protocol = parse_engine_protocol(*word);
  if (!protocol) return Error{"--protocol: " + protocol.error()};
  return *protocol;
}

Expected<XboardGames> xboard_games(const ParsedArgs& args, EngineProtocol protocol) {
  if (!args.has("--no-new")) return XboardGames::NewEachPosition;
  if (!engine_protocol(protocol).takes_games_option)
    return Error{"--no-new is an xboard option: it goes with --protocol xboard"};
  return XboardGames::SetOnce;
}

namespace {

// An engine that cannot be used, said once: "engine 'CMD' cannot be used: WHY", or WHY alone when
// it already names the engine and says so (the xboard handshake's refusals do).
Error unusable_engine(const std::string& command, const std::string& why) {
  if (why.rfind("engine '", 0) == 0 && why.find(" cannot be used") != std::string::npos)
    return Error{why};
  return Error{"engine '" + command + "' cannot be used: " + why};
}

// "engine:NAME (COMMAND)", and the protocol when its row names it: over xboard, Chess960 only
// where the engine announces the variant fischerandom.
std::string engine_door_description(const std::string& command, const EngineConnection& connection,
                                    const EngineProtocolRow& spoken) {
  std::string description =
      "engine:" + connection.engine_name() + " (" + visible_text(command) + ")";
  if (spoken.named_in_door)
    description += " over " + std::string(spoken.name) +
                   (connection.offers_chess960() ? "" : ", " + std::string(spoken.no_chess960));
  return description;
}

}  // namespace

Expected<EngineDoorTarget> engine_door(const std::string& command, const ParsedArgs& args,
                                       const std::string& program) {
  EngineDoorOptions options;
  auto words = split_command_words(command);
  if (!words) return Error{"--engine: " + words.error()};
  options.argv = *words;
  auto protocol = read_engine_protocol(args);
  if (!protocol) return Error{protocol.error()};
  options.protocol = *protocol;
  auto games = xboard_games(args, options.protocol);
  if (!games) return Error{games.error()};
  options.xboard_new_games = *games == XboardGames::NewEachPosition;
  if (auto key_command = args.value("--key-command")) options.key_command = *key_command;
  if (auto pattern = args.value("--key-pattern")) options.key_pattern = *pattern;
  if (auto pattern = args.value("--fen-pattern")) options.fen_pattern = *pattern;
  // A pattern that cannot be used is a usage error before any engine starts.
  if (auto key = compile_key_pattern(options.key_pattern); !key) return Error{key.error()};
  if (auto fen = compile_fen_pattern(options.fen_pattern); !fen) return Error{fen.error()};
  if (auto path = args.value("--transcript")) options.transcript = *path;
  if (auto text = args.value("--key-base")) {
    auto base = parse_key_base(*text);
    if (!base) return Error{"--key-base: " + base.error()};
    options.key_base = *base;
  }
  if (auto text = args.value("--timeout")) {
    auto ms = parse_int_in_range(*text, "--timeout", 1, 3'600'000);
    if (!ms) return Error{ms.error()};
    options.timeout = std::chrono::milliseconds(*ms);
  }
  auto connection = EngineConnection::open(options);
  if (!connection) return unusable_engine(command, connection.error());
  const EngineProtocolRow& spoken = engine_protocol(options.protocol);
  EngineDoorTarget out;
  out.connection = *connection;
  DoorTarget& door = out.door;
  door.description = engine_door_description(command, **connection, spoken);
  door.target.name = "engine:" + (*connection)->engine_name();
  // Chess960 castling in one form for the whole run: Shredder letters, X-FEN with --xfen.
  const CastlingLetters letters =
      args.has("--xfen") ? CastlingLetters::XFen : CastlingLetters::Shredder;
  door.target.make = [connection = *connection, letters] {
    return make_engine_hash(connection, letters);
  };
  door.target.fen_as_sent = [letters](const std::string& fen, bool chess960) {
    return engine_fen(fen, chess960, letters);
  };
  door.target.make_with_letters = [connection = *connection](bool xfen) {
    return make_engine_hash(connection, xfen ? CastlingLetters::XFen : CastlingLetters::Shredder);
  };
  // A worker of --jobs starts an engine of its own with these options, reading keys in the base
  // this one told (no transcript: that records one engine, and --jobs above 1 refuses it).
  out.worker_counts = shared_worker_counts();
  EngineDoorOptions worker_options = options;
  worker_options.transcript.clear();
  if (!worker_options.key_base) worker_options.key_base = (*connection)->key_base();
  door.target.worker_factory = [worker_options, letters, command,
                                counts = out.worker_counts]() -> Expected<properties::HashFactory> {
    auto own = EngineConnection::open(worker_options);
    if (!own) return unusable_engine(command, own.error());
    auto engine = std::make_shared<WorkerEngine>(*own, counts);
    return properties::HashFactory(
        [engine, letters] { return make_engine_hash(engine->connection(), letters); });
  };
  // An engine prints its key; with Stockfish's scheme that is the key with the clock folded in.
  door.target.compare_printed_key = true;
  std::vector<std::string>& replay = door.target.replay_words;
  replay = {program, "replay", "--engine", command};
  for (const char* option :
       {"--protocol", "--key-command", "--key-pattern", "--fen-pattern", "--key-base", "--timeout"})
    if (auto value = args.value(option)) replay.insert(replay.end(), {option, *value});
  if (letters == CastlingLetters::XFen) replay.push_back("--xfen");
  if (args.has("--no-new")) replay.push_back("--no-new");
  // The base told from the start position's key goes along, so that the replay reads the same.
  if (auto base = (*connection)->key_base(); base && !args.has("--key-base"))
    replay.insert(replay.end(), {"--key-base", *base == KeyBase::Decimal ? "10" : "16"});
  return out;
}

Expected<std::uint64_t> parse_memory_size(std::string_view text) {
  const auto bad = [&](const std::string& why) -> Error {
    return Error{"'" + std::string(text) + "' is not a memory size (" + why +
                 "; sizes read 4G, 512M, 65536K or a number of bytes)"};
  };
  std::size_t digits = 0;
  std::uint64_t number = 0;
  for (; digits < text.size() && text[digits] >= '0' && text[digits] <= '9'; ++digits) {
    if (number > (UINT64_MAX - 9) / 10) return bad("too large");
    number = number * 10 + std::uint64_t(text[digits] - '0');
  }
  if (digits == 0) return bad("no number");
  const std::string_view unit = text.substr(digits);
  int shift = 0;
  if (unit == "K" || unit == "k" || unit == "KiB" || unit == "KB")
    shift = 10;
  else if (unit == "M" || unit == "m" || unit == "MiB" || unit == "MB")
    shift = 20;
  else if (unit == "G" || unit == "g" || unit == "GiB" || unit == "GB")
    shift = 30;
  else if (unit == "T" || unit == "t" || unit == "TiB" || unit == "TB")
    shift = 40;
  else if (!unit.empty())
    return bad("unknown unit '" + std::string(unit) + "'");
  if (shift > 0 && number > (UINT64_MAX >> shift)) return bad("too large");
  return number << shift;
}

Expected<Done> read_memory_limit(const ParsedArgs& args) {
  if (auto text = args.value("--memory-limit")) {
    auto bytes = parse_memory_size(*text);
    if (!bytes) return Error{"--memory-limit: " + bytes.error()};
    properties::set_worker_memory_limit(*bytes);
  }
  return Done{};
}

Expected<EnPassantConvention> parse_en_passant_convention(std::string_view text) {
  if (text.find('=') == std::string_view::npos) {
    auto rule = parse_en_passant_rule(text);
    if (!rule) return Error{rule.error()};
    return EnPassantConvention{*rule, *rule};
  }
  std::optional<EnPassantRule> fen, move;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const std::size_t equals = part.find('=');
    const std::string_view name = part.substr(0, equals);
    std::optional<EnPassantRule>* slot = name == "fen" ? &fen : name == "move" ? &move : nullptr;
    if (!slot || equals == std::string_view::npos)
      return Error{
          "'" + std::string(part) +
          "' is not fen=RULE or move=RULE (a split rule reads fen=always,move=pseudo-legal)"};
    if (*slot)
      return Error{"'" + std::string(name) + "' is given twice in '" + std::string(text) + "'"};
    auto rule = parse_en_passant_rule(part.substr(equals + 1));
    if (!rule) return Error{rule.error()};
    *slot = *rule;
  }
  if (!fen || !move) return Error{"'" + std::string(text) + "' needs both fen=RULE and move=RULE"};
  return EnPassantConvention{*fen, *move};
}

Expected<Done> read_door_options(const ParsedArgs& args, properties::ThirdPartyOptions& options,
                                 std::optional<KeyScheme>& expected) {
  if (auto name = args.value("--expect")) {
    auto scheme = scheme_from_name(*name);
    if (!scheme) return Error{"--expect: " + scheme.error()};
    expected = std::move(*scheme);
    options.expect = &*expected;
  }
  if (auto text = args.value("--en-passant")) {
    auto convention = parse_en_passant_convention(*text);
    if (!convention) return Error{"--en-passant: " + convention.error()};
    options.en_passant = convention->move;
    if (convention->fen != convention->move) options.en_passant_fen = convention->fen;
  }
  if (auto text = args.value("--timeout")) {
    auto ms = parse_int_in_range(*text, "--timeout", 1, 3'600'000);
    if (!ms) return Error{ms.error()};
    options.suite.call_timeout_ms = *ms;
  }
  options.suite.isolate = !args.has("--no-isolation");
  options.allow_unreachable = allows_unreachable(args);
  return Done{};
}

int report_third_party(const properties::ThirdPartyRun& run,
                       const properties::ThirdPartyOptions& options, bool json,
                       std::optional<OutputFile>& junit, const std::string& where,
                       const std::string& interrupted) {
  if (run.unusable) return report_usage_error(*run.unusable);
  properties::SuiteReport report;
  report.header = check_report_header(options.suite);
  report.results = run.results;
  report.interrupted = interrupted;
  report.header->third_party = run.summary;
  report.header->third_party->where = where;
  apply_baseline_option(report, options.suite);
  if (json)
    properties::write_json_report(std::cout, report);
  else
    properties::write_text_report(std::cout, report);
  if (junit) {
    properties::write_junit_report(junit->stream(), report);
    if (auto written = junit->finish(); !written) return report_usage_error(written.error());
  }
  for (const properties::PropertyResult& r : report.results)
    if (!r.passed && !r.known) return ExitCheckFailed;
  return ExitSuccess;
}

}  // namespace zobrist_verify::cli
