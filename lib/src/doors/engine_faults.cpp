#include "zobrist_verify/doors/engine_faults.h"

#include "zobrist_verify/doors/fault_words.h"

namespace zobrist_verify {

std::string engine_words(std::string_view name) {
  return "engine '" + std::string(name) + "'";
}

Error reply_timed_out(std::string_view name, std::string_view asked,
                      std::chrono::milliseconds timeout) {
  return Error{engine_words(name) + " " +
                   fault_words(FaultEnd::TimedOut, "its reply to " + std::string(asked), "",
                               "no whole reply within " + std::to_string(timeout.count()) + " ms"),
               ErrorKind::TimedOut};
}

Error died_answering(std::string_view name, std::string_view asked, std::string_view how) {
  return Error{engine_words(name) + " " +
                   fault_words(FaultEnd::Crashed, "its reply to " + std::string(asked), "", how),
               ErrorKind::Crashed};
}

Error reply_flooded(std::string_view name, std::string_view asked, int lines,
                    std::string_view end) {
  return Error{engine_words(name) + " printed " + std::to_string(lines) + " lines without '" +
                   std::string(end) + "' in its reply to " + std::string(asked),
               ErrorKind::Crashed};
}

Error not_running_for(std::string_view asked) {
  return Error{"the engine is not running for " + std::string(asked), ErrorKind::Crashed};
}

Error died_before_taking_alone(std::string_view position_command, std::string_view how) {
  return Error{"the engine died before it took " + std::string(position_command) + " alone (" +
                   std::string(how) + ")",
               ErrorKind::Crashed};
}

Error gave_up_restarting(std::string_view name, int restarts, std::string_view last_fault) {
  return Error{"not asked: " + engine_words(name) + " is not restarted again after " +
                   std::to_string(restarts) +
                   " restarts (the last fault: " + std::string(last_fault) + ")",
               ErrorKind::GaveUp};
}

Error could_not_restart(std::string_view why) {
  return Error{"not asked: the engine could not be restarted: " + std::string(why),
               ErrorKind::GaveUp};
}

Error answered_badly(std::string_view name, std::string_view asked, std::string_view why) {
  return Error{
      engine_words(name) + " answered " + std::string(asked) + " badly: " + std::string(why),
      ErrorKind::AnsweredBadly};
}

}  // namespace zobrist_verify
