#include "zobrist_verify/doors/fault_words.h"

namespace zobrist_verify {

std::string fault_words(FaultEnd end, std::string_view call, std::string_view where,
                        std::string_view how) {
  return std::string(end == FaultEnd::TimedOut ? "timed out" : "crashed") + " in " +
         std::string(call) + std::string(where) + ": " + std::string(how);
}

}  // namespace zobrist_verify
