// Running one property body through RapidCheck with the suite's seed and case budget (RC_PARAMS
// overriding them), a listener that prints nothing, and the outcome written into a
// PropertyResult. Shared by the chess runner and the game suite (properties/core/game_suite.h).
#pragma once

#include <functional>
#include <string>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// Runs `body` (given the case budget after RC_PARAMS) as the RapidCheck test `id`: one case when
// `single_case`, else the budget. Fills result.seed, passed, cases, note and, on a failure, the
// counterexample `fail()` recorded (with its reproduce string). Never throws.
void run_rapidcheck(const std::string& id, const SuiteOptions& options, bool single_case,
                    const std::function<void(int cases)>& body, PropertyResult& result);

// Tags the current RapidCheck case with one name chosen at run time: the mix of cases a passing
// property reports ("en passant", "40+ moves", ...).
void tag_case(const std::string& tag);

}  // namespace zobrist_verify::properties
