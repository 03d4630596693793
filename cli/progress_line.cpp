#include "progress_line.h"

#include <unistd.h>

#include <iostream>

namespace zobrist_verify::cli {

Expected<std::chrono::seconds> progress_lines_option(const ParsedArgs& args) {
  if (auto text = args.value("--progress-every")) {
    auto seconds = parse_int_in_range(*text, "--progress-every", 1, 3600);
    if (!seconds) return Error{seconds.error()};
    return std::chrono::seconds(*seconds);
  }
  return std::chrono::seconds(args.has("--progress") ? 10 : 0);
}

ProgressLine::ProgressLine(std::chrono::seconds lines_every)
    : terminal_(isatty(STDERR_FILENO) == 1),
      lines_(lines_every.count() > 0 && !terminal_),
      lines_every_(lines_every),
      last_line_(Clock::now()),
      start_(Clock::now()),
      last_drawn_(start_) {}

ProgressLine::~ProgressLine() {
  if (terminal_ && (shown_ || due())) std::cerr << "\r\033[K" << std::flush;
}

void ProgressLine::show(const std::string& text) {
  if (!due()) return;
  const Clock::time_point now = Clock::now();
  std::lock_guard lock(mutex_);
  if (lines_) {
    last_line_.store(now);
    std::cerr << text << '\n' << std::flush;
    return;
  }
  if (shown_ && now - last_drawn_ < std::chrono::milliseconds(100)) return;
  shown_ = true;
  last_drawn_ = now;
  std::cerr << "\r\033[K" << text << std::flush;
}

void ProgressLine::clear() {
  if (!terminal_) return;
  std::lock_guard lock(mutex_);
  if (!shown_) return;
  shown_ = false;
  std::cerr << "\r\033[K" << std::flush;
}

PolledProgress::PolledProgress(std::function<std::string()> status,
                               std::chrono::seconds lines_every)
    : line_(lines_every), status_(std::move(status)) {
  if (!line_.active()) return;  // nothing would be shown: no thread
  thread_ = std::thread([this] {
    while (!stop_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      if (!stop_.load() && line_.due()) line_.show(status_());
    }
  });
}

PolledProgress::~PolledProgress() {
  finish();
}

void PolledProgress::finish() {
  stop_.store(true);
  if (thread_.joinable()) thread_.join();
  line_.clear();
}

}  // namespace zobrist_verify::cli
