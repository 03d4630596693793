#include "core/case_log.h"

#include <rapidcheck.h>

namespace zobrist_verify::properties {

namespace {

thread_local FailureLog* current_log = nullptr;
thread_local TargetTally* current_tally_ = nullptr;

}  // namespace

[[noreturn]] void discard_case(const std::string& why) {
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Discard, why);
}

const Counterexample* FailureLog::find(const std::string& description) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
    if (description.find(it->text) != std::string::npos) return &it->counterexample;
  return nullptr;
}

FailureLogScope::FailureLogScope(FailureLog& log) : previous_(current_log) {
  current_log = &log;
}

FailureLogScope::~FailureLogScope() {
  current_log = previous_;
}

void fail(Counterexample c) {
  std::string text = format_counterexample(c);
  if (current_log) current_log->add(std::move(c), text);
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, std::move(text));
}

bool recording_failures() {
  return current_log != nullptr;
}

TallyScope::TallyScope(TargetTally& tally) : previous_(current_tally_) {
  current_tally_ = &tally;
}

TallyScope::~TallyScope() {
  current_tally_ = previous_;
}

TargetTally* current_tally() {
  return current_tally_;
}

}  // namespace zobrist_verify::properties
