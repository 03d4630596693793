#include "zobrist_verify/doors/fault_words.h"

namespace zobrist_verify {

std::string fault_words(FaultEnd end, std::string_view call, std::string_view where,
                        std::string_view how) {
  const char* what = end == FaultEnd::TimedOut      ? "timed out"
                     : end == FaultEnd::Exited      ? "exited"
                     : end == FaultEnd::MemoryLimit ? "exceeded the memory limit"
                                                    : "crashed";
  return std::string(what) + " in " + std::string(call) + std::string(where) + ": " +
         std::string(how);
}

}  // namespace zobrist_verify
