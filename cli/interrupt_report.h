// A report of what a long run found when SIGINT or SIGTERM stops it (Ctrl-C, `timeout`): while
// an InterruptReport lives, the first such signal no longer ends the run at once. A thread of its
// own calls `report` with the signal's name, then ends the run by the signal as before
// (children killed, unfinished reports removed). A second signal ends it at once.
#pragma once

#include <functional>
#include <string>
#include <thread>

namespace zobrist_verify::cli {

class InterruptReport {
 public:
  // `report` prints what the run has found so far; it runs on the reporting thread while the run
  // goes on, so it must read only what is safe to read from there.
  explicit InterruptReport(std::function<void(const std::string& signal)> report);
  // When no signal came: the signal ends the run at once again. When one did: waits for the
  // report and the end of the run, so that no second report is printed.
  ~InterruptReport();
  InterruptReport(const InterruptReport&) = delete;
  InterruptReport& operator=(const InterruptReport&) = delete;

 private:
  int pipe_[2] = {-1, -1};
  std::function<void(const std::string&)> report_;
  std::thread thread_;
};

}  // namespace zobrist_verify::cli
