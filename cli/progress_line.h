// A progress line on stderr for long runs: shown only on a terminal and only once the run has
// taken about two seconds, rewritten in place, and erased when the run ends.
#pragma once

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string>

namespace zobrist_verify::cli {

class ProgressLine {
 public:
  ProgressLine() : terminal_(isatty(STDERR_FILENO) == 1), start_(Clock::now()) {}
  // Erases the line once one may have been shown, by this process or by a forked worker that
  // inherited this object (it cannot erase its own line).
  ~ProgressLine() {
    if (shown_ || due()) std::cerr << "\r\033[K" << std::flush;
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Whether a line would be shown now (so that callers build the text only then).
  bool due() const { return terminal_ && Clock::now() - start_ >= std::chrono::seconds(2); }
  void show(const std::string& text) {
    if (!due()) return;
    shown_ = true;
    std::cerr << "\r\033[K" << text << std::flush;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool terminal_;
  bool shown_ = false;
  Clock::time_point start_;
};

}  // namespace zobrist_verify::cli
