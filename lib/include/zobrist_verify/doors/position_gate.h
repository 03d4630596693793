// The gate between the suite and a third party: every position a plugin, an engine or an
// adapter is given passes the strict FEN reader's rules for positions no legal game reaches
// (impossible checks, an en-passant square whose double push could not have been played,
// castling rights no start allows, too much material; fen_error.h). Engines may assume reachable
// positions, and they are right to, so such a position is withheld: skipped and counted, never
// sent. The rules are named ones, not full reachability, which is not decidable in practice.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/doors/hash_under_test.h"

namespace zobrist_verify {

// Why `fen` must not go to a third party, or nothing when it may. The FEN must be one the reader
// accepts with FenOptions::allow_unreachable (the reference read it); only reachability is judged.
[[nodiscard]] std::optional<std::string> unreachable_reason(std::string_view fen, bool chess960);

// `door` behind the gate: set_position of a position that fails it returns an error of kind
// ErrorKind::Withheld and never reaches `door`. Everything else passes straight through.
[[nodiscard]] std::unique_ptr<HashUnderTest> behind_gate(std::unique_ptr<HashUnderTest> door);

}  // namespace zobrist_verify
