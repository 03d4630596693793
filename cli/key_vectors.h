// Checks a file of published key vectors: "fen<TAB>uci moves<TAB>hex key" rows, '#' comments.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::cli {

enum class KeyKind {
  Key,         // Position::key()
  PrintedKey,  // Position::printed_key(), what Stockfish's `d` shows
};

struct VectorFailure {
  int line = 0;
  std::string fen;
  std::string moves;
  std::string problem;  // "expected X, actual Y", or why the row could not be checked
};

struct VectorRun {
  int rows = 0;
  std::vector<VectorFailure> failures;
};

// Every row is checked; a row that cannot be read or played is a failure, not an abort.
VectorRun check_key_vectors(std::string_view text, const KeyScheme& scheme, KeyKind kind,
                            FenOptions options = {});

}  // namespace zobrist_verify::cli
