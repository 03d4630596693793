// How a fault of the code under test reads: the one wording for every door and command, whether
// the code ran in a worker of ours (a plugin, behind properties/isolation) or in a process of its
// own (an engine): "crashed in key on the start position: killed by signal 11 (Segmentation
// fault)", "timed out in its reply to 'position startpos' then 'd': no whole reply within 300 ms".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace zobrist_verify {

// How a piece of code under test ended: the one vocabulary of a crash or a hang, for a plugin's
// forked worker (properties/isolation's ChildRun::End is this type) and an engine's process alike.
enum class FaultEnd : std::uint8_t {
  Finished,     // it did not fail: the work returned (no fault to word)
  Crashed,      // killed by a signal in the middle of a call
  TimedOut,     // one call outlasted its deadline and was killed
  Exited,       // ended its process (exit(), _exit()) in the middle of a call
  MemoryLimit,  // its resident memory went past the limit and it was killed
};

// "crashed", "timed out", "exited", "exceeded the memory limit" ("finished" for Finished).
const char* fault_verb(FaultEnd end);

// "<fault_verb> in <call><where>: <how>"; `where` starts with its own space (" on the start
// position") or is empty.
std::string fault_words(FaultEnd end, std::string_view call, std::string_view where,
                        std::string_view how);

}  // namespace zobrist_verify
