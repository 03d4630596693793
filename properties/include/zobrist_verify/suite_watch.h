// A suite's run as the command that started it sees it while it goes, from threads of its own: the
// figures of a progress line (properties done, the one at work and its cases) and, when a signal
// stops the run, the rows found until then (`check`'s report of an interrupted run).
//
// The run writes into it (run_units, run_third_party, the RapidCheck driver) through
// SuiteOptions::watch. The property at work and its cases are written by whatever process runs
// the property, a forked worker included, into memory shared with them; every other figure is
// kept by the process that made the watch, and a forked copy of it leaves them alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

class SuiteWatch {
 public:
  SuiteWatch();
  ~SuiteWatch();
  SuiteWatch(const SuiteWatch&) = delete;
  SuiteWatch& operator=(const SuiteWatch&) = delete;

  // The run's units in report order, before any starts: a row each naming its property and
  // target (the first property of a unit that runs several).
  void expect_units(std::vector<PropertyResult> names);
  // A unit began in this process or one of its workers; its rows, once it has ended.
  void unit_started(std::size_t unit);
  void unit_done(std::size_t unit, std::vector<PropertyResult> rows);
  // A failure a unit has found and shrunk while it goes on searching its budget for more
  // (SuiteOptions::distinct): its row as it stands.
  void unit_failed_so_far(std::size_t unit, PropertyResult row);
  // A third party's head, once its conventions are known; and how its rows become the report's
  // (the rows found before the suite added, FENs as sent, replay commands), applied to the rows
  // so_far gives while it is set. `finish` is called under the watch's lock, from so_far's thread.
  void set_head(TargetSummary head);
  void set_finishing(
      std::function<std::vector<PropertyResult>(std::vector<PropertyResult>)> finish);
  // The run's rows as it reports them, once it has them: so_far gives these from then on, and the
  // finishing is dropped (what it refers to may end with the run).
  void set_final(std::vector<PropertyResult> rows);

  // The property at work (any process): its name and case budget; each case that passed; each
  // step tried while shrinking a failure.
  void property_started(std::string_view name, int budget);
  void case_passed();
  void shrink_tried();

  struct Now {
    std::size_t done = 0, total = 0;  // units ended, and all of them (0: not known yet)
    std::size_t running = 0;          // units begun and not ended
    std::string property;             // the property last started, when one unit runs
    int budget = 0;
    std::uint64_t cases = 0, shrink_steps = 0;
  };
  Now now() const;

  struct SoFar {
    std::optional<TargetSummary> head;
    std::vector<PropertyResult> rows;
  };
  // The report's rows as they stand, in unit order: the rows of the units that ended; a unit's
  // failures found so far, its note saying the search was cut short; every other unit's row
  // marked PropertyResult::interrupted, its note saying how far it got (`signal`: "SIGINT").
  SoFar so_far(const std::string& signal) const;

 private:
  struct Live;
  enum class UnitState : std::uint8_t { Waiting, Started, Done };
  struct Unit {
    PropertyResult name;
    UnitState state = UnitState::Waiting;
    std::vector<PropertyResult> rows;
    std::optional<PropertyResult> failed_so_far;
  };
  bool owned() const;
  void read_live(Now& now) const;  // the property at work, from the shared page
  // The row of a unit that did not end, its note saying how far it got; `alone`: it was the one
  // unit at work, so that the property at work is its own.
  PropertyResult interrupted_row(const Unit& unit, const std::string& signal, bool alone) const;

  Live* live_ = nullptr;  // the page shared with workers; null when none could be mapped
  int owner_;             // the process that made the watch
  mutable std::mutex mutex_;
  std::vector<Unit> units_;
  std::optional<TargetSummary> head_;
  std::function<std::vector<PropertyResult>(std::vector<PropertyResult>)> finish_;
  std::optional<std::vector<PropertyResult>> final_;
};

}  // namespace zobrist_verify::properties
