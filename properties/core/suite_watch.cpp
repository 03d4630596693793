#include "zobrist_verify/suite_watch.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <new>

namespace zobrist_verify::properties {

// The property at work, in a page shared with every process the run forks. The name is written
// under a sequence number, odd while it is written, so that a reader sees a whole one or none.
struct SuiteWatch::Live {
  std::atomic<std::uint32_t> sequence{0};
  std::atomic<char> name[96] = {};
  std::atomic<int> budget{0};
  std::atomic<std::uint64_t> cases{0};
  std::atomic<std::uint64_t> shrink_steps{0};
};

SuiteWatch::SuiteWatch() : owner_(int(::getpid())) {
  void* page =
      ::mmap(nullptr, sizeof(Live), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page != MAP_FAILED) live_ = new (page) Live;
}

SuiteWatch::~SuiteWatch() {
  if (live_) ::munmap(live_, sizeof(Live));
}

// A forked copy of the watch (a worker's) keeps off what only its maker's threads share: the
// lock may have been held by another thread when the worker was forked.
bool SuiteWatch::owned() const {
  return int(::getpid()) == owner_;
}

void SuiteWatch::expect_units(std::vector<PropertyResult> names) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  units_.clear();
  for (PropertyResult& name : names) units_.push_back(Unit{std::move(name), {}, {}, {}});
}

void SuiteWatch::unit_started(std::size_t unit) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  if (unit < units_.size() && units_[unit].state == UnitState::Waiting)
    units_[unit].state = UnitState::Started;
}

void SuiteWatch::unit_done(std::size_t unit, std::vector<PropertyResult> rows) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  if (unit >= units_.size()) return;
  units_[unit].state = UnitState::Done;
  units_[unit].rows = std::move(rows);
}

void SuiteWatch::unit_failed_so_far(std::size_t unit, PropertyResult row) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  if (unit < units_.size()) units_[unit].failed_so_far = std::move(row);
}

void SuiteWatch::set_head(TargetSummary head) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  head_ = std::move(head);
}

void SuiteWatch::set_finishing(
    std::function<std::vector<PropertyResult>(std::vector<PropertyResult>)> finish) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  finish_ = std::move(finish);
}

void SuiteWatch::set_final(std::vector<PropertyResult> rows) {
  if (!owned()) return;
  const std::lock_guard lock(mutex_);
  final_ = std::move(rows);
  finish_ = nullptr;
}

void SuiteWatch::property_started(std::string_view name, int budget) {
  if (!live_) return;
  live_->sequence.fetch_add(1);
  const std::size_t length = std::min(name.size(), std::size(live_->name) - 1);
  for (std::size_t i = 0; i < std::size(live_->name); ++i)
    live_->name[i].store(i < length ? name[i] : '\0', std::memory_order_relaxed);
  live_->budget.store(budget);
  live_->cases.store(0);
  live_->shrink_steps.store(0);
  live_->sequence.fetch_add(1);
}

void SuiteWatch::case_passed() {
  if (live_) live_->cases.fetch_add(1, std::memory_order_relaxed);
}

void SuiteWatch::shrink_tried() {
  if (live_) live_->shrink_steps.fetch_add(1, std::memory_order_relaxed);
}

SuiteWatch::Now SuiteWatch::now() const {
  Now now;
  {
    const std::lock_guard lock(mutex_);
    now.total = units_.size();
    for (const Unit& unit : units_) {
      now.done += unit.state == UnitState::Done;
      now.running += unit.state == UnitState::Started;
    }
  }
  // The property at work means something only while one unit runs.
  if (now.running == 1) read_live(now);
  return now;
}

void SuiteWatch::read_live(Now& now) const {
  if (!live_) return;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const std::uint32_t before = live_->sequence.load();
    if (before % 2) continue;
    std::string name;
    for (const std::atomic<char>& c : live_->name) {
      const char read = c.load(std::memory_order_relaxed);
      if (read == '\0') break;
      name += read;
    }
    now.budget = live_->budget.load();
    now.cases = live_->cases.load();
    now.shrink_steps = live_->shrink_steps.load();
    if (live_->sequence.load() != before) continue;
    now.property = std::move(name);
    return;
  }
}

PropertyResult SuiteWatch::interrupted_row(const Unit& unit, const std::string& signal,
                                           bool alone) const {
  PropertyResult row = unit.failed_so_far.value_or(unit.name);
  row.interrupted = true;
  if (row.counterexample) {
    row.note = "stopped by " + signal + " while searching its budget for failures of other causes";
    return row;
  }
  row.passed = false;
  row.note = "stopped by " + signal;
  if (unit.state == UnitState::Waiting) {
    row.note += " before it started";
    return row;
  }
  Now at_work;
  if (alone) read_live(at_work);
  if (at_work.property != unit.name.name) {
    row.note += " before it ended";
    return row;
  }
  row.cases = int(at_work.cases);
  // "37 of 300 cases passed"
  const std::string passed = std::to_string(at_work.cases) + " of " +
                             std::to_string(at_work.budget) +
                             (at_work.budget == 1 ? " case passed" : " cases passed");
  row.note += at_work.shrink_steps ? " while shrinking a failure found after " + passed +
                                         " (not shown: it was not shrunk)"
                                   : " after " + passed;
  return row;
}

SuiteWatch::SoFar SuiteWatch::so_far(const std::string& signal) const {
  const std::lock_guard lock(mutex_);
  SoFar out;
  out.head = head_;
  if (final_) {
    out.rows = *final_;
    return out;
  }
  const auto running = std::count_if(units_.begin(), units_.end(),
                                     [](const Unit& u) { return u.state == UnitState::Started; });
  for (const Unit& unit : units_) {
    if (unit.state == UnitState::Done)
      out.rows.insert(out.rows.end(), unit.rows.begin(), unit.rows.end());
    else
      out.rows.push_back(interrupted_row(unit, signal, running == 1));
  }
  if (finish_) out.rows = finish_(std::move(out.rows));
  return out;
}

}  // namespace zobrist_verify::properties
