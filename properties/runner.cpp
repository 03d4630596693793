// Runs a property through RapidCheck with our own seed, case budget and a listener that prints
// nothing, and turns RapidCheck's result into a PropertyResult.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <unordered_map>

#include <rapidcheck.h>

#include "isolation.h"
#include "property_definitions.h"

namespace zobrist_verify::properties {

namespace {

// RapidCheck's default listener logs to stderr and prints reproduce hints at exit; the suite
// reports everything itself.
class QuietListener final : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

const PropertyDefinition* find_definition(const std::string& name) {
  for (const PropertyDefinition& d : property_definitions())
    if (d.info.name == name) return &d;
  return nullptr;
}

// "mix: castling king side 31%, double push 20%, ...": the share of cases carrying each tag.
std::string mix_summary(const rc::detail::Distribution& distribution, int cases) {
  if (cases <= 0 || distribution.empty()) return "";
  std::map<std::string, int> counts;
  for (const auto& [tags, count] : distribution) {
    // A case may carry a tag more than once; it counts once.
    const std::set<std::string> distinct(tags.begin(), tags.end());
    for (const std::string& tag : distinct) counts[tag] += count;
  }
  std::vector<std::pair<std::string, int>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string out = "mix:";
  for (const auto& [tag, count] : sorted)
    out += (out.size() > 4 ? ", " : " ") + tag + " " + std::to_string(count * 100 / cases) + "%";
  return out;
}

// The "reproduce=..." setting that replays `failure` for the test `id`.
std::string reproduce_setting(const std::string& id, const rc::detail::Reproduce& reproduce) {
  rc::detail::Configuration config;
  config.reproduce.emplace(id, reproduce);
  const std::string all = rc::detail::configToMinimalString(config);
  const auto begin = all.find("reproduce=");
  if (begin == std::string::npos) return "";
  return all.substr(begin, all.find(' ', begin) - begin);
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

  rc::detail::TestParams params;
  params.seed = options.seed ? options.seed : DefaultSeed;
  params.maxSuccess = std::max(1, options.cases);
  params.maxSize = 100;
  std::unordered_map<std::string, rc::detail::Reproduce> reproduce;
  if (const char* env = std::getenv("RC_PARAMS"); env && *env) {
    try {
      rc::detail::Configuration defaults;
      defaults.testParams = params;
      const rc::detail::Configuration config = rc::detail::configFromString(env, defaults);
      params = config.testParams;
      reproduce = config.reproduce;
    } catch (const std::exception& e) {
      result.note = std::string("cannot read RC_PARAMS: ") + e.what();
      return finish(result);
    }
  }
  result.seed = params.seed;
  PropertyContext context{target, caps, params.maxSuccess, {caps.chess960, caps.null_move}};
  if (definition->single_case) params.maxSuccess = 1;

  FailureLog log;
  FailureLogScope scope(log);
  TallyScope tally_scope(result.tally);
  rc::detail::TestMetadata metadata;
  metadata.id = target.name + "/" + name;
  metadata.description = name;
  QuietListener listener;
  rc::detail::TestResult outcome = rc::detail::Error("not run");
  try {
    outcome = rc::detail::checkProperty(rc::detail::toProperty([&] { definition->body(context); }),
                                        metadata, params, listener, reproduce);
  } catch (const std::exception& e) {
    result.note = std::string("RapidCheck stopped: ") + e.what();
    return finish(result);
  }

  if (outcome.is<rc::detail::SuccessResult>()) {
    const auto& success = outcome.get<rc::detail::SuccessResult>();
    result.passed = true;
    result.cases = success.numSuccess;
    result.note = success.numSuccess == 0 && !reproduce.empty()
                      ? "not run: RC_PARAMS reproduces another property"
                      : mix_summary(success.distribution, success.numSuccess);
  } else if (outcome.is<rc::detail::FailureResult>()) {
    const auto& failure = outcome.get<rc::detail::FailureResult>();
    result.cases = failure.numSuccess;
    Counterexample c;
    if (const Counterexample* found = log.find(failure.description)) {
      c = *found;
    } else {
      // Not one of ours: an exception or assertion inside the property.
      c.start_fen = "?";
      c.ply = -1;
      c.what = failure.description;
    }
    c.reproduce = reproduce_setting(metadata.id, failure.reproduce);
    c.features = position_features(c);
    result.counterexample = std::move(c);
  } else if (outcome.is<rc::detail::GaveUpResult>()) {
    const auto& gave_up = outcome.get<rc::detail::GaveUpResult>();
    result.cases = gave_up.numSuccess;
    result.note = "gave up: " + gave_up.description;
  } else {
    result.note = "RapidCheck error: " + outcome.get<rc::detail::Error>().description;
  }
  return finish(result);
}

std::vector<PropertyResult> run_suite(const Target& target, const SuiteOptions& options) {
  std::vector<PropertyResult> results;
  for (const PropertyDefinition& d : property_definitions()) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), d.info.name) == options.only.end())
      continue;
    results.push_back(options.isolate ? run_property_isolated(d.info.name, target, options)
                                      : run_property(d.info.name, target, options));
  }
  return results;
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
