#include "core/case_log.h"

#include <algorithm>

#include <rapidcheck.h>

namespace zobrist_verify::properties {

namespace {

thread_local FailureLog* current_log = nullptr;
thread_local TargetTally* current_tally_ = nullptr;
thread_local StepNamer current_step_namer = nullptr;
thread_local CauseNamer current_cause_namer = nullptr;

bool varies(const std::string& word) {
  return word.find_first_of("0123456789/") != std::string::npos;
}

// A field of a FEN after its placement: the side, castling letters, an en-passant square or "-".
bool fen_field(const std::string& word) {
  return word == "w" || word == "b" ||
         word.find_first_not_of("-KQkqABCDEFGHabcdefgh") == std::string::npos;
}

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

std::string check_words(const Counterexample& c) {
  std::string words;
  const std::string what = c.what.substr(0, c.what.find('('));
  std::size_t begin = 0;
  int fen_fields = 0;  // the words after a placement that may still be the FEN's
  while (begin < what.size()) {
    const std::size_t end = std::min(what.find(' ', begin), what.size());
    const std::string word = what.substr(begin, end - begin);
    begin = end + 1;
    if (word.empty()) continue;
    if (word.find('/') != std::string::npos) {
      fen_fields = 5;
      continue;
    }
    const bool in_fen = fen_fields > 0 && (fen_field(word) || varies(word));
    fen_fields = in_fen ? fen_fields - 1 : 0;
    if (!in_fen && !varies(word)) words += (words.empty() ? "" : " ") + word;
  }
  return words;
}

std::string check_of(const Counterexample& c) {
  return std::string(to_string(c.comparison)) + "|" + check_words(c) + "|" +
         (current_step_namer ? current_step_namer(c) : std::string());
}

std::string FailureLog::shrinking_note(int final_ply) const {
  std::size_t shorter = 0;
  const std::string* first = nullptr;
  for (const SetAside& s : set_aside_) {
    if (s.ply >= final_ply) continue;
    if (!first) first = &s.what;
    ++shorter;
  }
  if (!first) return "";
  return "kept to the first failure's check (" + first_check_.value_or("") +
         "): " + std::to_string(shorter) + " shorter case" + (shorter == 1 ? "" : "s") +
         " failed another check and " + (shorter == 1 ? "was" : "were") +
         " set aside (first: " + *first + ")";
}

StepNamerScope::StepNamerScope(StepNamer namer) : previous_(current_step_namer) {
  current_step_namer = namer;
}

StepNamerScope::~StepNamerScope() {
  current_step_namer = previous_;
}

CauseNamerScope::CauseNamerScope(CauseNamer namer) : previous_(current_cause_namer) {
  current_cause_namer = namer;
}

CauseNamerScope::~CauseNamerScope() {
  current_cause_namer = previous_;
}

std::string cause_on_this_thread(const Counterexample& c) {
  return current_cause_namer ? current_cause_namer(c) : check_of(c);
}

bool FailureLog::masks(const Counterexample& c) const {
  if (masked_.empty()) return false;
  const std::string cause = cause_on_this_thread(c);
  return std::find(masked_.begin(), masked_.end(), cause) != masked_.end();
}

void fail(Counterexample c) {
  if (current_log && current_log->masks(c))
    throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Success, std::string(FoundBefore));
  if (current_log && !current_log->keeps(check_of(c))) {
    // A shrinking step that slid onto another check: not this bug's case, so it counts as
    // passing and RapidCheck keeps the case it had.
    current_log->set_aside(c);
    throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Success,
                                 std::string(AnotherCheckFailed));
  }
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
