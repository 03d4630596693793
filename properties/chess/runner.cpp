// Runs a chess property on a Target through RapidCheck (rapidcheck_run.h) and turns the outcome
// into a PropertyResult.
#include <algorithm>
#include <chrono>
#include <functional>

#include "chess/property_definitions.h"
#include "core/case_log.h"
#include "core/rapidcheck_run.h"
#include "isolation/isolation.h"
#include "zobrist_verify/baseline.h"
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

// Whether the search for distinct failures may go on after `c`: not after a fault of the target
// as a program (a crash, a hang), which ends what its worker can tell, nor after a failure of the
// property itself.
bool searchable(const Counterexample& c) {
  switch (c.comparison) {
    case Comparison::TargetCrashed:
    case Comparison::TargetTimedOut:
    case Comparison::TargetExited:
    case Comparison::TargetMemoryLimit:
      return false;
    default:
      return c.route.fen != "?";
  }
}

// `c` with its cause named, as a baseline matches it.
Counterexample with_cause(Counterexample c) {
  if (c.cause.empty()) c.cause = failure_cause(c);
  return c;
}

// The failures found so far, their causes named, for a report of a run stopped before the
// search for more ends (unit_failed_so_far).
void show_so_far(const PropertyResult& result) {
  PropertyResult so_far = result;
  for (Counterexample* c : counterexamples_of(so_far)) *c = with_cause(std::move(*c));
  unit_failed_so_far(so_far);
}

// The first failure and up to options.distinct - 1 more of other causes, within the property's
// case budget: each further run goes through the same cases again (the same seed and budget), the
// causes found before passing, so that it goes on where the run before it stopped, to the end of
// the budget; it is shrunk on its own. A property with one cause costs its cases twice at most.
PropertyResult search_distinct(const SuiteOptions& options,
                               const std::function<PropertyResult(const SuiteOptions&)>& run) {
  PropertyResult result = run(options);
  if (!result.counterexample || !searchable(*result.counterexample)) return result;
  // A failure a baseline accepts is shown but not counted among the N distinct ones looked for.
  auto accepted = [&](const Counterexample& c) {
    return options.baseline && baseline_covers(*options.baseline, result.name, c);
  };
  SuiteOptions more = options;
  more.found_causes.push_back(failure_cause(*result.counterexample));
  int counted = accepted(with_cause(*result.counterexample)) ? 0 : 1;
  // At most this many further runs, whatever the baseline accepts.
  int runs_left = options.distinct - 1 + (options.baseline ? 8 : 0);
  while (counted < options.distinct && runs_left-- > 0) {
    show_so_far(result);
    PropertyResult next = run(more);
    result.seconds += next.seconds;
    if (!next.counterexample) break;
    std::string cause = failure_cause(*next.counterexample);
    // Shrinking may end on a cause found before; the search has then found nothing new.
    if (std::find(more.found_causes.begin(), more.found_causes.end(), cause) !=
        more.found_causes.end())
      break;
    more.found_causes.push_back(std::move(cause));
    result.further.push_back(std::move(*next.counterexample));
    if (!accepted(with_cause(result.further.back()))) ++counted;
    if (!searchable(result.further.back())) break;
  }
  return result;
}

// search_distinct, with each counterexample's cause named for the report and a baseline.
PropertyResult run_distinct(const SuiteOptions& options,
                            const std::function<PropertyResult(const SuiteOptions&)>& run) {
  PropertyResult result = search_distinct(options, run);
  for (Counterexample* c : counterexamples_of(result))
    if (c->cause.empty()) c->cause = failure_cause(*c);
  return result;
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
  StepNamerScope steps(failing_step);     // shrinking stays on the first failure's step
  CauseNamerScope causes(failure_cause);  // the causes found before pass (run_distinct)
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
  if (result.counterexample) {
    result.counterexample->features = position_features(*result.counterexample);
    if (target.expected_scheme)
      result.counterexample->terms =
          key_terms_at_fault(*result.counterexample, *target.expected_scheme);
  }
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
      return {run_distinct(options, [&](const SuiteOptions& o) {
        return o.isolate ? run_property_isolated(name, target, o) : run_property(name, target, o);
      })};
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
        return {run_distinct(options,
                             [&](const SuiteOptions& o) { return run_property(name, own, o); })};
      };
    units.push_back(std::move(unit));
  }
  return units;
}

std::vector<PropertyResult> run_suite(const Target& target, const SuiteOptions& options) {
  return run_units(suite_units(target, options), options.jobs, options.watch);
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
