// The case log every property of every game writes to: a failure is recorded in the runner's
// FailureLog and thrown to RapidCheck, which shrinks the case and reruns the property; the runner
// then picks the log entry of the final, minimal case. A case that cannot be run is discarded.
#pragma once

#include <string>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// The counterexamples of one run_property call, in the order they were found.
class FailureLog {
 public:
  void add(Counterexample c, std::string text) {
    entries_.push_back({std::move(c), std::move(text)});
  }
  // The latest entry whose text RapidCheck's failure description contains.
  const Counterexample* find(const std::string& description) const;
  bool empty() const { return entries_.empty(); }
  // The first entry: the case that failed first, before any rerun or shrinking.
  const Counterexample& first() const { return entries_.front().counterexample; }

 private:
  struct Entry {
    Counterexample counterexample;
    std::string text;
  };
  std::vector<Entry> entries_;
};

// Makes `log` the one fail() writes to on this thread while the scope lives.
class FailureLogScope {
 public:
  explicit FailureLogScope(FailureLog& log);
  ~FailureLogScope();
  FailureLogScope(const FailureLogScope&) = delete;
  FailureLogScope& operator=(const FailureLogScope&) = delete;

 private:
  FailureLog* previous_;
};

// Records the counterexample and fails the current RapidCheck case.
[[noreturn]] void fail(Counterexample c);
// Whether a FailureLogScope is open on this thread: fail() may be called (a property case runs).
bool recording_failures();
// Discards the current RapidCheck case: it could not be run, and says nothing of the target.
[[noreturn]] void discard_case(const std::string& why);

// Makes `tally` the one Line and Scratch count into on this thread while the scope lives.
class TallyScope {
 public:
  explicit TallyScope(TargetTally& tally);
  ~TallyScope();
  TallyScope(const TallyScope&) = delete;
  TallyScope& operator=(const TallyScope&) = delete;

 private:
  TargetTally* previous_;
};

// The tally of the innermost TallyScope on this thread, or nullptr.
TargetTally* current_tally();

}  // namespace zobrist_verify::properties
