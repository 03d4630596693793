#include "zobrist_verify/mutants/mutant_runs.h"

#include <algorithm>
#include <bit>

#include "core/result_codec.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

Target mutant_target(const MutantInfo& mutant) {
  Target target;
  target.name = "mutant:" + mutant.name;
  target.make = [mutant] { return make_mutant(mutant); };
  target.en_passant_rule = mutant.en_passant_rule;
  target.expected_scheme = nullptr;
  // The built-in scheme itself: such an entry claims its rule (mutants_test checks it).
  if (mutant.expects_scheme)
    if (Expected<const KeyScheme*> scheme = builtin_scheme(mutant.scheme);
        scheme && (*scheme)->en_passant_rule == mutant.en_passant_rule)
      target.expected_scheme = *scheme;
  return target;
}

MutantRun run_mutant(const MutantInfo& mutant, const SuiteOptions& suite, MutantRunMode mode) {
  // A kill needs one failure: the search for further distinct ones would only add time.
  SuiteOptions options = suite;
  options.distinct = 1;
  MutantRun run;
  run.name = mutant.name;
  const Target target = mutant_target(mutant);
  for (const PropertyInfo& property : all_properties()) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), property.name) == options.only.end())
      continue;
    run.results.push_back(run_property(property.name, target, options));
    const PropertyResult& result = run.results.back();
    run.suite_seconds += result.seconds;
    if (result.passed || result.skipped) continue;
    if (!run.killed) {
      run.killed = true;
      run.killed_by = result.name;
      run.cases = result.cases + 1;  // the successes before it and the failing case
      run.seconds = result.seconds;
    }
    if (mode == MutantRunMode::StopAtFirstKill) break;
  }
  return run;
}

std::string encode_mutant_run(const MutantRun& run) {
  ByteWriter out;
  out.text(run.name);
  out.number(run.killed);
  out.text(run.killed_by);
  out.number(std::uint64_t(std::int64_t(run.cases)));
  out.number(std::bit_cast<std::uint64_t>(run.seconds));
  out.number(std::bit_cast<std::uint64_t>(run.suite_seconds));
  out.text(encode_results(run.results));
  out.text(run.error);
  return out.take();
}

std::optional<MutantRun> decode_mutant_run(const std::string& bytes) {
  ByteReader in(bytes);
  MutantRun run;
  run.name = in.text();
  run.killed = in.number() != 0;
  run.killed_by = in.text();
  run.cases = int(std::int64_t(in.number()));
  run.seconds = std::bit_cast<double>(in.number());
  run.suite_seconds = std::bit_cast<double>(in.number());
  std::optional<std::vector<PropertyResult>> results = decode_results(in.text());
  run.error = in.text();
  if (!in.ok() || !in.at_end() || !results) return std::nullopt;
  run.results = std::move(*results);
  return run;
}

}  // namespace zobrist_verify::properties
