#include "interrupt_report.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>

#include "zobrist_verify/doors/subprocess.h"

namespace zobrist_verify::cli {

InterruptReport::InterruptReport(std::function<void(const std::string&)> report)
    : report_(std::move(report)) {
  if (::pipe2(pipe_, O_CLOEXEC) != 0) return;  // no report then, only the old way
  thread_ = std::thread([this] {
    unsigned char signal = 0;
    ssize_t n;
    do n = ::read(pipe_[0], &signal, 1);
    while (n < 0 && errno == EINTR);
    if (n != 1 || signal == 0) return;  // the run ended first
    report_(signal == SIGINT ? "SIGINT" : "SIGTERM");
    end_run_by_signal(signal);
  });
  divert_interrupts_to(pipe_[1]);
}

InterruptReport::~InterruptReport() {
  if (!thread_.joinable()) return;
  // Whoever takes the descriptor first, this or a signal, decides: a signal's report ends the
  // run, and join waits for that.
  if (divert_interrupts_to(-1) >= 0) {
    const unsigned char none = 0;
    while (::write(pipe_[1], &none, 1) < 0 && errno == EINTR) {
    }
  }
  thread_.join();
  ::close(pipe_[0]);
  ::close(pipe_[1]);
}

}  // namespace zobrist_verify::cli
