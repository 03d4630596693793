#include "plugin_stdout.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace zobrist_verify::cli {

namespace {

// What this process wrote before the switch goes where it was meant to; what the plugin wrote
// through C stdio, buffered, goes to stderr before the switch back.
void flush_both() {
  std::cout.flush();
  std::fflush(stdout);
}

}  // namespace

PluginStdoutAside::PluginStdoutAside(bool active) {
  if (!active) return;
  flush_both();
  saved_stdout_ = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (saved_stdout_ >= 0) ::dup2(STDERR_FILENO, STDOUT_FILENO);
}

PluginStdoutAside::~PluginStdoutAside() {
  end();
}

void PluginStdoutAside::end() {
  if (saved_stdout_ < 0) return;
  flush_both();
  ::dup2(saved_stdout_, STDOUT_FILENO);
  ::close(saved_stdout_);
  saved_stdout_ = -1;
}

}  // namespace zobrist_verify::cli
