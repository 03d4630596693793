// Running the built zobrist-verify binary from a test: its exit code, stdout and stderr, captured
// in files so that no pipe can fill up; and a temporary directory that cleans up after itself.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "process_children.h"

namespace zobrist_verify::testkit {

namespace fs = std::filesystem;

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A fresh directory under the system temp directory, removed when the test ends.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "zv-cli-test-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Processes whose command line holds `marker` (none may outlive the command that started them).
inline int processes_with(const std::string& marker) {
  int found = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string cmdline = zv_test::read_proc_file(entry.path() / "cmdline");
    if (cmdline.find(marker) != std::string::npos) ++found;
  }
  return found;
}

// The processes still running with `marker` once a killed group has had up to two seconds to
// die: SIGKILL is delivered asynchronously, and a loaded machine may run a victim a moment more.
inline int processes_left_with(const std::string& marker) {
  for (int i = 0; i < 40 && processes_with(marker) > 0; ++i) ::usleep(50'000);
  return processes_with(marker);
}

// A word for the command line of the processes a test starts, unique to this test process.
inline std::string unique_marker(const std::string& what) {
  return "zv-marker-" + what + "-" + std::to_string(::getpid());
}

// An environment variable for the commands a test runs (run_cli passes its environment on), set
// while this lives and unset after: e.g. RC_PARAMS=noshrink=1.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const std::string& name, const std::string& value) : name_(name) {
    ::setenv(name_.c_str(), value.c_str(), 1);
  }
  ~ScopedEnvironment() { ::unsetenv(name_.c_str()); }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  std::string name_;
};

// Runs `exec` in a forked child whose stdout and stderr go to files (no pipe can fill up), and
// returns its exit code and what it printed. `exec` replaces the child (execv); if it returns,
// the child exits with 127.
template <class Exec>
RunResult run_captured(const Exec& exec) {
  TempDir dir;
  const fs::path out_path = dir.path() / "stdout";
  const fs::path err_path = dir.path() / "stderr";
  const pid_t child = fork();
  if (child == 0) {
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    exec();
    _exit(127);
  }
  RunResult result;
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child) return result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_file(out_path);
  result.err = read_file(err_path);
  return result;
}

#ifdef ZV_PLUGIN_DIR
// The path of a plugin the build made for the tests (tests/plugins/CMakeLists.txt), named
// without its ".so".
inline std::string test_plugin(const std::string& name) {
  return std::string(ZV_PLUGIN_DIR) + "/" + name + ".so";
}
#endif

// Runs the CLI with `args`, stdout and stderr captured.
inline RunResult run_cli(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string program = ZV_CLI_PATH;
  argv.push_back(program.data());
  std::vector<std::string> copies = args;
  for (std::string& arg : copies) argv.push_back(arg.data());
  argv.push_back(nullptr);
  return run_captured([&] { execv(argv[0], argv.data()); });
}

// The lines of a command's output, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The command names of the usage's "commands:" list, in order (the command table's rows).
inline std::vector<std::string> listed_commands() {
  std::vector<std::string> names;
  bool in_list = false;
  for (const std::string& line : lines_of(run_cli({"--help"}).out)) {
    if (line == "commands:") {
      in_list = true;
    } else if (in_list && line.empty()) {
      break;
    } else if (in_list && line.size() > 2 && line[2] != ' ') {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return names;
}

// Runs `line` as a POSIX shell runs a pasted command (/bin/sh -c), in the folder `cwd`, stdout and
// stderr captured: how a printed reproduction is checked to reproduce, and to run nothing else.
inline RunResult run_shell(const std::string& line, const fs::path& cwd) {
  return run_captured([&] {
    if (chdir(cwd.c_str()) == 0)
      execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
  });
}

// The rest of the first line of `text` after `label` ("  replay:    "), or "" when none has it.
inline std::string line_after(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + label.size();
  return text.substr(begin, text.find('\n', begin) - begin);
}

}  // namespace zobrist_verify::testkit
