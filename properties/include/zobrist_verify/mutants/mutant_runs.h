// Running the property suite against the mutation catalogue: which property kills each mutant,
// after how many cases, in how long. Shared by properties/mutants/mutants_test.cpp and
// `zobrist-verify mutants`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/mutants/mutants.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// The mutant as the suite sees a third-party implementation: black-box (no expected scheme),
// claiming the mutant's en-passant rule; with its scheme expected when the entry says so
// (MutantInfo::expects_scheme).
Target mutant_target(const MutantInfo& mutant);

struct MutantRun {
  std::string name;
  bool killed = false;
  std::string killed_by;                // the first property, in contract order, that failed
  int cases = 0;                        // cases it needed, the failing one included
  double seconds = 0;                   // time it took
  double suite_seconds = 0;             // time of every property run on this mutant
  std::vector<PropertyResult> results;  // one per property run, in contract order
  // Why the mutant could not be judged (its worker died under --jobs); it then counts as
  // surviving, since no property was seen to kill it.
  std::string error;
};

// A run as bytes and back: how a worker of `mutants --jobs N` hands it over. Nothing when the
// bytes are not a whole encoded run.
std::string encode_mutant_run(const MutantRun& run);
std::optional<MutantRun> decode_mutant_run(const std::string& bytes);

enum class MutantRunMode : bool {
  StopAtFirstKill,  // the killer is known; the properties after it are not run
  AllProperties,    // run them all, to see every property that fails
};

// Runs the properties (options.only when given) in contract order against the mutant.
MutantRun run_mutant(const MutantInfo& mutant, const SuiteOptions& options,
                     MutantRunMode mode = MutantRunMode::StopAtFirstKill);

}  // namespace zobrist_verify::properties
