// The next line of an engine's reply within the reply's deadline, for the dialects of the engine
// door (uci_dialect.cpp, xboard_dialect.cpp) over their engine classes (UciEngine, XboardEngine):
// a line already buffered is taken without a system call; a hang or a death stops the engine
// and is blamed on the request named `asked`. Their goodbye, and the two patterns both dialects
// read replies with, compiled from the door's options.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/key_reply.h"
#include "zobrist_verify/doors/pipelined_connection.h"

namespace zobrist_verify {

template <class Engine>
[[nodiscard]] Expected<Done> next_reply_line(Engine& engine, std::string& line,
                                             std::chrono::steady_clock::time_point deadline,
                                             std::string_view name, std::string_view asked,
                                             std::chrono::milliseconds timeout) {
  using Milliseconds = std::chrono::milliseconds;
  if (engine.take_buffered_line(line)) return Done{};
  const auto left =
      std::max(std::chrono::ceil<Milliseconds>(deadline - std::chrono::steady_clock::now()),
               Milliseconds(0));
  Expected<std::string> read = engine.read_line(left);
  if (!read) {
    if (read.error_kind() == ErrorKind::TimedOut) {
      const Error hung = reply_timed_out(name, asked, timeout);
      return engine.kill(hung.message, hung.kind);
    }
    return died_answering(name, asked, read.error());
  }
  line = std::move(*read);
  return Done{};
}

// A reply that ended in a death or a hang: a refusal when it had refused the position first
// (Stockfish 19 prints "info string CRITICAL ERROR: ..." and exits; its WebAssembly port drops
// the rest of its input), since a fresh engine takes the next position; else the fault. The
// engine is stopped either way, and the connection restarts it before the next request.
template <class Engine>
[[nodiscard]] Error reply_cut_short(Engine& engine, const KeyReply& reply, const Error& fault) {
  std::optional<Error> refused = reply.refusal();
  if (!refused) return fault;
  if (engine.running()) (void)engine.kill(refused->message, ErrorKind::Refused);
  refused->message += " (then it stopped answering: " + fault.message + ")";
  return *refused;
}

// The dialects' goodbye: "quit" in the transcript, then the engine closed (its own "quit", a
// wait, a kill) and dropped. Returns how it ended, or "not running" without one.
template <class Engine>
std::string quit_engine(std::optional<Engine>& engine, EngineTranscript& transcript) {
  if (!engine) return "not running";
  transcript.write("quit\n");
  std::string ended = engine->close();
  engine.reset();
  return ended;
}

// The key and FEN patterns of `options`, and its key command checked: the error says which of
// them cannot be used.
struct ReplyPatterns {
  KeyPattern key;
  KeyPattern fen;
};
[[nodiscard]] inline Expected<ReplyPatterns> compile_reply_patterns(
    const EngineDoorOptions& options) {
  auto key = compile_key_pattern(options.key_pattern);
  if (!key) return Error{key.error()};
  auto fen = compile_fen_pattern(options.fen_pattern);
  if (!fen) return Error{fen.error()};
  if (options.key_command.empty() || options.key_command.find('\n') != std::string::npos)
    return Error{"the key command must be one non-empty line"};
  return ReplyPatterns{std::move(*key), std::move(*fen)};
}

}  // namespace zobrist_verify
