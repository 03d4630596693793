// A target's calls with the exceptions that escape them caught at the call: a C++ plugin throwing
// through the C ABI, or an in-process adapter that throws. Each is said as what it is: the
// exception's type and message, and the call it escaped from.
#pragma once

#include <memory>
#include <string>

#include "zobrist_verify/doors/hash_under_test.h"

namespace zobrist_verify::properties {

// `hash` with every call guarded. In a property case (core/case_log.h, recording_failures()) an
// exception fails the case with a TargetError counterexample on the instance's route; elsewhere
// (convention probes, replay) the call returns an error saying the same.
std::unique_ptr<HashUnderTest> catching_exceptions(std::unique_ptr<HashUnderTest> hash);

// The exception being handled as words: `std::runtime_error ("boom")`, or its type alone when it
// is not a std::exception. Call it only inside a catch block.
std::string current_exception_words();

}  // namespace zobrist_verify::properties
