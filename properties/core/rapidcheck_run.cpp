// The RapidCheck driver shared by every property of every game: seed, budget, RC_PARAMS, a quiet
// listener, and the outcome as a PropertyResult.
#include "core/rapidcheck_run.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "zobrist_verify/suite_watch.h"

namespace zobrist_verify::properties {

namespace {

// The description RapidCheck gives a case that ran to its end without failing
// (rc::detail::CaseResultHelper<void>); a failure whose final rerun reads so did not fail again.
constexpr std::string_view RapidCheckPassed = "no exceptions thrown";
constexpr const char* Nondeterministic =
    "the target is nondeterministic: the same case failed once and passed when replayed";
constexpr const char* NondeterministicCheck =
    "the target is nondeterministic: the same case failed one check once and another when "
    "replayed";

// RapidCheck's default listener logs to stderr and prints reproduce hints at exit; the suite
// reports everything itself. It tells the run's watch, when there is one, of each case passed
// and each shrinking step (a progress line's figures).
class QuietListener final : public rc::detail::TestListener {
 public:
  explicit QuietListener(SuiteWatch* watch) : watch_(watch) {}
  void onTestCaseFinished(const rc::detail::CaseDescription& description) override {
    if (watch_ && description.result.type == rc::detail::CaseResult::Type::Success)
      watch_->case_passed();
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {
    if (watch_) watch_->shrink_tried();
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}

 private:
  SuiteWatch* watch_;
};

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

std::optional<std::string> rc_params_error() {
  const char* env = std::getenv("RC_PARAMS");
  if (!env || !*env) return std::nullopt;
  try {
    (void)rc::detail::configFromString(env, rc::detail::Configuration{});
  } catch (const std::exception& e) {
    return "RC_PARAMS '" + std::string(env) + "' cannot be read: " + e.what() +
           " (it takes RapidCheck's settings, such as reproduce=... as a failure prints it)";
  }
  return std::nullopt;
}

void run_rapidcheck(const std::string& id, const SuiteOptions& options, bool single_case,
                    const std::function<void(int cases)>& body, PropertyResult& result) {
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
      return;
    }
  }
  result.seed = params.seed;
  const int cases = params.maxSuccess;
  if (single_case) params.maxSuccess = 1;

  FailureLog log;
  log.mask(options.found_causes);
  FailureLogScope scope(log);
  rc::detail::TestMetadata metadata;
  metadata.id = id;
  metadata.description = result.name;
  QuietListener listener(options.watch);
  if (options.watch) options.watch->property_started(result.name, params.maxSuccess);
  rc::detail::TestResult outcome = rc::detail::Error("not run");
  try {
    outcome = rc::detail::checkProperty(rc::detail::toProperty([&] { body(cases); }), metadata,
                                        params, listener, reproduce);
  } catch (const std::exception& e) {
    result.note = std::string("RapidCheck stopped: ") + e.what();
    return;
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
    } else if ((failure.description == RapidCheckPassed ||
                failure.description == AnotherCheckFailed || failure.description == FoundBefore) &&
               !log.empty()) {
      // RapidCheck reruns the minimal case to describe it; that rerun passed (or failed another
      // check). The case that failed first is kept, with its keys, and the target named as what
      // changed.
      c = log.first();
      c.what = std::string(failure.description == RapidCheckPassed ? Nondeterministic
                                                                   : NondeterministicCheck) +
               "; it first failed with: " + c.what;
    } else {
      // Not one of ours: an exception or assertion inside the property.
      c.route.fen = "?";
      c.ply = -1;
      c.what = failure.description;
    }
    c.reproduce = reproduce_setting(metadata.id, failure.reproduce);
    c.shrinking = log.shrinking_note(c.ply);
    result.counterexample = std::move(c);
  } else if (outcome.is<rc::detail::GaveUpResult>()) {
    const auto& gave_up = outcome.get<rc::detail::GaveUpResult>();
    result.cases = gave_up.numSuccess;
    result.note = "gave up: " + gave_up.description;
  } else {
    result.note = "RapidCheck error: " + outcome.get<rc::detail::Error>().description;
  }
}

void tag_case(const std::string& tag) {
  // What RC_CLASSIFY(condition, "name") expands to, with the name chosen at run time (RC_TAG
  // would quote it).
  rc::detail::classify(tag, {});
}

}  // namespace zobrist_verify::properties
