// The search for the smallest subset of keys that XORs to zero (see docs/statistics.md): exact
// for sizes 1 to 4 (and 5 when the set is small enough), sampled against the table of pair
// XORs for sizes 5 to 8. The size-3 search stops at its budget of pairs; a cut search ends there.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "zobrist_verify/analysis/key_analysis.h"

namespace zobrist_verify::analysis {

struct DependencySearch {
  std::optional<KeyDependency> smallest;  // names left empty: the caller knows them
  std::string coverage;                   // what was searched, with its budget
  TripleSearchExtent triple_search;
};

DependencySearch find_smallest_dependency(std::span<const Key> keys,
                                          const KeyAnalysisOptions& options);

}  // namespace zobrist_verify::analysis
