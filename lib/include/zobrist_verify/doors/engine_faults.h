// How the engine door puts an engine's faults into words: one place for every dialect, the
// pipeline above them and the perft door, so that the same event reads the same whoever meets it
// ("engine 'NAME' <what it did> <what it was asked>"). A fault of kind Crashed or TimedOut stops
// the engine, and the pipeline blames it on the request it names.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// "engine 'Stockfish 15.1'": how every message names the engine.
std::string engine_words(std::string_view name);

// `asked` names the request as the dialect sent it: "'position fen ... moves e2e4' then 'd'".

// No whole reply within `timeout` (the engine hangs): TimedOut.
[[nodiscard]] Error reply_timed_out(std::string_view name, std::string_view asked,
                                    std::chrono::milliseconds timeout);
// The engine's output ended in the middle of a reply (`how`: what the read said): Crashed.
[[nodiscard]] Error died_answering(std::string_view name, std::string_view asked,
                                   std::string_view how);
// More lines than a reply may have, none of them its end (`end`: "readyok"): Crashed.
[[nodiscard]] Error reply_flooded(std::string_view name, std::string_view asked, int lines,
                                  std::string_view end);
// A reply was to be read, but no engine runs: Crashed.
[[nodiscard]] Error not_running_for(std::string_view asked);
// A request replayed alone on a fresh engine could not even be sent (`how`: how it ended).
[[nodiscard]] Error died_before_taking_alone(std::string_view position_command,
                                             std::string_view how);
// The door gives up on an engine after `restarts` restarts: GaveUp (the call is not made).
[[nodiscard]] Error gave_up_restarting(std::string_view name, int restarts,
                                       std::string_view last_fault);
// An engine that started once cannot be started again, twice in a row: GaveUp (an error of the
// run, exit status 2).
[[nodiscard]] Error could_not_restart(std::string_view why);
// A reply out of step with what was asked (`asked`: "'go perft 3' after 'position ...'"):
// AnsweredBadly; the caller stops the engine.
[[nodiscard]] Error answered_badly(std::string_view name, std::string_view asked,
                                   std::string_view why);

}  // namespace zobrist_verify
