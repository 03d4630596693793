// The UCI engine driver against fake engines: small /bin/sh scripts that answer correctly, exit,
// hang, crash or print garbage. Each fake engine `exec`s any long-running command so that killing
// the engine's process kills everything it started.
#include "zobrist_verify/doors/uci_engine.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace zobrist_verify {
namespace {

using std::chrono::milliseconds;

using Clock = std::chrono::steady_clock;

// A shell engine that answers uci, isready and quit, plus the `extra` case arms.
std::vector<std::string> fake_engine(const std::string& extra = "") {
  return {"/bin/sh", "-c",
          "while read -r line; do case \"$line\" in "
          "uci) echo 'id name Fake Engine'; echo uciok;; "
          "isready) echo readyok;; "
          "quit) exit 0;; " +
              extra + " esac; done"};
}

// A shell engine running `script` as it is.
std::vector<std::string> script_engine(const std::string& script) {
  return {"/bin/sh", "-c", script};
}

EngineTimeouts short_timeouts() {
  EngineTimeouts timeouts;
  timeouts.handshake = milliseconds(2000);
  timeouts.reply = milliseconds(300);
  timeouts.write = milliseconds(300);
  timeouts.quit = milliseconds(200);
  return timeouts;
}

// Whether `text` contains `part`; on failure shows both.
testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

// True when this process has no child left, running or zombie.
bool no_child_processes() {
  errno = 0;
  return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

bool process_gone(pid_t pid) {
  errno = 0;
  return ::kill(pid, 0) == -1 && errno == ESRCH;
}

std::size_t open_descriptor_count() {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    ++count;
  }
  return count;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

TEST(UciHandshake, ReadsTheLastNameMadeVisibleAndEveryOptionName) {
  const UciHandshake handshake = read_uci_handshake({
      "Some Engine 1.0 by someone",
      "id name First",
      "id name Odd\x1b[31m\xff engine",
      "id author Someone",
      "option name  Spaced  Name  type check default false",
      "option name UCI_Chess960 type check default false",
      "option name",
      "option nom Other type spin",
      "uciok",
  });
  EXPECT_EQ(handshake.name, "Odd\\x1b[31m\\xff engine");
  EXPECT_EQ(handshake.option_names, (std::vector<std::string>{"Spaced  Name", "UCI_Chess960"}));
}

TEST(UciHandshake, AHugeNameIsCutAndMarkedSinceItGoesIntoEveryRow) {
  const std::string name =
      read_uci_handshake({"id name " + std::string(100'000, 'x'), "uciok"}).name;
  EXPECT_EQ(name, std::string(100, 'x') + "...");
}

TEST(UciHandshake, AnEngineWithoutANameGivesNone) {
  EXPECT_EQ(read_uci_handshake({"id author Someone", "id name", "uciok"}).name, "");
}

TEST(UciEngineStart, MissingProgramIsReportedWithItsPathAndTheSystemReason) {
  auto engine = UciEngine::start({"/nonexistent/zv-engine"}, short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "/nonexistent/zv-engine"));
  EXPECT_TRUE(contains(engine.error(), "No such file or directory"));
}

TEST(UciEngineStart, NonExecutableFileIsReportedAsPermissionDenied) {
  std::string path = testing::TempDir() + "zv_not_executable_XXXXXX";
  int fd = ::mkstemp(path.data());
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "#!/bin/sh\n", 10), 10);
  ::close(fd);
  ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
  auto engine = UciEngine::start({path}, short_timeouts());
  ::unlink(path.c_str());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), path));
  EXPECT_TRUE(contains(engine.error(), "Permission denied"));
}

TEST(UciEngineStart, EmptyCommandIsAnError) {
  auto engine = UciEngine::start({}, short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "empty"));
}

TEST(UciEngineStart, BareProgramNameIsSearchedInPath) {
  auto engine = UciEngine::start({"sh", "-c", fake_engine()[2]}, short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  EXPECT_EQ(engine->name(), "Fake Engine");
}

TEST(UciEngineStart, EngineThatExitsImmediatelyIsReportedWithItsExitStatus) {
  auto engine = UciEngine::start(script_engine("exit 3"), short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "exited with status 3"));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngineStart, ExitReportIncludesWhatTheEngineWroteToStderr) {
  auto engine =
      UciEngine::start(script_engine("echo 'cannot load net.nnue' >&2; exit 2"), short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "exited with status 2"));
  EXPECT_TRUE(contains(engine.error(), "cannot load net.nnue"));
}

TEST(UciEngineStart, EngineKilledBySignalIsReportedWithTheSignal) {
  auto engine = UciEngine::start(script_engine("read -r line; kill -TERM $$"), short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "killed by signal 15"));
}

TEST(UciEngineStart, HandshakeTimeoutFiresOnTimeAndReapsTheEngine) {
  std::string pid_file = testing::TempDir() + "zv_hanging_engine.pid";
  EngineTimeouts timeouts = short_timeouts();
  timeouts.handshake = milliseconds(300);
  auto start = Clock::now();
  // exec keeps the shell's pid, so the file names the very process that hangs.
  auto engine =
      UciEngine::start(script_engine("echo $$ > '" + pid_file + "'; exec sleep 30"), timeouts);
  double elapsed = seconds_since(start);
  ASSERT_FALSE(engine);
  EXPECT_TRUE(contains(engine.error(), "'uciok' in reply to 'uci' within 300 ms"));
  EXPECT_LT(elapsed, 1.5);
  pid_t pid = 0;
  std::ifstream(pid_file) >> pid;
  ::unlink(pid_file.c_str());
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(process_gone(pid));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, ReadyTimeoutFiresOnTimeAndKillsAndReapsTheEngine) {
  auto engine =
      UciEngine::start(script_engine("read -r line; echo uciok; exec sleep 30"), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  pid_t pid = engine->pid();
  auto start = Clock::now();
  auto ready = engine->wait_ready();
  double elapsed = seconds_since(start);
  ASSERT_FALSE(ready);
  EXPECT_TRUE(contains(ready.error(), "'readyok' in reply to 'isready' within 300 ms"));
  EXPECT_LT(elapsed, 1.0);
  EXPECT_FALSE(engine->running());
  EXPECT_TRUE(process_gone(pid));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, CallsAfterAFaultRepeatTheFirstFault) {
  auto engine =
      UciEngine::start(script_engine("read -r line; echo uciok; exec sleep 30"), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  ASSERT_FALSE(engine->wait_ready());
  auto again = engine->display();
  ASSERT_FALSE(again);
  EXPECT_TRUE(contains(again.error(), "not running"));
  EXPECT_TRUE(contains(again.error(), "'readyok' in reply to 'isready'"));
}

TEST(UciEngine, CloseLetsAnEngineThatObeysQuitExitNormally) {
  auto engine = UciEngine::start(fake_engine(), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  EXPECT_EQ(engine->close(), "exited with status 0");
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, CloseKillsAnEngineThatIgnoresQuitAfterTheGracePeriod) {
  auto engine =
      UciEngine::start(script_engine("read -r line; echo uciok; exec sleep 30"), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  pid_t pid = engine->pid();
  auto start = Clock::now();
  std::string ended = engine->close();
  EXPECT_LT(seconds_since(start), 1.0);
  EXPECT_TRUE(contains(ended, "killed by signal 9"));
  EXPECT_TRUE(process_gone(pid));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, DestructorReapsTheEngine) {
  pid_t pid = 0;
  {
    auto engine = UciEngine::start(script_engine("read -r line; echo uciok; exec sleep 30"),
                                   short_timeouts());
    ASSERT_TRUE(engine) << engine.error();
    pid = engine->pid();
  }
  EXPECT_TRUE(process_gone(pid));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, StartingAndClosingEnginesLeavesNoDescriptorOpen) {
  const auto before = open_descriptor_count();
  for (int i = 0; i < 3; ++i) {
    auto engine = UciEngine::start(fake_engine(), short_timeouts());
    ASSERT_TRUE(engine) << engine.error();
    engine->close();
  }
  ASSERT_FALSE(UciEngine::start({"/nonexistent/zv-engine"}, short_timeouts()));
  EXPECT_EQ(open_descriptor_count(), before);
}

TEST(UciEngine, MovedEngineIsClosedOnlyOnceByItsNewOwner) {
  auto engine = UciEngine::start(fake_engine(), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  UciEngine owner = std::move(*engine);
  EXPECT_FALSE(engine->running());
  ASSERT_TRUE(owner.wait_ready());
  EXPECT_EQ(owner.close(), "exited with status 0");
}

TEST(UciEngine, WritingToAnEngineThatClosedItsInputIsAnErrorNotSigpipe) {
  // The engine closes its stdin but keeps running: the write fails with EPIPE and raises SIGPIPE,
  // whose default action would end this test program.
  auto engine = UciEngine::start(
      script_engine("read -r line; exec 0<&-; echo uciok; exec sleep 30"), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto sent = engine->send_line("isready");
  ASSERT_FALSE(sent);
  EXPECT_TRUE(contains(sent.error(), "no longer reads its input"));
  sigset_t pending;
  sigemptyset(&pending);
  ASSERT_EQ(::sigpending(&pending), 0);
  EXPECT_FALSE(sigismember(&pending, SIGPIPE));
  sigset_t mask;
  ASSERT_EQ(::pthread_sigmask(SIG_BLOCK, nullptr, &mask), 0);
  EXPECT_FALSE(sigismember(&mask, SIGPIPE));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, SendLineRejectsAnEmbeddedNewline) {
  auto engine = UciEngine::start(fake_engine(), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto sent = engine->send_line("isready\nquit");
  ASSERT_FALSE(sent);
  EXPECT_TRUE(contains(sent.error(), "newline"));
  EXPECT_TRUE(engine->running());
}

TEST(UciEngine, ReadLineTimeoutLeavesTheEngineUsable) {
  auto engine = UciEngine::start(fake_engine(), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto line = engine->read_line(milliseconds(50));
  ASSERT_FALSE(line);
  EXPECT_TRUE(contains(line.error(), "no line within 50 ms"));
  EXPECT_TRUE(engine->wait_ready());
}

TEST(UciEngine, DisplayReturnsTheFenAndKeyOfAStockfishStyleReply) {
  auto engine = UciEngine::start(fake_engine("d) echo; echo 'Fen: 8/8/8/8/8/8/8/K6k w - - 20 40'; "
                                             "echo 'Key: EE2D40B383CB676F'; echo 'Checkers: ';; "),
                                 short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto shown = engine->display();
  ASSERT_TRUE(shown) << shown.error();
  EXPECT_EQ(shown->fen, "8/8/8/8/8/8/8/K6k w - - 20 40");
  EXPECT_EQ(shown->key, 0xEE2D40B383CB676FULL);
  EXPECT_EQ(shown->checkers, "");
}

TEST(UciEngine, DisplayRejectsAKeyThatIsNotHexadecimal) {
  auto engine = UciEngine::start(
      fake_engine("d) echo 'Fen: garbage'; echo 'Key: not-a-key'; echo 'Checkers:';; "),
      short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto shown = engine->display();
  ASSERT_FALSE(shown);
  EXPECT_TRUE(contains(shown.error(), "'Key: not-a-key'"));
  EXPECT_TRUE(contains(shown.error(), "not hexadecimal"));
}

TEST(UciEngine, DisplayWithAMalformedReplyLeavesTheEngineUsable) {
  auto engine = UciEngine::start(fake_engine("d) echo 'Checkers:';; "), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto shown = engine->display();
  ASSERT_FALSE(shown);
  EXPECT_TRUE(contains(shown.error(), "no 'Fen:' line"));
  EXPECT_TRUE(engine->wait_ready());
}

TEST(UciEngine, DisplayTimesOutWhenTheReplyNeverEndsAndShowsWhatCame) {
  auto engine = UciEngine::start(fake_engine("d) echo 'hello from garbage';; "), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto start = Clock::now();
  auto shown = engine->display();
  EXPECT_LT(seconds_since(start), 1.0);
  ASSERT_FALSE(shown);
  EXPECT_TRUE(contains(shown.error(), "'Checkers:' in reply to 'd' within 300 ms"));
  EXPECT_TRUE(contains(shown.error(), "hello from garbage"));
  EXPECT_TRUE(no_child_processes());
}

TEST(UciEngine, DisplayGivesUpOnAnEndlessFloodOfLines) {
  auto engine =
      UciEngine::start(fake_engine("d) while :; do echo garbage; done;; "), short_timeouts());
  ASSERT_TRUE(engine) << engine.error();
  auto shown = engine->display();
  ASSERT_FALSE(shown);
  EXPECT_TRUE(contains(shown.error(), "1000 lines without 'Checkers:'"));
  EXPECT_TRUE(no_child_processes());
}

TEST(ParseDisplayedPosition, ReadsTheLinesStockfish15Prints) {
  // The tail of Stockfish 15.1's reply to `d` after "position startpos moves e2e4 d7d5 e4e5 f7f5".
  std::vector<std::string> lines = {
      "   a   b   c   d   e   f   g   h", "",
      "Fen: rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "Key: ADE7FE481DD0D8FA",
      "Checkers: "};
  auto shown = parse_displayed_position(lines);
  ASSERT_TRUE(shown) << shown.error();
  EXPECT_EQ(shown->fen, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  EXPECT_EQ(shown->key, 0xADE7FE481DD0D8FAULL);
}

TEST(ParseDisplayedPosition, KeepsTheCheckersAsPrinted) {
  auto shown = parse_displayed_position({"Fen: x", "Key: 1", "Checkers: e1 h4 "});
  ASSERT_TRUE(shown) << shown.error();
  EXPECT_EQ(shown->checkers, "e1 h4");
}

TEST(ParseHexKey, AcceptsEitherCase) {
  auto key = parse_hex_key("aBcDeF0123456789");
  ASSERT_TRUE(key) << key.error();
  EXPECT_EQ(*key, 0xABCDEF0123456789ULL);
}

TEST(ParseHexKey, RejectsSeventeenDigits) {
  auto key = parse_hex_key("10000000000000000");
  ASSERT_FALSE(key);
  EXPECT_TRUE(contains(key.error(), "more than 16"));
}

TEST(ParseHexKey, RejectsAnEmptyKey) {
  EXPECT_FALSE(parse_hex_key(""));
}

TEST(ParseHexKey, AcceptsAHexPrefix) {
  auto key = parse_hex_key("0x00000000000000a2");
  ASSERT_TRUE(key) << key.error();
  EXPECT_EQ(*key, 0xA2ULL);
}

TEST(ParseHexKey, RejectsAPrefixWithoutDigits) {
  EXPECT_FALSE(parse_hex_key("0x"));
}

TEST(PositionCommand, UsesStartposForTheStartingPosition) {
  EXPECT_EQ(position_command("startpos", "e2e4 e7e5"), "position startpos moves e2e4 e7e5");
}

TEST(PositionCommand, UsesFenAndOmitsMovesWhenThereAreNone) {
  EXPECT_EQ(position_command("8/8/8/8/8/8/8/K6k w - - 0 1", ""),
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1");
}

}  // namespace
}  // namespace zobrist_verify
