#include "zobrist_verify/doors/fault_words.h"

namespace zobrist_verify {

const char* fault_verb(FaultEnd end) {
  switch (end) {
    case FaultEnd::Finished:
      return "finished";
    case FaultEnd::Crashed:
      return "crashed";
    case FaultEnd::TimedOut:
      return "timed out";
    case FaultEnd::Exited:
      return "exited";
    case FaultEnd::MemoryLimit:
      return "exceeded the memory limit";
  }
  return "crashed";
}

std::string fault_words(FaultEnd end, std::string_view call, std::string_view where,
                        std::string_view how) {
  return std::string(fault_verb(end)) + " in " + std::string(call) + std::string(where) + ": " +
         std::string(how);
}

}  // namespace zobrist_verify
