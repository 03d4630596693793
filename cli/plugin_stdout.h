// With --no-isolation a plugin runs in this process, and what it prints on stdout would go into
// the report (a --json document). Around its work descriptor 1 is stderr, as in a worker
// (properties/isolation/forked_run.cpp); the report, written after, goes to the real stdout.
#pragma once

namespace zobrist_verify::cli {

class PluginStdoutAside {
 public:
  // Does nothing unless `active` (the plugin runs here, not in workers).
  explicit PluginStdoutAside(bool active);
  ~PluginStdoutAside();
  PluginStdoutAside(const PluginStdoutAside&) = delete;
  PluginStdoutAside& operator=(const PluginStdoutAside&) = delete;
  // Descriptor 1 is stdout again from now on (a report printed before the run ends: an
  // interrupted run's). Not while another thread may end it too.
  void end();

 private:
  int saved_stdout_ = -1;
};

}  // namespace zobrist_verify::cli
