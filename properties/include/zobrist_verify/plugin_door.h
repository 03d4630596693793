// The plugin door's safe loading: a plugin's code (its static initialisers, its entry point,
// every call) runs only in watched worker processes, never in the tool's own, unless the user
// asks for --no-isolation. Its faults are worded by the one fault wording (forked_run.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// A factory of instances of the plugin at `path`. The library is loaded on the first call, in
// the process that makes that call: only workers, unless the run is not isolated. A fork copies
// the empty holder, so each worker loads its own.
HashFactory plugin_factory(const std::string& path, PluginOptions options);

// Loads the plugin in a watched worker (the load watched as the call "loading it") and answers
// `question` on a fresh instance there. The answer, or why the plugin cannot be used: loading or
// the question crashed, timed out or exited without an answer, or the question's own error.
[[nodiscard]] Expected<std::string> ask_plugin_in_worker(
    const std::string& path, PluginOptions options,
    const std::function<Expected<std::string>(HashUnderTest&)>& question, int timeout_ms);

// The limit of a worker's resident memory, in bytes, for the whole run (0: none; default: half
// of the machine's memory). A worker past it is killed and its fault reads "exceeded the memory
// limit in CALL: 312 MiB resident, over the limit of 100 MiB (--memory-limit)".
std::uint64_t worker_memory_limit();
void set_worker_memory_limit(std::uint64_t bytes);

}  // namespace zobrist_verify::properties
