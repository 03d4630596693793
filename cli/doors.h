// The doors of `check` and `replay` to a third party's hashing: building a properties::Target
// from the command line, and printing what run_third_party found.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "args.h"
#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/doors/engine_hash.h"
#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/doors/xboard_protocol.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/third_party.h"

namespace zobrist_verify::cli {

// This program's own path, for replay commands printed under failures.
std::string program_path();

// The target behind --plugin PATH (with --xfen), or why the plugin cannot be loaded. The
// description names it in reports: "plugin:NAME (PATH)".
struct DoorTarget {
  properties::Target target;
  std::string description;
};
[[nodiscard]] Expected<DoorTarget> plugin_door(const std::string& path, bool xfen,
                                               const std::string& program);

// The target behind --engine "CMD ARGS" with --key-command, --key-pattern, --timeout and
// --transcript, or why the engine cannot be used. The engine is started and greeted here; its
// connection lives as long as the target's factory. Each worker of --jobs starts one of its own
// (Target::worker_factory), with the options of this one and the key base it told. The description
// names it: "engine:Stockfish 15.1 (/usr/games/stockfish)". What the engines of --jobs workers
// answered, in memory shared with the workers (each adds its engine's figures as it goes), so that
// progress lines and notes add up over every engine.
struct WorkerEngineCounts {
  std::atomic<std::uint64_t> answered{0};
  std::atomic<std::uint64_t> restarts{0};
};
struct EngineDoorTarget {
  DoorTarget door;
  std::shared_ptr<EngineConnection> connection;
  std::shared_ptr<WorkerEngineCounts> worker_counts;  // never null
};
// --protocol uci|xboard (with --engine; default uci).
[[nodiscard]] Expected<EngineProtocol> read_engine_protocol(const ParsedArgs& args);
// --no-new (with --protocol xboard): the game set once, not before each position; with UCI it is
// a usage error.
[[nodiscard]] Expected<XboardGames> xboard_games(const ParsedArgs& args, EngineProtocol protocol);
[[nodiscard]] Expected<EngineDoorTarget> engine_door(const std::string& command,
                                                     const ParsedArgs& args,
                                                     const std::string& program);

// "4G", "512M", "100m", "65536K", "1000000" (bytes): a memory size in bytes, powers of 1024; 0
// is no limit.
[[nodiscard]] Expected<std::uint64_t> parse_memory_size(std::string_view text);

// --memory-limit SIZE (with --plugin): the limit of the plugin's workers' resident memory, set
// for the whole run (default: half of the machine's memory).
[[nodiscard]] Expected<Done> read_memory_limit(const ParsedArgs& args);

// --en-passant's value: one rule ("pseudo-legal"), or a split one ("fen=always,move=pseudo-legal":
// a position set from a FEN keyed under one rule, one reached by a move under the other).
struct EnPassantConvention {
  EnPassantRule fen, move;
};
[[nodiscard]] Expected<EnPassantConvention> parse_en_passant_convention(std::string_view text);

// --expect, --en-passant, --timeout, --no-isolation and --allow-unreachable read into options
// (suite already set).
[[nodiscard]] Expected<Done> read_door_options(const ParsedArgs& args,
                                               properties::ThirdPartyOptions& options,
                                               std::optional<KeyScheme>& expected);

// Prints the run (text or JSON), writes JUnit to `junit` when given (opened before the run, see
// open_output_option), and returns the exit status. `where`
// says where the target ran, for the head of the text report ("in-process (no isolation)");
// `interrupted`, the signal that stopped the run ("SIGINT"), or empty (SuiteReport::interrupted).
int report_third_party(const properties::ThirdPartyRun& run,
                       const properties::ThirdPartyOptions& options, bool json,
                       std::optional<OutputFile>& junit, const std::string& where,
                       const std::string& interrupted = {});

}  // namespace zobrist_verify::cli
