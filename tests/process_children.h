// The processes a test's child has left, read from /proc: for tests that check that a run leaves
// nothing behind (no worker still running, no zombie unreaped).
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace zv_test {

// A file of /proc/<pid>/ read whole, or what was read before the process went away: its files
// then fail to read with ESRCH, which std::ifstream turns into an exception
// ("basic_filebuf::underflow error reading the file: No such process").
inline std::string read_proc_file(const std::string& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      text.append(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      break;
    }
  }
  ::close(fd);
  return text;
}

enum class Zombies { Counted, Ignored };

// The processes whose parent is `parent`; zombies (ended, not yet reaped) as `zombies` says.
inline std::vector<pid_t> children_of(pid_t parent, Zombies zombies) {
  std::vector<pid_t> children;
  DIR* proc = ::opendir("/proc");
  if (!proc) return children;
  while (const dirent* entry = ::readdir(proc)) {
    const pid_t pid = std::atoi(entry->d_name);
    if (pid <= 0) continue;
    std::istringstream stat(read_proc_file("/proc/" + std::to_string(pid) + "/stat"));
    std::string line;
    if (!std::getline(stat, line)) continue;
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent && (zombies == Zombies::Counted || state != 'Z')) children.push_back(pid);
  }
  ::closedir(proc);
  return children;
}

}  // namespace zv_test
