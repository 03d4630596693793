// Whether a Chess960 target reads X-FEN castling letters: one Chess960 start set on a fresh
// instance with Shredder letters (HFhf) and on another with X-FEN letters (KQkq, unambiguous
// there), the keys compared. A refusal or a different key reads as "no". The note goes to the
// head of the check report; the run itself sends the door's one form either way.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// "reads X-FEN castling letters: yes|no|not decided (<the position, both FENs, both keys or the
// refusal>)", or nothing for a target without Chess960 or with `chess960` off (--no-chess960).
// With `isolate` the probe runs in a worker (its calls watched against `timeout`), as the
// convention probes do: a target that crashes there gets "not decided" and how it died.
std::optional<std::string> xfen_probe_note(const Target& target, bool chess960, bool isolate,
                                           std::chrono::milliseconds timeout);

}  // namespace zobrist_verify::properties
