// file_io in process, for what the command-line tests cannot reach: a report to "-" goes to
// standard output as written, a report is finished once, an output that became one of the run's
// inputs after it was opened is still never replaced, and a short read of a FIFO streams it.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "cli_runner.h"
#include "zobrist_verify/core/file_io.h"

namespace {

using namespace zobrist_verify;
using zobrist_verify::testkit::TempDir;
namespace fs = std::filesystem;

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Standard output sent to a file for the life of the object.
class CapturedStdout {
 public:
  explicit CapturedStdout(const fs::path& path) {
    std::cout.flush();
    std::fflush(stdout);
    saved_ = ::dup(STDOUT_FILENO);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(fd, STDOUT_FILENO);
    ::close(fd);
  }
  ~CapturedStdout() {
    std::cout.flush();
    std::fflush(stdout);
    ::dup2(saved_, STDOUT_FILENO);
    ::close(saved_);
  }

 private:
  int saved_ = -1;
};

TEST(OutputFile, ADashIsStandardOutputWrittenInPlace) {
  TempDir dir;
  const fs::path captured = dir.path() / "stdout";
  {
    CapturedStdout capture(captured);
    std::cout << "before ";
    auto out = OutputFile::open("-", "the JSON report");
    ASSERT_TRUE(out) << out.error();
    out->stream() << "{\"passed\": true}\n";
    ASSERT_TRUE(out->finish());
  }
  // What the run printed before the report comes first: the report does not overtake it.
  EXPECT_EQ(contents(captured), "before {\"passed\": true}\n");
  // No temporary file was made for it.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(OutputFile, IsFinishedOnceAndASecondFinishSaysSo) {
  TempDir dir;
  const std::string path = (dir.path() / "report.txt").string();
  auto out = OutputFile::open(path, "the report");
  ASSERT_TRUE(out) << out.error();
  out->stream() << "text\n";
  ASSERT_TRUE(out->finish());
  auto again = out->finish();
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error(), "cannot write the report to " + path + ": already written");
  EXPECT_EQ(contents(path), "text\n");
}

TEST(OutputFile, AFileDeclaredAnInputAfterTheReportWasOpenedIsNotReplaced) {
  TempDir dir;
  const fs::path path = dir.path() / "keys.txt";
  std::ofstream(path) << "0x1\n";
  auto out = OutputFile::open(path.string(), "the report");
  ASSERT_TRUE(out) << out.error();
  out->stream() << "report\n";
  declare_input(path.string(), "key list");
  auto finished = out->finish();
  ASSERT_FALSE(finished);
  EXPECT_NE(finished.error().find("it is the same file as the key list"), std::string::npos)
      << finished.error();
  EXPECT_EQ(contents(path), "0x1\n");
  // And no temporary file is left beside it.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(ReadInput, AFifoIsStreamedWithinTheCap) {
  TempDir dir;
  const fs::path fifo = dir.path() / "suite.epd";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] { std::ofstream(fifo) << std::string(100, 'x'); });
  auto text = read_input(fifo.string(), 1 * MiB, "a perft suite");
  writer.join();
  ASSERT_TRUE(text) << text.error();
  EXPECT_EQ(*text, std::string(100, 'x'));
}

TEST(ReadInput, AFifoLongerThanTheCapIsRefusedNamingTheLimit) {
  TempDir dir;
  const fs::path fifo = dir.path() / "keys.txt";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The writer is cut off when the reader stops at the cap: its write fails with EPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    const std::string block(4096, '1');
    for (int i = 0; i < 300; ++i)
      if (::write(fd, block.data(), block.size()) < 0) break;
    ::close(fd);
  });
  auto text = read_input(fifo.string(), 1 * MiB, "a key list");
  writer.join();
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().find("more than 1 MiB, the limit for a key list"), std::string::npos)
      << text.error();
}

}  // namespace
