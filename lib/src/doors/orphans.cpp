#include "zobrist_verify/doors/orphans.h"

#include <dirent.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace zobrist_verify {

namespace {

// The parent of process `pid` from /proc/PID/stat ("pid (comm) state ppid ..."; comm may hold
// spaces and parentheses, so the fields are read after its last ')'), or -1.
pid_t parent_of(const char* pid) {
  std::ifstream file(std::string("/proc/") + pid + "/stat");
  std::string stat;
  if (!std::getline(file, stat)) return -1;
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(stat.substr(close + 1));
  char state = 0;
  long parent = -1;
  fields >> state >> parent;
  return fields ? pid_t(parent) : -1;
}

// This process's children, zombies included (the kernel here may lack /proc/PID/task/*/children).
std::vector<pid_t> my_children() {
  std::vector<pid_t> children;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return children;
  const pid_t me = ::getpid();
  while (const dirent* entry = ::readdir(proc)) {
    if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
    if (parent_of(entry->d_name) == me) children.push_back(pid_t(std::atol(entry->d_name)));
  }
  ::closedir(proc);
  return children;
}

}  // namespace

void adopt_orphans() {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

int end_leftover_children() {
  int ended = 0;
  // A killed child's own children come to this process next: a few rounds end a tree.
  for (int round = 0; round < 64; ++round) {
    const std::vector<pid_t> children = my_children();
    if (children.empty()) break;
    for (pid_t child : children) ::kill(child, SIGKILL);
    for (pid_t child : children)
      if (::waitpid(child, nullptr, 0) == child) ++ended;
  }
  return ended;
}

}  // namespace zobrist_verify
