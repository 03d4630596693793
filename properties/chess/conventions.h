// Detecting a black-box target's conventions before judging it: which en-passant rule its keys
// follow, and whether they depend on the halfmove clock. Positions built to tell the rules apart
// (pushes no pawn can answer, capturable ones, captures only a pinned pawn could make, check
// evasions) are set both from a FEN and by playing the double push, and the key is read with and
// without the en-passant square. A rule explains the target when it predicts every observation;
// one used when a FEN is set and another when a move is made explains nothing: "unknown".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// One double push as the target saw it.
struct EnPassantObservation {
  std::string label;              // "capture only by a pinned pawn", ...
  std::string before_fen;         // the position before the push
  std::string move;               // the push
  std::string after_fen;          // the position after it, en-passant square written
  bool refused = false;           // the target refused the FEN without the square: no observation
  bool fen_observed = false;      // it took the FEN with the square too
  bool move_observed = false;     // it took the position before and the push
  bool present_via_fen = false;   // key(after_fen) != key(after_fen without the square)
  bool present_via_move = false;  // key after playing the push != key(FEN without the square)
  Key with_square = 0, without_square = 0, after_move = 0;
  bool pseudo_legal = false, legal = false;  // what those rules say of the square
};

struct Conventions {
  std::optional<EnPassantRule> en_passant_rule;  // nothing: unknown (no rule explains the keys)
  // A split convention, when no one rule explains the keys but one does when a FEN is set and
  // another when a move is made (en_passant_rule is then nothing).
  std::optional<EnPassantRule> fen_rule, move_rule;
  bool halfmove_dependent = false;
  std::vector<EnPassantObservation> observations;
  std::string halfmove_evidence;  // "key of FEN with clock 0 differs from clock 14", or ""
  std::string summary;            // one sentence on how the rule was decided
};

// "always", "pseudo-legal", "legal", "never" or "unknown".
std::string rule_name(const std::optional<EnPassantRule>& rule);
// The rule found, "fen=always,move=pseudo-legal" for a split one (as --en-passant takes it), or
// "unknown".
std::string convention_text(const Conventions& conventions);

// Runs the probes on fresh instances of the target (set_position, make_move and key only).
Conventions detect_conventions(const Target& target);

// The en-passant property's failure for a target whose detected rule is never (unless
// `never_accepted`, as --en-passant never says), split or unknown, or that is judged under a
// split rule (`target` declared or found so): two positions that differ only in en-passant
// rights and share a key, or one position reached by a move and set from its FEN with two keys,
// or the positions that show the contradiction. Nothing when the rule is legitimate.
std::optional<PropertyResult> convention_failure(const Target& target,
                                                 const Conventions& conventions,
                                                 bool never_accepted = false);

std::string encode_conventions(const Conventions& conventions);
std::optional<Conventions> decode_conventions(const std::string& bytes);

}  // namespace zobrist_verify::properties
