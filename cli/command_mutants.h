// `zobrist-verify mutants`: the property suite against the mutation catalogue.
#pragma once

#include <span>
#include <string>

namespace zobrist_verify::cli {

// Takes the words after "mutants" and returns the exit code (ExitCode in args.h): 0 when every
// mutant is killed, 1 when one survives, 2 on a usage error.
int run_mutants(std::span<const std::string> args);

}  // namespace zobrist_verify::cli
