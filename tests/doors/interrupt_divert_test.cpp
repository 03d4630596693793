// The first SIGINT or SIGTERM of a run goes to its report (divert_interrupts_to). `timeout`
// signals its child and then the child's process group, so one stop can arrive twice within
// microseconds: the repeat must not end the run before the report is written. A signal a second
// or more after the first ends the run at once, and so does the report's own end_run_by_signal.
// Each case runs in a child process, which the signals end.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "zobrist_verify/doors/subprocess.h"

namespace {

using namespace zobrist_verify;

// Exit statuses of the child: what it got through.
constexpr int Survived = 0;
constexpr int NoPipe = 2;
constexpr int NoByte = 3;
constexpr int WrongByte = 4;

// Forks a child that installs the run's signal handling, diverts interrupts to a pipe, raises
// SIGINT, checks that the pipe got the signal's byte and then does `after`; returns its wait
// status.
template <typename After>
int diverted_child(After after) {
  const pid_t child = ::fork();
  if (child == 0) {
    kill_children_on_interrupt();
    int fds[2];
    if (::pipe(fds) != 0) ::_exit(NoPipe);
    divert_interrupts_to(fds[1]);
    ::raise(SIGINT);
    unsigned char byte = 0;
    if (::read(fds[0], &byte, 1) != 1) ::_exit(NoByte);
    if (byte != SIGINT) ::_exit(WrongByte);
    after();
    ::_exit(Survived);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

bool ended_by(int status, int signal) {
  return WIFSIGNALED(status) && WTERMSIG(status) == signal;
}

TEST(InterruptDivert, TheSameStopDeliveredAgainAtOnceLeavesTheReportToFinish) {
  const int status = diverted_child([] {
    ::raise(SIGINT);  // timeout's second delivery, to the group
    ::raise(SIGTERM);
  });
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == Survived)
      << "a repeat within the second ended the run: status " << status;
}

TEST(InterruptDivert, ASignalASecondLaterEndsTheRunAtOnce) {
  const int status = diverted_child([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    ::raise(SIGINT);
  });
  EXPECT_TRUE(ended_by(status, SIGINT)) << "status " << status;
}

TEST(InterruptDivert, TheReportsEndEndsTheRunByTheSignalWithinTheSecond) {
  const int status = diverted_child([] { end_run_by_signal(SIGINT); });
  EXPECT_TRUE(ended_by(status, SIGINT)) << "status " << status;
}

// No report can come when the byte cannot be written: the signal ends the run as if nothing
// were diverted, and is not taken as the first of a stop.
TEST(InterruptDivert, ASignalWhoseByteCannotBeWrittenEndsTheRun) {
  const pid_t child = ::fork();
  if (child == 0) {
    kill_children_on_interrupt();
    int fds[2];
    if (::pipe(fds) != 0) ::_exit(NoPipe);
    divert_interrupts_to(fds[0]);  // the read end: a write to it fails (EBADF)
    ::raise(SIGINT);
    ::_exit(Survived);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(ended_by(status, SIGINT)) << "status " << status;
}

TEST(InterruptDivert, WithNothingDivertedTheFirstSignalEndsTheRun) {
  const pid_t child = ::fork();
  if (child == 0) {
    kill_children_on_interrupt();
    ::raise(SIGTERM);
    ::_exit(Survived);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(ended_by(status, SIGTERM)) << "status " << status;
}

}  // namespace
