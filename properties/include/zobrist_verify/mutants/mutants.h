// The mutation catalogue: realistic Zobrist hashing bugs, each planted in a MutantHasher. A
// property suite is only worth the bugs it catches; every mutant here must be killed by at least
// one property (properties/mutants/mutants_test.cpp, `zobrist-verify mutants`). docs/mutants.md is
// the catalogue in prose, with the property that kills each one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/mutants/mutant_hasher.h"

namespace zobrist_verify::properties {

struct MutantInfo {
  std::string name;  // kebab-case, unique
  Bug bug = Bug::None;
  std::string scheme;             // the built-in key scheme it hashes with
  EnPassantRule en_passant_rule;  // the rule it claims to follow (the target's rule)
  std::string description;        // what the code does wrong
  std::string mirrors;            // the kind of real bug report it stands for
  // A witness that the bug is real: from witness_fen (as Chess960 when witness_chess960), the
  // witness_moves ("undo" takes the last move back) reach a key, pawn key or material key that
  // differs from the reference's under the same scheme and rule.
  std::string witness_fen;
  bool witness_chess960 = false;
  std::string witness_moves;
  // Checked with its scheme as the expected one (as `check --expect` does) rather than
  // black-box: for a bug both key paths agree on, which only the scheme's own keys reveal. Such an
  // entry claims its scheme's en-passant rule.
  bool expects_scheme = false;
};

// Every mutant, in catalogue order.
const std::vector<MutantInfo>& mutants();

// The mutant as a hashing implementation under test.
std::unique_ptr<HashUnderTest> make_mutant(const MutantInfo& mutant);

// Several mutants' bugs planted in one hasher, as a build with more than one fault has them, each
// as it is alone; with the first one's scheme and en-passant rule, named "mutant:A+B".
std::unique_ptr<HashUnderTest> make_mutants(const std::vector<const MutantInfo*>& planted);

// The built-in scheme the mutant hashes with, its en_passant_rule field set to the mutant's rule:
// the reference a correct implementation of the same claim agrees with exactly.
KeyScheme mutant_reference_scheme(const MutantInfo& mutant);

}  // namespace zobrist_verify::properties
