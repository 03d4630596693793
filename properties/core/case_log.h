// The case log every property of every game writes to: a failure is recorded in the runner's
// FailureLog and thrown to RapidCheck, which shrinks the case and reruns the property; the runner
// then picks the log entry of the final, minimal case. A case that cannot be run is discarded.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// The check a counterexample failed, the same from one case to a smaller one of the same bug:
// its comparison, the words of `what` that name the step and key part (FENs, moves, keys,
// squares and the parenthesised detail left out), and the step as the game names it (see
// StepNamerScope). "same-key|key: after make_move vs a fresh set_position of|promotion".
std::string check_of(const Counterexample& c);
// The words part of check_of: "key: after make_move vs a fresh set_position of".
std::string check_words(const Counterexample& c);

// The counterexamples of one run_property call, in the order they were found. Shrinking stays on
// the first failure's check: a smaller case that fails another is set aside, not taken, since it
// may show another bug (a build with two faults would otherwise report the second).
class FailureLog {
 public:
  void add(Counterexample c, std::string text) {
    entries_.push_back({std::move(c), std::move(text)});
  }
  // Whether a failure of `check` may stand for the first one; the first failure decides.
  bool keeps(const std::string& check) {
    if (!first_check_) first_check_ = check;
    return *first_check_ == check;
  }
  void set_aside(const Counterexample& c) { set_aside_.push_back({c.ply, c.what}); }
  // Failures of these causes (CauseNamer's words) were found before in this property's budget:
  // a case failing with one of them passes, so the search goes on to another cause.
  void mask(std::vector<std::string> causes) { masked_ = std::move(causes); }
  bool masks(const Counterexample& c) const;
  // When a case set aside failed at an earlier ply than `final_ply` (shrinking stopped short for
  // it): "kept to the first failure's check (...): 3 shorter cases failed another check and were
  // set aside (first: ...)". Else "".
  std::string shrinking_note(int final_ply) const;
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
  std::optional<std::string> first_check_;
  std::vector<std::string> masked_;
  struct SetAside {
    int ply;
    std::string what;
  };
  std::vector<SetAside> set_aside_;
};

// Names the step of a game a counterexample failed at (chess: the kind of move that reached the
// position compared), for check_of; installed on this thread while the scope lives.
using StepNamer = std::string (*)(const Counterexample&);
class StepNamerScope {
 public:
  explicit StepNamerScope(StepNamer namer);
  ~StepNamerScope();
  StepNamerScope(const StepNamerScope&) = delete;
  StepNamerScope& operator=(const StepNamerScope&) = delete;

 private:
  StepNamer previous_;
};

// Names the cause of a failure (chess: its check, the step and what the step did, such as "a
// castling right lost"): two failures with one cause are one bug as far as the suite can tell.
// Installed on this thread while the scope lives; without one, a failure's cause is check_of.
using CauseNamer = std::string (*)(const Counterexample&);
class CauseNamerScope {
 public:
  explicit CauseNamerScope(CauseNamer namer);
  ~CauseNamerScope();
  CauseNamerScope(const CauseNamerScope&) = delete;
  CauseNamerScope& operator=(const CauseNamerScope&) = delete;

 private:
  CauseNamer previous_;
};
std::string cause_on_this_thread(const Counterexample& c);

// What a case that failed with a cause found before passes with (see FailureLog::mask).
inline constexpr std::string_view FoundBefore = "a failure of a cause found before";

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

// What a case that failed another check than the first failure's passes with (see FailureLog).
inline constexpr std::string_view AnotherCheckFailed = "another check failed";

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
