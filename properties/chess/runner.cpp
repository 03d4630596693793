// Runs a chess property on a Target through RapidCheck (rapidcheck_run.h) and turns the outcome
// into a PropertyResult.
#include <algorithm>
#include <chrono>

#include "chess/property_definitions.h"
#include "core/case_log.h"
#include "core/rapidcheck_run.h"
#include "isolation/isolation.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

namespace {

const PropertyDefinition* find_definition(const std::string& name) {
  for (const PropertyDefinition& d : property_definitions())
    if (d.info.name == name) return &d;
  return nullptr;
}

// What a property costs against the others on the reference (`check --cases 100 --json`, seconds
// per row): only the order units start in under --jobs depends on it.
double relative_cost(const std::string& name) {
  if (name == "unequal-positions-unequal-keys") return 8;  // the sweep: 0.85 s at --cases 100
  if (name == "auxiliary-key-dependencies") return 3;
  if (name == "pawn-and-material-keys") return 2;
  return 1;  // 0.1 s or less
}

}  // namespace

PropertyResult run_property(const std::string& name, const Target& target,
                            const SuiteOptions& options) {
  PropertyResult result;
  result.name = name;
  result.target = target.name;
  const PropertyDefinition* definition = find_definition(name);
  if (!definition) {
    result.note = "unknown property '" + name + "'";
    return result;
  }
  const auto started = std::chrono::steady_clock::now();
  auto finish = [&](PropertyResult r) {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  };

  Capabilities caps;
  try {
    std::unique_ptr<HashUnderTest> probe = target.make ? target.make() : nullptr;
    if (!probe) {
      result.note = "the target's factory returned no instance";
      return finish(result);
    }
    caps = probe->capabilities();
  } catch (const std::exception& e) {
    result.note = std::string("the target's factory threw: ") + e.what();
    return finish(result);
  }
  if (std::string why = definition->unsupported(caps); !why.empty()) {
    result.passed = true;
    result.skipped = true;
    result.note = "skipped: " + why;
    return finish(result);
  }

  TallyScope tally_scope(result.tally);
  StepNamerScope steps(failing_step);  // shrinking stays on the first failure's step
  Findings findings;  // what harms only some engines: warnings when the property passes
  FindingsScope findings_scope(findings);
  run_rapidcheck(
      target.name + "/" + name, options, definition->single_case,
      [&](int cases) {
        PropertyContext context{target,
                                caps,
                                cases,
                                {caps.chess960 && options.chess960, caps.null_move},
                                options.move_routes_only};
        definition->body(context);
      },
      result);
  if (result.counterexample)
    result.counterexample->features = position_features(*result.counterexample);
  if (result.passed) result.warnings = findings.warnings();
  if (const std::uint64_t withheld = result.tally.fens_withheld)
    result.note += (result.note.empty() ? "" : "; ") + withheld_note(result.tally);
  return finish(result);
}

std::vector<SuiteUnit> suite_units(const Target& target, const SuiteOptions& options) {
  std::vector<SuiteUnit> units;
  for (const PropertyDefinition& d : property_definitions()) {
    const std::string& name = d.info.name;
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), name) == options.only.end())
      continue;
    SuiteUnit unit;
    unit.name = name;
    unit.target = target.name;
    unit.isolated = options.isolate;
    unit.weight = relative_cost(name);
    unit.run = [name, target, options]() -> std::vector<PropertyResult> {
      return {options.isolate ? run_property_isolated(name, target, options)
                              : run_property(name, target, options)};
    };
    if (target.worker_factory && !options.isolate)
      unit.run_in_worker = [name, target, options]() -> std::vector<PropertyResult> {
        Expected<HashFactory> factory = target.worker_factory();
        if (!factory) {
          PropertyResult failed;
          failed.name = name;
          failed.target = target.name;
          failed.note = "its worker could not start a target of its own: " + factory.error();
          return {failed};
        }
        // The worker_factory stays: a sweep split within this unit starts an engine of its own
        // in each of its workers (core/sweep.h).
        Target own = target;
        own.make = std::move(*factory);
        return {run_property(name, own, options)};
      };
    units.push_back(std::move(unit));
  }
  return units;
}

std::vector<PropertyResult> run_suite(const Target& target, const SuiteOptions& options) {
  return run_units(suite_units(target, options), options.jobs);
}

Target reference_target(const KeyScheme& scheme) {
  Target target;
  target.name = "reference:" + scheme.name;
  target.make = [&scheme] { return make_reference_hash(scheme); };
  target.en_passant_rule = scheme.en_passant_rule;
  target.expected_scheme = &scheme;
  return target;
}

}  // namespace zobrist_verify::properties
