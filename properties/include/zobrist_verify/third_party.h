// Checking a third party's hashing (a C ABI plugin, a UCI engine): the same properties as the
// built-in suite, judged under the conventions the target is found to follow, each property in a
// worker process that a crash or a hang cannot take down, FEN refusals counted rather than failed.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

struct ThirdPartyOptions {
  SuiteOptions suite;                       // cases, seed, only, isolate, call_timeout_ms
  const KeyScheme* expect = nullptr;        // exact keys of this scheme (--expect)
  std::optional<EnPassantRule> en_passant;  // the rule to judge under (--en-passant)
  // With en_passant, a split convention declared (--en-passant fen=RULE,move=RULE): the rule a
  // position set from a FEN is judged under; en_passant is then the move rule.
  std::optional<EnPassantRule> en_passant_fen;
  bool allow_unreachable = false;  // Target::allow_unreachable (--allow-unreachable)
};

struct ThirdPartyRun {
  // Why the target cannot be used at all (it crashed, hung or refused on the start position):
  // a usage error, exit status 2. Nothing else is set then.
  std::optional<std::string> unusable;
  std::vector<PropertyResult> results;  // the properties, then "conventions" and "refusals" rows
  TargetSummary summary;
};

// `target` carries the name, factory and replay command; its en-passant rule, expected scheme,
// halfmove dependence and refusal tolerance are decided here. `description` names it in reports.
ThirdPartyRun run_third_party(Target target, const std::string& description,
                              const ThirdPartyOptions& options);

// Runs `work` on the target in a worker process, every call watched: its output, or (when the
// target crashed or one call outlasted `call_timeout_ms`) `fault`: "crashed in make_move e7e8q:
// killed by signal 6 (Aborted)".
struct IsolatedRun {
  std::string output;
  std::optional<std::string> fault;
};
IsolatedRun run_isolated(const Target& target,
                         const std::function<std::string(const Target&)>& work,
                         int call_timeout_ms);

}  // namespace zobrist_verify::properties
