// The next line of an engine's reply within the reply's deadline, for the dialects of the engine
// door (uci_dialect.cpp, xboard_dialect.cpp) over their engine classes (UciEngine, XboardEngine):
// a line already buffered is taken without a system call; a hang or a death stops the engine
// and is blamed on the request named `asked`.
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_faults.h"

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

}  // namespace zobrist_verify
