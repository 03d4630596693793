// `--jobs N`: pieces of a run handed to up to N forked workers at once, their results put back in
// the order one process would have produced them. A piece is a whole property on one target, a
// mutant, a share of a sweep: whatever does not depend on what ran before it, so that the report
// is the same for every N, timings aside.
//
// Workers are forked processes, not threads: RapidCheck keeps its state in globals, and a worker
// that crashes takes only its own piece with it. Each worker is watched as run_in_child watches
// one (isolation/forked_run.h): its own process group, killed with the run, reaped before the
// call returns. Nothing outlives a run.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// What became of one piece: its output, or how its worker failed ("crashed: killed by signal 11
// (Segmentation fault)", "stopped: the run was cut short").
using PieceOutput = Expected<std::string>;

// Runs pieces 0..count-1, up to `jobs` at once. `work(i)` runs in a forked worker when jobs > 1
// and returns the piece's output as bytes; with jobs <= 1 it runs in this process, one piece
// after the other, as a run without --jobs always did. `done(i, output)` is called on this
// thread in index order, each as soon as it and every piece before it have finished; when it
// returns false the run stops: no piece starts any more, the running workers are killed, and the
// pieces not done are not reported. `order`, when given, is the order pieces are started in (the
// heaviest first shortens the run); results keep index order whatever it is.
// `finished`, when given, counts the pieces whose work has ended, in any order (progress lines).
void run_pieces(std::size_t count, int jobs, const std::function<std::string(std::size_t)>& work,
                const std::function<bool(std::size_t, PieceOutput)>& done,
                const std::vector<std::size_t>& order = {},
                std::atomic<std::size_t>* finished = nullptr);

// The same, for pieces that start workers of their own (a property on a plugin, isolated by
// run_property_isolated): `work(i)` runs on one of `jobs` threads of this process, and must be
// safe to run beside the others.
void run_pieces_on_threads(std::size_t count, int jobs,
                           const std::function<std::string(std::size_t)>& work,
                           const std::function<bool(std::size_t, std::string)>& done,
                           const std::vector<std::size_t>& order = {});

// Faults of the run itself, not of any target (a unit's worker killed from outside twice): each
// is reported once, and a command that finds any after its run says so and exits with status 2.
void report_run_fault(std::string why);
std::vector<std::string> take_run_faults();

// The cores of a --jobs N run, shared by every process it forks: run_units holds one while a unit
// runs, and a unit that splits its own work (property 4's sweep, core/sweep.h) takes those that
// are free for its pieces, so that the run never has more than N pieces at work however units and
// their splits mix. A process-shared semaphore in memory every worker inherits; what a unit's
// worker still held when it ended is given back by run_units once the worker is gone.
class CoreSlots {
 public:
  // N slots for a run of `units` units; nullptr when no shared memory could be had (the run then
  // splits nothing).
  static std::unique_ptr<CoreSlots> create(int count, std::size_t units);
  ~CoreSlots();
  CoreSlots(const CoreSlots&) = delete;
  CoreSlots& operator=(const CoreSlots&) = delete;

  int count() const { return count_; }
  // Takes a free slot on behalf of `unit`'s worker, waiting for one; false when `stop` turns true
  // first.
  bool take(std::size_t unit, const std::atomic<bool>* stop);
  void give_back(std::size_t unit);
  // Gives back what `unit`'s worker took and did not give back (it is gone).
  void reclaim(std::size_t unit);
  // The slot run_units holds for a unit itself (not counted against the unit).
  bool take_for_unit(const std::atomic<bool>* stop);
  void give_back_for_unit();

 private:
  struct Shared;
  CoreSlots(Shared* shared, std::size_t bytes, int count, std::size_t units)
      : shared_(shared), bytes_(bytes), count_(count), units_(units) {}
  Shared* shared_;
  std::size_t bytes_;
  int count_;
  std::size_t units_;
};

// The slots of the --jobs run this process is a unit's worker in, and which unit: run_units sets
// them in its workers. `slots` is null elsewhere (a run of one job, the parent, a property
// isolated in a worker of its own, a mutant), and then nothing splits further.
struct UnitSlots {
  CoreSlots* slots = nullptr;
  std::size_t unit = 0;
};
UnitSlots current_unit_slots();

// One piece of `check`'s run: the results it adds to the report, in order.
struct SuiteUnit {
  std::function<std::vector<PropertyResult>()> run;
  // The row a dead worker leaves in place of the unit's results: the property (the first, when
  // the unit runs several) and the target.
  std::string name, target;
  // Its cost against the other units (a sweep over 100,000 positions weighs more than a
  // transposition check); only the order the units start in depends on it.
  double weight = 1;
  // What runs instead of `run` in a forked worker (--jobs above 1), when the unit has to set
  // itself up there: an engine door's property starts an engine of its own first.
  std::function<std::vector<PropertyResult>()> run_in_worker;
  // It forks workers of its own (a plugin's property, run_property_isolated): it runs on a thread
  // of this process (run_pieces_on_threads) instead of in a worker.
  bool isolated = false;
};

// The chess properties of options.only (all when empty) on `target`, a unit each, in contract
// order: run_units(suite_units(t, o), 1) is run_suite(t, o).
std::vector<SuiteUnit> suite_units(const Target& target, const SuiteOptions& options);

// Runs `units` with run_pieces and returns their results in unit order. A worker that dies
// leaves a failing row in place of its unit's results, naming how it died.
// `watch`, when given, hears of the units as they start and end, in any order (a progress line
// that adds up over the workers; the rows a run stopped by a signal reports), and of the
// failures a unit run in this process finds while it goes on (unit_failed_so_far).
std::vector<PropertyResult> run_units(const std::vector<SuiteUnit>& units, int jobs,
                                      SuiteWatch* watch = nullptr);

// Each unit as a row naming its property and target, nothing run (SuiteWatch::expect_units).
std::vector<PropertyResult> unit_names(const std::vector<SuiteUnit>& units);

// A failure, found and shrunk, of the unit at work on this thread while it searches its budget on
// for failures of other causes: run_units' watch shows it if a signal stops the run first. Heard
// only from a unit run_units runs in this process (with --jobs 1, or one that isolates itself);
// elsewhere (a unit's forked worker) it does nothing.
void unit_failed_so_far(const PropertyResult& row);

// A list of results as bytes and back (run_units' worker output; `mutants` sends its runs so),
// written by the one worker codec (core/result_codec.cpp).
std::string encode_results(const std::vector<PropertyResult>& results);
std::optional<std::vector<PropertyResult>> decode_results(const std::string& bytes);

}  // namespace zobrist_verify::properties
